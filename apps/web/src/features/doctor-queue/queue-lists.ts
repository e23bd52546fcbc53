import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import {
  EXAMINATION_GROUP,
  type RegistrationStatus,
  WAITING_GROUP,
} from '@klinikita/domain/registrations/registration.rules';
import type { RegistrationListParams } from '../../shared/registrations/registration-query.ts';
import { currentWorkingClinic } from '../../shared/session/working-clinic.ts';
import { pickedQueueDoctor, queueDoctorId } from './queue-doctor.ts';

/**
 * The doctor's two queue lists and what they ask the server for. Light on purpose (no contracts,
 * no dates library): the router starts the lists' first reads as the navigation to the doctor's
 * screen begins (app/routes/early-read-routes.ts), in the first load.
 */

/** The filter modal's checkboxes (spec 2.8), spelled as the spec writes them. */
export const FILTER_STATUSES = ['Queueing', 'Examination', 'Skip', 'Exam Done'] as const;
export type FilterStatus = (typeof FILTER_STATUSES)[number];

/**
 * What each checkbox lets through. Queueing stands for the whole queue (Waiting and Queueing),
 * Examination for spec 4's examination group; Exam Done, in neither group, shows only when ticked.
 */
const FILTER_COVERS: Readonly<Record<FilterStatus, readonly RegistrationStatus[]>> = {
  Queueing: ['Waiting', 'Queueing'],
  Examination: EXAMINATION_GROUP,
  Skip: ['Skip'],
  'Exam Done': ['Exam Done'],
};

/** Ticked by default: exactly spec 4's two groups. */
export const DEFAULT_FILTER_STATUSES: readonly FilterStatus[] = ['Queueing', 'Examination', 'Skip'];

/** The upper list: examination or later. */
const UPPER_ORDER: readonly RegistrationStatus[] = [...EXAMINATION_GROUP, 'Exam Done'];

/** The statuses each list asks the server for, under the ticked checkboxes. */
export function listStatuses(filter: readonly FilterStatus[]): {
  upper: RegistrationStatus[];
  lower: RegistrationStatus[];
} {
  const chosen = new Set(filter.flatMap((f) => FILTER_COVERS[f]));
  return {
    upper: UPPER_ORDER.filter((s) => chosen.has(s)),
    lower: WAITING_GROUP.filter((s) => chosen.has(s)),
  };
}

/** Spec 9: the doctor list asks for up to 1000 rows. */
export const DOCTOR_LIST_LIMIT = 1000;

/** What both lists share: the clinic, the doctor, the search and the days (dateQuery). */
export type QueueListBase = Omit<RegistrationListParams, 'status'>;

/** The base of both lists at `clinicId` for `doctorId` (undefined: every doctor). */
export const queueListBase = (
  clinicId: number,
  doctorId: number | undefined,
  more: Pick<RegistrationListParams, 'search' | 'startDate' | 'endDate'> = {},
): QueueListBase => ({
  clinicId,
  order: 'arrivedAt_1',
  limit: DOCTOR_LIST_LIMIT,
  orderType: 'doctor',
  doctorId,
  ...more,
});

/** Each list's params under the ticked checkboxes; null for a list no checkbox lets anything into. */
export function queueLists(base: QueueListBase, filter: readonly FilterStatus[]) {
  const { upper, lower } = listStatuses(filter);
  return {
    upper: upper.length ? { ...base, status: upper } : null,
    lower: lower.length ? { ...base, status: lower } : null,
  };
}

/**
 * The lists as the doctor's screen first asks for them, for `user`: the working clinic, today, the
 * default checkboxes and no search.
 */
export function firstQueueLists(user: SessionUser): RegistrationListParams[] {
  const clinic = currentWorkingClinic(user);
  if (!clinic) return [];
  const { upper, lower } = queueLists(
    queueListBase(clinic.id, queueDoctorId(user, pickedQueueDoctor())),
    DEFAULT_FILTER_STATUSES,
  );
  return [upper, lower].filter((p) => p !== null);
}
