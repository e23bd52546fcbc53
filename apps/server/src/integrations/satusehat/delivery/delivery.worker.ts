import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Bundle } from 'fhir/r4';
import type { Db } from '../../../db/client.ts';
import type { Listen } from '../../../db/pg-listener.ts';
import { writeAudit } from '../../../shared/audit.ts';
import { AppError } from '../../../shared/errors.ts';
import { type SatusehatClient, SatusehatError } from '../satusehat.client.ts';
import { type SatusehatConfig, SatusehatService } from '../satusehat.service.ts';
import { findSatusehatSettings } from '../satusehat.settings.ts';
import {
  acceptedIds,
  alreadyThere,
  type Backoff,
  DEFAULT_BACKOFF,
  refusalDetail,
  retryDelayMs,
} from './delivery.outcome.ts';
import {
  acceptedEncounterId,
  claimDueDeliveries,
  DELIVERY_CHANNEL,
  type DeliveryOutcome,
  type DeliveryRow,
  patientOfRegistration,
  recordOutcome,
  visitHasEncounterPath,
} from './delivery.queries.ts';
import type { BuildDelivery, DeliveryTarget } from './delivery.types.ts';

/**
 * The SATUSEHAT delivery worker (issue 19 §4), one per server instance. It takes due rows of
 * `satusehat_deliveries` with a lease (`FOR UPDATE SKIP LOCKED`, lease owner and end set in the
 * same statement: two instances never send one row at once), and for each: the clinic's settings,
 * the visit's identities, the Bundle (`buildDelivery`), one POST to the FHIR root. The answer:
 * - 2xx → `accepted` with the platform's ids; a 400 that only says `duplicate` (the earlier send
 *   got through, its answer was lost) → `accepted` with the ids it names;
 * - another 4xx → `refused`, parked with the platform's words until "Kirim ulang";
 * - 429, 5xx, no answer → `waiting` again, with exponential back-off (capped) honouring
 *   `Retry-After`, and no limit of attempts: a day's outage only delays, nothing is dropped;
 * - cannot be built → `blocked` with its reason, except `encounterNotAccepted`, which resolves
 *   itself: the row waits a little and tries again.
 * The client's own retries are off (`tries: 1`): the table carries the back-off. A worker killed
 * mid-send leaves a lease that expires; the row is sent again and the platform answers `duplicate`.
 * Woken by the enqueue consumer's NOTIFY, and on a timer.
 */

export type EnsureVisitIdentities = (
  db: Db,
  satusehat: SatusehatService,
  registrationId: number,
) => Promise<unknown>;

