import {
  TURNAROUND_METRICS,
  TURNAROUND_TARGETS,
  withinPercent,
} from '@klinikita/domain/dashboard/turnaround.rules';
import type {
  TurnaroundMetricAnswer,
  TurnaroundSlice,
  TurnaroundStats,
} from '@klinikita/domain/dashboard/turnaround.schema';
import type { TurnaroundRow } from './turnaround.queries.ts';

/** The grouping() value of each slice of the query's GROUPING SETS. */
const TOTAL = 7;
const SLICES = { 3: 'doctor', 5: 'payer', 6: 'hour' } as const;

function statsOf(row: TurnaroundRow | undefined, metric: TurnaroundStats['metric']): TurnaroundStats {
  const n = row?.n ?? 0;
  const hasTarget = TURNAROUND_TARGETS[metric] !== undefined;
  const within = hasTarget ? (row?.withinTarget ?? 0) : null;
  return {
    metric,
    n,
    median: n ? (row?.median ?? null) : null,
    p90: n ? (row?.p90 ?? null) : null,
    withinTarget: within,
    withinTargetPercent: withinPercent(within, n),
  };
}

/** Every metric (zeros where the days hold none), in the catalogue's order. */
export function toMetrics(rows: TurnaroundRow[]): TurnaroundMetricAnswer[] {
  return TURNAROUND_METRICS.map((metric) => {
    const row = rows.find((r) => r.metric === metric && r.grouping === TOTAL);
    return {
      ...statsOf(row, metric),
      targetMinutes: TURNAROUND_TARGETS[metric] ?? null,
      excluded: {
        missing: row?.missing ?? 0,
        negative: row?.negative ?? 0,
        otherDay: row?.otherDay ?? 0,
      },
    };
  });
}

/** The groups of each slice that counted at least one interval. */
export function toSlices(rows: TurnaroundRow[]): TurnaroundSlice[] {
  const out: TurnaroundSlice[] = [];
  for (const row of rows) {
    const dimension = SLICES[row.grouping as keyof typeof SLICES];
    if (!dimension || row.n === 0) continue;
    const key = dimension === 'doctor' ? row.doctorId : dimension === 'payer' ? row.payer : row.hour;
    out.push({
      ...statsOf(row, row.metric),
      dimension,
      key: key === null ? '' : String(key),
      label: dimension === 'doctor' ? row.doctorName : null,
    });
  }
  return out;
}
