import { getDisplayLink, renewDisplayLink } from '@klinikita/domain/registrations/registrations.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData } from '../../../shared/api/contract-client.ts';

const displayLinkKey = (clinicId: number | null) => ['display-link', clinicId] as const;

/** `GET registrations/display-link?clinicId=`: the clinic's waiting-room display link, if any. */
export const useDisplayLink = (clinicId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: displayLinkKey(clinicId),
    queryFn: () => fetchData(getDisplayLink, { query: { clinicId: clinicId! } }),
    enabled: enabled && clinicId !== null,
  });

/** `POST registrations/display-link`: a new link; the old one stops working. */
export const useRenewDisplayLink = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clinicId: number) => call(renewDisplayLink, { body: { clinicId } }),
    onSuccess: (res, clinicId) => client.setQueryData(displayLinkKey(clinicId), res.data),
  });
};
