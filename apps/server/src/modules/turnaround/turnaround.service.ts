import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { TURNAROUND_TARGETS, turnaroundRange } from '@klinikita/domain/dashboard/turnaround.rules';
import type { TurnaroundAnswer, TurnaroundQuery } from '@klinikita/domain/dashboard/turnaround.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { AppError } from '../../shared/errors.ts';
import { toMetrics, toSlices } from './turnaround.mapper.ts';
import { turnaroundRows } from './turnaround.queries.ts';

/**
 * The turnaround dashboard: one clinic of the caller's (403 otherwise), its clinic-local days
 * (today when none is given, at most 31), aggregated by the database.
 */
export async function getTurnaround(
  db: Db,
  session: AuthSession,
  q: TurnaroundQuery,
): Promise<TurnaroundAnswer> {
  const clinic = clinicOf(session, q.clinicId);
  const range = turnaroundRange(clinicDay(clinic.timeZone), q.from, q.to);
  if ('error' in range) throw new AppError(400, range.error, {}, [{ path: 'to', key: range.error }]);
  const rows = await turnaroundRows(db, {
    clinicId: clinic.id,
    timeZone: clinic.timeZone,
    ...range,
    targets: TURNAROUND_TARGETS,
  });
  return {
    clinicId: clinic.id,
    from: range.from,
    to: range.to,
    timeZone: clinic.timeZone,
    metrics: toMetrics(rows),
    slices: toSlices(rows),
  };
}
