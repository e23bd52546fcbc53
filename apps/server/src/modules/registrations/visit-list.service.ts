import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { daysBetween, dmyToDay, LIST_MAX_DAYS } from '@klinikita/domain/common/dates';
import {
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  type ServiceType,
} from '@klinikita/domain/registrations/registration.rules';
import type { RegistrationListQuery } from '@klinikita/domain/registrations/registration.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { toRegistration } from './registrations.mapper.ts';
import { countByStatus, pageRegistrations } from './registrations.queries.ts';
import { refuse } from './registrations.service.ts';

/**
 * The lists of visits (the queue board, the doctor's sidebar, the service desks): a day range of
 * at most LIST_MAX_DAYS for the rows that carry NIK and phone, each page audited.
 */

/**
 * The rows of a list: start and end (exclusive) as the clinic's calendar days; default today.
 * `maxDays` bounds the span of a list that carries patients' NIK and phone.
 */
function dayRange(timeZone: string, startDate?: string, endDate?: string, maxDays?: number) {
  const from = startDate ? dmyToDay(startDate) : clinicDay(timeZone);
  if (!from) throw refuse(400, 'dateFormat');
  let to = endDate ? dmyToDay(endDate) : addDays(from, 1);
  if (!to) throw refuse(400, 'dateFormat');
  // a client that sends the same day twice means that day
  if (to <= from) to = addDays(from, 1);
  // the schema checks a span it can see; this one starts at the clinic's today
  if (maxDays && daysBetween(from, to) > maxDays)
    throw new AppError(400, 'api.validation', {}, [{ path: 'endDate', key: 'registrations.dateSpan' }]);
  return { from, to };
}

/** Sorted ids as runs ('12-40,55'): the audit of a long page stays short. */
export function idRuns(ids: number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return runs.join(',');
}

export function listRegistrations(db: Db, session: AuthSession, q: RegistrationListQuery, ip: string) {
  return listVisits(db, session, q, ip);
}

/** The board's status chips: every status with its count under the list's other filters, in one query. */
export async function statusCounts(db: Db, session: AuthSession, q: RegistrationListQuery) {
  const clinic = clinicOf(session, q.clinicId);
  const { from, to } = dayRange(clinic.timeZone, q.startDate, q.endDate);
  const counts = await countByStatus(db, {
    clinicId: clinic.id,
    from,
    to,
    orderType: q.orderType,
    serviceTypes: q.serviceType,
    doctorId: q['doctor.doctorId'],
    search: q.search,
  });
  return Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
    RegistrationStatus,
    number
  >;
}

/**
 * Visits of the clinic between two D_M_Y days (at most LIST_MAX_DAYS) under a filter; the service
 * desks' list (lab, MCU, physio) reads it with spec 4's visibility rule. The rows carry NIK and
 * phone: who listed which visits is audited ('visit.list'), one row per page.
 */
export async function listVisits(
  db: Db,
  session: AuthSession,
  q: {
    clinicId: number;
    startDate?: string;
    endDate?: string;
    orderType?: 'doctor' | 'service';
    serviceType?: ServiceType[];
    status?: RegistrationStatus[];
    'doctor.doctorId'?: number;
    search?: string;
    labVisibility?: boolean;
    order: string;
    page: number;
    limit: number;
  },
  ip: string,
) {
  const clinic = clinicOf(session, q.clinicId);
  const { from, to } = dayRange(clinic.timeZone, q.startDate, q.endDate, LIST_MAX_DAYS);
  const { rows, total } = await pageRegistrations(db, {
    clinicId: clinic.id,
    from,
    to,
    orderType: q.orderType,
    serviceTypes: q.serviceType,
    statuses: q.status,
    doctorId: q['doctor.doctorId'],
    search: q.search,
    labVisibility: q.labVisibility,
    order: q.order,
    page: q.page,
    limit: q.limit,
  });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: clinic.id,
    action: 'visit.list',
    entity: 'registration',
    ip,
    detail: {
      list: q.labVisibility ? 'service-desk' : 'queue',
      filter: {
        from,
        to,
        orderType: q.orderType,
        serviceType: q.serviceType,
        status: q.status,
        doctorId: q['doctor.doctorId'],
        search: q.search,
        page: q.page,
        limit: q.limit,
      },
      rows: rows.length,
      total,
      // registrations.id of the rows, as runs
      ids: idRuns(rows.map((r) => r.id)),
    },
  });
  const now = new Date();
  return pageOf(
    rows.map((r) => toRegistration(r, now)),
    total,
    q,
  );
}
