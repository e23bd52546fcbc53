import type { ParkedQuery } from '@klinikita/domain/outbox/outbox.schema';
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertCorporate } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { toConsumerState, toParkedEvent } from './outbox.mapper.ts';
import { consumerStates, pageParked, parkedCorporate } from './outbox.queries.ts';

/** Events the consumers gave up on, of the caller's corporate. */
export async function listParked(db: Db, session: AuthSession, q: ParkedQuery) {
  const { rows, total } = await pageParked(db, {
    corpId: session.corpId,
    open: q.open,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return pageOf(rows.map(toParkedEvent), total, q);
}

/** Where each consumer stands: how far behind, retrying or not, the last error. */
export async function listConsumers(db: Db, outbox: Outbox) {
  return (await consumerStates(db, outbox.types)).map(toConsumerState);
}

/** Runs a parked event through its consumer again; refused (409, with the error) when it fails again. */
export async function replayParked(db: Db, outbox: Outbox, session: AuthSession, id: number, ip: string) {
  const found = await parkedCorporate(db, id);
  if (!found) throw new AppError(404, 'outbox.notFound');
  assertCorporate(session, found.corpId ?? -1);
  const result = await outbox.replay(id, session.userId);
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: result.replayed ? 'event.replay' : 'event.replay-failed',
    entity: 'parked-event',
    entityId: String(id),
    ip,
    detail: result.error ? { error: result.error } : undefined,
  });
  if (!result.replayed) throw new AppError(409, 'outbox.replayFailed', { error: result.error ?? '' });
  return { replayed: true };
}
