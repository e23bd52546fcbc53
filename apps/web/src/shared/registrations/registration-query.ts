import type { RegistrationStatus, ServiceType } from '@klinikita/domain/registrations/registration.rules';
import type { listRegistrations } from '@klinikita/domain/registrations/registrations.contract';
import type { ContractQuery } from '../api/contract-client.ts';

/**
 * The registration list's query as the wire carries it. Apart from registrations-api.ts (no
 * contracts, no query library at run time) because the router starts the doctor's queue reads as
 * the navigation begins (app/routes/early-read-routes.ts), in the first load.
 */

/** The list's path under the clinic service (`listRegistrations`), sent with the `registration` service header. */
export const REGISTRATIONS_PATH = 'registrations/registrations';

/** `GET registrations/registrations` as spec 7 sends it. Dates are D_M_Y; endDate is exclusive. */
export interface RegistrationListParams {
  clinicId: number;
  order?: 'arrivedAt_1' | 'arrivedAt_-1' | 'queueNumber_-1' | 'queueNumber_1';
  limit?: number;
  page?: number;
  orderType?: 'doctor' | 'service';
  serviceType?: ServiceType[];
  status?: RegistrationStatus[];
  doctorId?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
}

export function registrationQuery(p: RegistrationListParams): ContractQuery<typeof listRegistrations> {
  return {
    clinicId: p.clinicId,
    order: p.order ?? 'arrivedAt_1',
    limit: p.limit,
    page: p.page,
    orderType: p.orderType,
    serviceType: p.serviceType?.length ? p.serviceType.join('_') : undefined,
    status: p.status?.length ? p.status.join('_') : undefined,
    'doctor.doctorId': p.doctorId,
    startDate: p.startDate,
    endDate: p.endDate,
    search: p.search || undefined,
  };
}
