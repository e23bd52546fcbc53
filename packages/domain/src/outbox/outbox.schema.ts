import { z } from 'zod';

/** The admin's view of the domain-event consumers (Setting → Lainnya). */
export const parkedQuerySchema = z.object({
  /** `true` (default): only those not replayed yet */
  open: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ParkedQuery = z.infer<typeof parkedQuerySchema>;

export const parkedEventSchema = z.object({
  id: z.number().int(),
  consumer: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  parkedAt: z.string(),
  replayedAt: z.string().nullable(),
  event: z.object({
    id: z.number().int(),
    type: z.string(),
    aggregateType: z.string(),
    aggregateId: z.string(),
    clinicId: z.number().int().nullable(),
    at: z.string(),
    payload: z.unknown(),
  }),
});
export type ParkedEvent = z.infer<typeof parkedEventSchema>;

export const consumerStateSchema = z.object({
  name: z.string(),
  /** Events of the consumer's types after its position (what it still has to do) */
  behind: z.number().int(),
  attempts: z.number().int(),
  retryAt: z.string().nullable(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type ConsumerState = z.infer<typeof consumerStateSchema>;

export const parkedIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
