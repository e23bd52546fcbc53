import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';
import {
  type RegistrationListParams,
  registrationQuery,
  registrationsKey,
} from '../../../shared/registrations/registrations-api.ts';

export type StatusCounts = Partial<Record<RegistrationStatus, number>>;

/**
 * How many registrations each status holds under the board's other filters, in one call. It lives
 * under ['registrations'], so live events refresh it.
 */
export function useStatusCounts(params: Omit<RegistrationListParams, 'status' | 'page' | 'limit'> | null) {
  const query = useQuery({
    queryKey: [...registrationsKey, 'counts', params],
    queryFn: async () =>
      (
        await api<Record<RegistrationStatus, number>>('registrations/registrations/counts', {
          query: registrationQuery(params!),
          service: 'registration',
        })
      ).data!,
    enabled: params !== null,
  });
  return (query.data ?? {}) as StatusCounts;
}
