import type { Executor } from '../../shared/sql.ts';
import { reportModelDrift } from './transaction-report-model.queries.ts';

/**
 * The posted bills of the clinics whose transaction-report row is missing, stale or left over
 * against their money rows (billing's consistency check reports them).
 */
export const staleReportRows = (db: Executor, corpId: number, clinicIds: readonly number[]) =>
  reportModelDrift(db, corpId, clinicIds);
