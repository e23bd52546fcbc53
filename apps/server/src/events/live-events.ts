import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../shared/sql.ts';

/** The PostgreSQL NOTIFY channel every server instance listens on (DESIGN 5). */
export const EVENTS_CHANNEL = 'klinikita_events';

/**
 * "Something of this clinic changed": open screens refetch. `type` names what changed
 * (`registration.updated`, `payment.created`), `id` the row's public id when there is one.
 */
export const liveEventSchema = z.object({
  clinicId: z.number().int().positive(),
  // it becomes the SSE `event:` line, so no spaces or line breaks
  type: z
    .string()
    .max(64)
    .regex(/^[a-zA-Z][\w.-]*$/),
  id: z.string().max(200).optional(),
  at: z.string().optional(),
});

export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Announces a change to the clinic's open screens on every server instance. It is a NOTIFY on
 * the caller's connection: inside a transaction it is delivered only when (and if) the
 * transaction commits, so pass the transaction handle when the change is part of one.
 */
export async function publishEvent(db: Executor, event: LiveEvent): Promise<void> {
  const payload = liveEventSchema.parse({ ...event, at: event.at ?? new Date().toISOString() });
  await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** A NOTIFY payload back to an event; anything else on the channel is ignored. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
