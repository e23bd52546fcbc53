import {
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';
import {
  type RegistrationListParams,
  type RegistrationPage,
  registrationQuery,
  registrationsKey,
} from '../../../shared/registrations/registrations-api.ts';

export type StatusCounts = Partial<Record<RegistrationStatus, number>>;

/**
 * How many registrations each status holds under the board's other filters: one one-row page per
 * status, read for its totalDocs. They live under ['registrations'], so live events refresh them.
 */
export function useStatusCounts(params: Omit<RegistrationListParams, 'status' | 'page' | 'limit'> | null) {
  return useQueries({
    queries: REGISTRATION_STATUSES.map((status) => {
      const query = params && { ...params, status: [status], limit: 1, page: 1 };
      return {
        queryKey: [...registrationsKey, 'count', query],
        queryFn: async () =>
          (
            await api<RegistrationPage>('registrations/registrations', {
              query: registrationQuery(query!),
              service: 'registration',
            })
          ).data!.totalDocs,
        enabled: query !== null,
      };
    }),
    combine: (results): StatusCounts =>
      Object.fromEntries(
        REGISTRATION_STATUSES.flatMap((status, i) => {
          const count = results[i].data;
          return count === undefined ? [] : [[status, count]];
        }),
      ),
  });
}
