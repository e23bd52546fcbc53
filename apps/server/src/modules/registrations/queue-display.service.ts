import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  DEFAULT_QUEUE_PREFIXES,
  type QueuePrefixes,
} from '@klinikita/domain/registrations/registration.rules';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newSessionToken } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import {
  clinicByDisplayToken,
  displayState,
  displayTokenOf,
  setDisplayToken,
} from './queue-display.queries.ts';
import { queuePrefixesOf, setQueuePrefixes } from './registrations.queries.ts';

/**
 * The clinic's queue settings (number prefixes) and its waiting-room display: the link, its
 * renewal and what the TV shows.
 */

/** The event that ends the open display streams of a clinic whose link was renewed. */
export const DISPLAY_RENEWED = 'display.renewed';

const refuse = (status: number, key: string) => new AppError(status, `registrations.${key}`);

/** The clinic's queue prefixes: its own where set, the defaults elsewhere. */
export async function queuePrefixes(db: Db, session: AuthSession, clinicId: number): Promise<QueuePrefixes> {
  clinicOf(session, clinicId);
  return { ...DEFAULT_QUEUE_PREFIXES, ...((await queuePrefixesOf(db, clinicId)) ?? {}) } as QueuePrefixes;
}

/** New prefixes apply to the next numbers; today's counters of the old prefixes stay as they are. */
export async function saveQueuePrefixes(
  db: Db,
  session: AuthSession,
  clinicId: number,
  prefixes: QueuePrefixes,
  ip: string,
): Promise<QueuePrefixes> {
  clinicOf(session, clinicId);
  await setQueuePrefixes(db, clinicId, { ...prefixes });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action: 'queue.prefixes',
    entity: 'clinic',
    entityId: String(clinicId),
    ip,
    detail: prefixes,
  });
  return prefixes;
}

const displayPath = (token: string | null) => (token ? `/display/${token}` : null);

export async function displayLink(db: Db, session: AuthSession, clinicId: number) {
  clinicOf(session, clinicId);
  const token = await displayTokenOf(db, clinicId);
  return { token, path: displayPath(token) };
}

/** A new display link for the clinic; the old one stops working. */
export async function renewDisplayLink(db: Db, session: AuthSession, clinicId: number, ip: string) {
  clinicOf(session, clinicId);
  const token = newSessionToken();
  await setDisplayToken(db, clinicId, token);
  // the TVs on the old link lose their stream now, on every instance, and show that it is gone
  await publishEvent(db, { clinicId, type: DISPLAY_RENEWED });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action: 'queue.display-link',
    entity: 'clinic',
    entityId: String(clinicId),
    ip,
  });
  return { token, path: displayPath(token) };
}

export async function displayClinic(db: Db, token: string) {
  const clinic = /^[\w-]{20,100}$/.test(token) ? await clinicByDisplayToken(db, token) : null;
  if (!clinic) throw refuse(404, 'displayNotFound');
  return clinic;
}

/** What the TV shows: only queue numbers and rooms, never names. */
export async function displayBoard(db: Db, token: string) {
  const clinic = await displayClinic(db, token);
  const state = await displayState(
    db,
    clinic.id,
    clinicDay(clinic.timeZone),
    translate('id', 'pharmacy.calledTo'),
  );
  return {
    clinicName: clinic.name,
    timeZone: clinic.timeZone,
    ...state,
    serverTime: new Date().toISOString(),
  };
}
