import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import { registrationStatusCounts } from '@klinikita/domain/registrations/registrations.contract';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../shared/api/contract-client.ts';
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
    queryFn: () =>
      fetchData(registrationStatusCounts, { query: registrationQuery(params!) }, { service: 'registration' }),
    enabled: params !== null,
  });
  const counts: StatusCounts = query.data ?? {};
  return counts;
}
