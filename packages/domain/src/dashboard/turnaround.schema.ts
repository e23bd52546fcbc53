import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import {
  EXCLUSION_REASONS,
  SLICE_DIMENSIONS,
  TURNAROUND_METRICS,
  turnaroundRange,
} from './turnaround.rules.ts';

/** `GET /dashboard/turnaround`: one clinic of the caller's, clinic-local days (default today). */
export const turnaroundQuerySchema = z
  .object({
    clinicId: z.coerce.number().int('validation.invalid').positive('validation.invalid'),
    from: dateSchema('iso', 'turnaround.dateFormat').optional(),
    to: dateSchema('iso', 'turnaround.dateFormat').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    const range = turnaroundRange(v.from, v.from, v.to);
    if ('error' in range) ctx.addIssue({ code: 'custom', path: ['to'], message: range.error });
  });
export type TurnaroundQuery = z.infer<typeof turnaroundQuerySchema>;

const minutes = z.number().nullable();

/** The numbers of one metric over one group of intervals. */
export const turnaroundStatsSchema = z.object({
  metric: z.enum(TURNAROUND_METRICS),
  /** Intervals counted */
  n: z.number().int(),
  median: minutes,
  p90: minutes,
  /** Counted intervals within the standard and their share (%); null where there is no standard. */
  withinTarget: z.number().int().nullable(),
  withinTargetPercent: z.number().nullable(),
});
export type TurnaroundStats = z.infer<typeof turnaroundStatsSchema>;

export const turnaroundMetricSchema = turnaroundStatsSchema.extend({
  targetMinutes: z.number().int().nullable(),
  /** Intervals left out, by reason */
  excluded: z.object(
    Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, z.number().int()])) as {
      [K in (typeof EXCLUSION_REASONS)[number]]: z.ZodNumber;
    },
  ),
});
export type TurnaroundMetricAnswer = z.infer<typeof turnaroundMetricSchema>;

/** One group of a slice: a doctor (id and name), a payer type or an hour of the day (0–23, clinic time). */
export const turnaroundSliceSchema = turnaroundStatsSchema.extend({
  dimension: z.enum(SLICE_DIMENSIONS),
  key: z.string(),
  label: z.string().nullable(),
});
export type TurnaroundSlice = z.infer<typeof turnaroundSliceSchema>;

export const turnaroundAnswerSchema = z.object({
  clinicId: z.number().int(),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  metrics: z.array(turnaroundMetricSchema),
  slices: z.array(turnaroundSliceSchema),
});
export type TurnaroundAnswer = z.infer<typeof turnaroundAnswerSchema>;
