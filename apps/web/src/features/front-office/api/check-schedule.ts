import { checkSchedule } from '@klinikita/domain/services/service-hours.contract';
import type { ServiceDesk } from '@klinikita/domain/services/service-hours.schema';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

/** How often the warnings are looked at again while the form stays open (the clock moves on). */
const RECHECK_MS = 60_000;

/** A visit's target: a doctor or a service desk; null until chosen. */
export type CheckTarget = { doctorId: number } | { serviceType: ServiceDesk } | null;

/**
 * The front office's warnings for a visit to a doctor or a desk now (`GET service-hours/check`);
 * nothing is asked until a doctor or a desk is chosen.
 */
export const useScheduleCheck = (clinicId: number, target: CheckTarget) =>
  useContractQuery(
    checkSchedule,
    { query: { clinicId, ...target } },
    { enabled: target !== null, refetchInterval: RECHECK_MS, retry: false },
  );