export interface DeliveryWorkerOptions {
  db: Db;
  /** LISTEN for the enqueue consumer's wake-up (without it the worker only polls) */
  listen?: Listen;
  /** The server's SATUSEHAT configuration (secrets key, simulator, client timeout) */
  satusehat: SatusehatConfig;
  buildDelivery: BuildDelivery;
  /** Fills the visit's missing IHS numbers before building; throws SatusehatError 'unavailable' on outages */
  ensureVisitIdentities?: EnsureVisitIdentities;
  /** Who holds the leases (default host:pid:random) */
  owner?: string;
  /** How often to look for due rows without a wake-up (default 5 s) */
  pollMs?: number;
  /** Rows taken, and sent side by side, at once (default 10) */
  batchSize?: number;
  /** How long a taken row stays this worker's (default 5 min: well beyond a send and its timeout) */
  leaseMs?: number;
  backoff?: Partial<Backoff>;
  /** The wait of a dispense or lab delivery whose visit's Encounter is not accepted yet (default 1 min) */
  encounterWaitMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type Attempt = { outcome: DeliveryOutcome; sent: boolean };

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

/** The worker's own service: the same settings and token cache, but one try per send. */
function deliveryService(db: Db, config: SatusehatConfig) {
  return new SatusehatService(db, {
    ...config,
    client: { ...config.client, retry: { ...config.client?.retry, tries: 1 } },
  });
}

export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { db, buildDelivery } = options;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 300_000;
  const backoff: Backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const encounterWaitMs = options.encounterWaitMs ?? 60_000;
  const service = deliveryService(db, options.satusehat);
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void> | void) | null = null;

  const text = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const blocked = (reason: string, message: string | null): Attempt => ({
    outcome: { state: 'blocked', blockedReason: reason, message },
    sent: false,
  });
  /** Try again later: back-off from the attempts so far, never sooner than the platform asked. */
  const retry = (row: DeliveryRow, error: unknown, sent: boolean): Attempt => {
    const platform = error instanceof SatusehatError ? error : null;
    return {
      outcome: {
        state: 'waiting',
        delayMs: retryDelayMs(row.attempts + 1, backoff, platform?.retryAfterMs),
        lastStatus: platform ? platform.status : null,
        message: text(error),
        attempt: true,
      },
      sent,
    };
  };
  /** Settings that cannot work (no settings, a secret that does not open, credentials refused): an admin must look. */
  const misconfigured = (error: unknown) =>
    (error instanceof AppError && error.statusCode === 409) ||
    (error instanceof SatusehatError && error.kind === 'credentials');

  /** The POST and what its answer makes of the row. */
  async function send(
    row: DeliveryRow,
    client: SatusehatClient,
    bundle: Bundle,
    locals: Record<string, string>,
  ): Promise<Attempt> {
    try {
      const answer = await client.fhir<Bundle>('POST', '', bundle);
      const platformIds = acceptedIds(bundle, answer, locals);
      return { outcome: { state: 'accepted', lastStatus: 200, platformIds, message: null }, sent: true };
    } catch (error) {
      if (!(error instanceof SatusehatError)) return retry(row, error, true);
      if (error.kind === 'refused') {
        const platformIds = alreadyThere(bundle, error.outcome, locals);
        if (platformIds)
          return {
            outcome: { state: 'accepted', lastStatus: error.status, platformIds, message: null },
            sent: true,
          };
        const { issueCode, expression } = refusalDetail(error.outcome);
        const message = text(error);
        return {
          outcome: { state: 'refused', lastStatus: error.status, message, issueCode, expression },
          sent: true,
        };
      }
      if (error.kind === 'credentials') return blocked('notConfigured', text(error));
      // 'unavailable' (429, 5xx, no answer) and 'bad-response' (it may have arrived: a resend says duplicate)
      return retry(row, error, true);
    }
  }

  /** Settings → identities → Bundle → POST; every failure ends as an outcome, none is thrown. */
  async function attempt(row: DeliveryRow): Promise<Attempt> {
    let client: SatusehatClient;
    let organizationId: string;
    try {
      const settings = await findSatusehatSettings(db, row.clinicId);
      if (!settings) return blocked('notConfigured', null);
      organizationId = settings.organizationId;
      // the settings just read make the client (one read of them per row, not two)
      client = service.clientFor(settings);
      await options.ensureVisitIdentities?.(db, service, row.registrationId);
    } catch (error) {
      if (misconfigured(error))
        return blocked('notConfigured', error instanceof AppError ? error.key : text(error));
      // the platform (or the simulator) is not there now
      return retry(row, error, false);
    }
    const target: DeliveryTarget = {
      id: row.id,
      uid: row.uid,
      kind: row.kind,
      sourceKey: row.sourceKey,
      registrationId: row.registrationId,
      clinicId: row.clinicId,
      corpId: row.corpId,
    };
    let built: Awaited<ReturnType<BuildDelivery>>;
    try {
      const encounterId = row.kind === 'encounter' ? null : await acceptedEncounterId(db, row.registrationId);
      built = await buildDelivery(db, target, { organizationId, encounterId });
    } catch (error) {
      options.log?.error(
        { delivery: row.uid, err: errorText(error) },
        'SATUSEHAT delivery could not be built',
      );
      return retry(row, error, false);
    }
    if (!built.ok) {
      if (built.reason !== 'encounterNotAccepted') return blocked(built.reason, built.detail ?? null);
      // a lab or MCU visit of its own: no Encounter will ever come, so the result is held, said why
      if (!(await visitHasEncounterPath(db, row.registrationId)))
        return blocked('visitWithoutEncounter', null);
      // the visit's Encounter is on its way: not a failure, no attempt counted
      const outcome = { delayMs: encounterWaitMs, lastStatus: row.lastStatus, message: null, attempt: false };
      return { outcome: { state: 'waiting', ...outcome }, sent: false };
    }
    return send(row, client, built.bundle, built.locals);
  }

  /** One row: its attempt, then the outcome and (for a send or a block) the audit row, together. */
  async function deliver(row: DeliveryRow): Promise<void> {
    const { outcome, sent } = await attempt(row);
    const patientId =
      sent || outcome.state === 'blocked' ? await patientOfRegistration(db, row.registrationId) : null;
    const saved = await db.transaction(async (tx) => {
      const updated = await recordOutcome(tx, row.id, owner, outcome);
      if (updated && (sent || outcome.state === 'blocked'))
        await writeAudit(tx, {
          corpId: row.corpId,
          clinicId: row.clinicId,
          action: 'satusehat.send',
          entity: 'satusehatDelivery',
          entityId: row.uid,
          patientId,
          detail: {
            kind: row.kind,
            sourceKey: row.sourceKey,
            registrationId: row.registrationId,
            result: updated.state,
            status: updated.lastStatus,
            attempts: updated.attempts,
            ...(outcome.state === 'accepted' ? { platformIds: outcome.platformIds } : {}),
            ...(outcome.state === 'blocked' ? { blockedReason: outcome.blockedReason } : {}),
            ...(updated.state !== 'accepted' && updated.message ? { message: updated.message } : {}),
          },
        });
      return updated;
    });
    if (!saved)
      options.log?.warn(
        { delivery: row.uid, owner },
        'SATUSEHAT delivery lease lost before its outcome was saved',
      );
  }

  /** Takes and sends due rows until none is due now; answers how many it handled. */
  async function pass(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const rows = await claimDueDeliveries(db, owner, batchSize, leaseMs);
      if (!rows.length) break;
      await Promise.all(
        rows.map((row) =>
          deliver(row).catch((error) =>
            // the database failed while saving: the lease expires and the row is due again
            options.log?.error({ delivery: row.uid, err: errorText(error) }, 'SATUSEHAT delivery failed'),
          ),
        ),
      );
      handled += rows.length;
    }
    return handled;
  }

  /** Runs a pass now; a wake-up during one makes it go round once more. */
  function wake(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let handled = 0;
      do {
        again = false;
        try {
          handled += await pass();
        } catch (error) {
          options.log?.warn({ err: errorText(error) }, 'SATUSEHAT delivery pass failed');
        }
      } while (again && !stopped);
      return handled;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    owner,
    async start() {
      stopped = false;
      if (options.listen) unlisten = await options.listen(DELIVERY_CHANNEL, () => void wake());
      const tick = () => {
        timer = setTimeout(() => void wake().finally(() => !stopped && tick()), options.pollMs ?? 5_000);
        timer.unref();
      };
      tick();
      void wake();
    },
    wake,
    /** Stops taking rows; resolves when the sends under way have ended and been recorded. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await unlisten?.();
      unlisten = null;
      await running;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
