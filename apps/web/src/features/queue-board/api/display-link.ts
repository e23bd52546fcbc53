import type { DisplayLink } from '@klinikita/domain/registrations/registration.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

const displayLinkKey = (clinicId: number | null) => ['display-link', clinicId] as const;

/** `GET registrations/display-link?clinicId=`: the clinic's waiting-room display link, if any. */
export const useDisplayLink = (clinicId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: displayLinkKey(clinicId),
    queryFn: async () =>
      (await api<DisplayLink>('registrations/display-link', { query: { clinicId: clinicId! } })).data!,
    enabled: enabled && clinicId !== null,
  });

/** `POST registrations/display-link`: a new link; the old one stops working. */
export const useRenewDisplayLink = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clinicId: number) =>
      api<DisplayLink>('registrations/display-link', { method: 'POST', body: { clinicId } }),
    onSuccess: (res, clinicId) => client.setQueryData(displayLinkKey(clinicId), res.data),
  });
};
