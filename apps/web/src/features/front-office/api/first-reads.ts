import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { EarlyRead } from '../../../shared/api-client.ts';
import {
  REGISTRATIONS_PATH,
  type RegistrationListParams,
  registrationQuery,
} from '../../../shared/registrations/registration-query.ts';
import { currentWorkingClinic } from '../../../shared/session/working-clinic.ts';

/**
 * The front office's first reads. Light on purpose (no contracts, no query library): the router
 * starts them as the navigation to the front office begins (app/routes/early-read-routes.ts).
 */

/** "Pendaftaran hari ini" shows the clinic's latest registrations of today, newest first. */
export const todayRegistrationsParams = (clinicId: number): RegistrationListParams => ({
  clinicId,
  limit: 20,
  order: 'arrivedAt_-1',
});

/**
 * What the front office asks for as it opens, for `user` at their working clinic: today's doctors
 * (listAvailableDoctors), the partner companies (listPartnerCompanies) and today's registrations.
 */
export function frontOfficeFirstReads(user: SessionUser): EarlyRead[] {
  const clinic = currentWorkingClinic(user);
  if (!clinic) return [];
  return [
    { path: 'registrations/doctors/available', query: { clinicId: clinic.id } },
    { path: 'registrations/companies' },
    {
      path: REGISTRATIONS_PATH,
      // the contract's query type leaves coerced fields open; registrationQuery fills them
      query: registrationQuery(todayRegistrationsParams(clinic.id)) as EarlyRead['query'],
      service: 'registration',
    },
  ];
}
