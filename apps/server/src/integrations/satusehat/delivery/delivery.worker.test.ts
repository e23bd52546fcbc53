import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Bundle, Encounter } from 'fhir/r4';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  auditLog,
  encounters,
  registrations,
  satusehatDeliveries,
  satusehatSettings,
} from '../../../db/schema/index.ts';
import { newUid } from '../../../shared/crypto.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import type { FaultSpec } from '../simulator/simulator.faults.ts';
import { encounterFixture, FIXTURE_ORG } from '../simulator/simulator.fixtures.ts';
import { loadFhirDefinitions } from '../simulator/simulator.validation.ts';
import { enqueueDelivery } from './delivery.queries.ts';
import type { BuildContext, BuildDelivery } from './delivery.types.ts';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './delivery.worker.ts';

/**
 * The delivery mechanics against the real simulator (issue 19 §4): what each answer makes of a
 * row, back-off and Retry-After, leases, two workers on one database, an outage drained. The
 * builder here is a small one sending one finished Encounter per row (identifier: the row's
 * source key, unless a test names another), so that the platform's side is easy to count.
 */

const MENTENG = 10;
const CIKARANG = 11;
const URN = 'urn:uuid:0b7c1e2a-5d6f-4a8b-9c0d-1e2f3a4b5c6d';

let t: TestContext;
let registrationId: number;
/** Per source key: the identifier to send, or a blocked answer, or an invalid Encounter */
const plan = new Map<
  string,
  { identifier?: string; invalid?: boolean; blocked?: 'patientNoNik' | 'encounterNotAccepted' }
>();
const contexts: BuildContext[] = [];

const testBuilder: BuildDelivery = async (_db, target, context) => {
  contexts.push(context);
  const step = plan.get(target.sourceKey) ?? {};
  if (step.blocked) return { ok: false, reason: step.blocked, detail: 'Pasien belum punya NIK' };
  const encounter: Encounter = encounterFixture(step.identifier ?? target.sourceKey);
  if (step.invalid)
    encounter.period = { start: '2025-03-01T17:00:00+07:00', end: '2025-03-01T17:35:00+00:00' };
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [{ fullUrl: URN, resource: encounter, request: { method: 'POST', url: 'Encounter' } }],
  };
  return { ok: true, bundle, locals: { [URN]: 'Encounter' } };
};

const workers: DeliveryWorker[] = [];
/** A worker of its own on the test database; a generous timeout unless a test is about timeouts. */
function worker(options: Partial<DeliveryWorkerOptions> = {}, timeoutMs = 10_000) {
  const created = createDeliveryWorker({
    db: t.database.db,
    satusehat: {
      secretsKey: Buffer.from(inject('secretsKey'), 'base64'),
      simulatorUrl: t.simulator.url,
      client: { timeoutMs },
    },
    buildDelivery: testBuilder,
    backoff: { baseMs: 10, maxMs: 100 },
    pollMs: 60_000,
    ...options,
  });
  workers.push(created);
  return created;
}

async function queue(
  clinicId = MENTENG,
  sourceKey = `REG-${newUid().slice(0, 12)}`,
  visitId = registrationId,
) {
  await enqueueDelivery(t.database.db, {
    corpId: 1,
    clinicId,
    kind: 'encounter',
    sourceKey,
    registrationId: visitId,
    clinicDay: '2025-03-01',
  });
  return sourceKey;
}

const rowOf = async (sourceKey: string) =>
  (
    await t.database.db.select().from(satusehatDeliveries).where(eq(satusehatDeliveries.sourceKey, sourceKey))
  )[0];

/** The platform's count of creates of one Encounter identifier */
const platformCount = (value: string) =>
  t.simulator
    .received()
    .byIdentifier.find((c) => c.resourceType === 'Encounter' && c.identifier.endsWith(`|${value}`));

const fault = (spec: FaultSpec) =>
  t.simulator.injectFault({ target: 'fhir', resourceType: 'Bundle', ...spec });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wakes the worker until the row leaves `waiting` (the back-off in these tests is milliseconds). */
async function untilSettled(w: DeliveryWorker, sourceKey: string, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await w.wake();
    const row = await rowOf(sourceKey);
    if (row.state !== 'waiting') return row;
    await sleep(20);
  }
  return rowOf(sourceKey);
}

beforeAll(async () => {
  t = await createTestApp();
  // the simulator's FHIR definitions indexed now, off the first send's clock (on a busy machine the
  // indexing alone could outlast the client's timeout and turn the first test's send into a resend)
  loadFhirDefinitions();
  // the demo's own finished visits reach the queue through the consumer: out of the way here
  await t.app.outbox.drain();
  await t.database.db.delete(satusehatDeliveries);
  // a doctor's visit: its Encounter may come (a lab or MCU visit of its own is held instead, below)
  const [visit] = await t.database.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.clinicId, MENTENG), eq(registrations.orderType, 'doctor')))
    .limit(1);
  registrationId = visit.id;
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
});
beforeEach(async () => {
  plan.clear();
  // each test counts its own rows: what an earlier one left waiting would be taken too
  await t.database.db.delete(satusehatDeliveries);
});

describe('SATUSEHAT delivery worker', () => {
  it('sends a due row, records the platform’s id and the send in the audit log', async () => {
    const key = await queue();
    await worker().wake();
    const row = await rowOf(key);
    expect(row).toMatchObject({ state: 'accepted', attempts: 1, lastStatus: 200, leaseOwner: null });
    expect(row.acceptedAt).toBeInstanceOf(Date);
    expect(row.platformIds).toEqual([
      { resourceType: 'Encounter', id: expect.any(String), local: 'Encounter' },
    ]);
    expect(platformCount(key)).toMatchObject({ created: 1, duplicate: 0, id: row.platformIds[0].id });
    expect(contexts.at(-1)).toEqual({ organizationId: FIXTURE_ORG, encounterId: null });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'satusehat.send'), eq(auditLog.entityId, row.uid)));
    expect(audit).toMatchObject({ clinicId: MENTENG, entity: 'satusehatDelivery' });
    expect(audit.detail).toMatchObject({
      kind: 'encounter',
      registrationId,
      result: 'accepted',
      status: 200,
    });
  });

  it('counts a duplicate answer as delivered and keeps the id the platform names', async () => {
    const first = await queue();
    const w = worker();
    await w.wake();
    const sent = await rowOf(first);
    // the same visit again under another source: the platform has it already
    const again = await queue();
    plan.set(again, { identifier: first });
    await w.wake();
    const row = await rowOf(again);
    expect(row).toMatchObject({ state: 'accepted', lastStatus: 400, attempts: 1 });
    expect(row.platformIds).toEqual([
      { resourceType: 'Encounter', id: sent.platformIds[0].id, local: 'Encounter' },
    ]);
    expect(platformCount(first)).toMatchObject({ created: 1, duplicate: 1 });
  });

  it('parks a 4xx with the platform’s words and the field, and never sends it again by itself', async () => {
    const key = await queue();
    plan.set(key, { invalid: true });
    const w = worker();
    await w.wake();
    const row = await rowOf(key);
    expect(row).toMatchObject({ state: 'refused', lastStatus: 400, attempts: 1, issueCode: 'value' });
    expect(row.message).toMatch(/not in UTC/);
    expect(row.expression).toMatch(/^Bundle\.entry\[0\]\.resource\.period\.start$/);
    await t.database.db
      .update(satusehatDeliveries)
      .set({ nextAttemptAt: sql`now() - interval '1 hour'` })
      .where(eq(satusehatDeliveries.id, row.id));
    await w.wake();
    expect(await rowOf(key)).toMatchObject({ state: 'refused', attempts: 1 });
    expect(platformCount(key)).toMatchObject({ refused: 1, created: 0 });
  });

  it('waits at least as long as a 429’s Retry-After, then delivers', async () => {
    const key = await queue();
    fault({ kind: 'rate-limit', retryAfter: '30' });
    const w = worker();
    const before = Date.now();
    await w.wake();
    const row = await rowOf(key);
    expect(row).toMatchObject({ state: 'waiting', attempts: 1, lastStatus: 429, leaseOwner: null });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    await w.wake();
    expect((await rowOf(key)).state).toBe('waiting');
    // thirty seconds later
    await t.database.db
      .update(satusehatDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(satusehatDeliveries.id, row.id));
    await w.wake();
    expect(await rowOf(key)).toMatchObject({ state: 'accepted', attempts: 2 });
    expect(platformCount(key)).toMatchObject({ created: 1 });
  });

  it('retries a 500 and a plain-text 504, then delivers once', async () => {
    const key = await queue();
    fault({ kind: 'server-error' });
    fault({ kind: 'gateway-timeout' });
    // a back-off longer than a pass: one attempt per wake-up
    const w = worker({ backoff: { baseMs: 200, maxMs: 200 } });
    await w.wake();
    expect(await rowOf(key)).toMatchObject({ state: 'waiting', lastStatus: 500, attempts: 1 });
    await sleep(260);
    await w.wake();
    const second = await rowOf(key);
    expect(second).toMatchObject({ state: 'waiting', lastStatus: 504, attempts: 2 });
    expect(second.message).toBe('upstream request timeout');
    await sleep(260);
    await w.wake();
    expect(await rowOf(key)).toMatchObject({ state: 'accepted', attempts: 3, lastStatus: 200 });
    expect(platformCount(key)).toMatchObject({ created: 1, duplicate: 0 });
  });

  it('retries a send that timed out; the platform keeps one Encounter whichever arrives first', async () => {
    const key = await queue();
    fault({ kind: 'delay', delayMs: 1_500 });
    const w = worker({ backoff: { baseMs: 100, maxMs: 100 } }, 600);
    await w.wake();
    const timedOut = await rowOf(key);
    expect(timedOut).toMatchObject({ state: 'waiting', lastStatus: 0, attempts: 1 });
    expect(timedOut.message).toMatch(/no answer from SATUSEHAT/);
    const row = await untilSettled(w, key);
    expect(row.state).toBe('accepted');
    await sleep(1_600);
    const count = platformCount(key)!;
    expect(count.created).toBe(1);
    expect(row.platformIds[0].id).toBe(count.id);
  });

  it('takes back a row whose worker died mid-send once its lease ends, and sends it once', async () => {
    const dead = await queue();
    const held = await queue();
    await t.database.db
      .update(satusehatDeliveries)
      .set({ leaseOwner: 'killed-worker', leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(satusehatDeliveries.sourceKey, dead));
    await t.database.db
      .update(satusehatDeliveries)
      .set({ leaseOwner: 'live-worker', leaseUntil: sql`now() + interval '5 minutes'` })
      .where(eq(satusehatDeliveries.sourceKey, held));
    await worker().wake();
    expect(await rowOf(dead)).toMatchObject({ state: 'accepted', leaseOwner: null });
    expect(platformCount(dead)).toMatchObject({ created: 1, duplicate: 0 });
    expect(await rowOf(held)).toMatchObject({ state: 'waiting', leaseOwner: 'live-worker', attempts: 0 });
    expect(platformCount(held)).toBeUndefined();
  });

  it('lets a worker that outlived its lease change nothing the next one recorded', async () => {
    const key = await queue();
    fault({ kind: 'hang' });
    const slow = worker({ owner: 'slow-worker', leaseMs: 200 }, 1_500);
    const sending = slow.wake();
    // the slow worker's send hangs past its lease: the row is due again for another
    await sleep(500);
    await worker({ owner: 'next-worker' }).wake();
    expect(await rowOf(key)).toMatchObject({ state: 'accepted', attempts: 1, leaseOwner: null });
    await sending;
    expect(await rowOf(key)).toMatchObject({ state: 'accepted', attempts: 1, lastStatus: 200 });
    expect(platformCount(key)).toMatchObject({ created: 1, duplicate: 0 });
  });

  it('resends a row the platform took before the worker died: duplicate, accepted with the id', async () => {
    const sentBefore = await queue();
    const w = worker();
    await w.wake();
    const accepted = await rowOf(sentBefore);
    // the killed worker's row: the POST got through, its answer was never recorded
    const key = await queue();
    plan.set(key, { identifier: sentBefore });
    await t.database.db
      .update(satusehatDeliveries)
      .set({ leaseOwner: 'killed-worker', leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(satusehatDeliveries.sourceKey, key));
    await w.wake();
    expect((await rowOf(key)).platformIds[0].id).toBe(accepted.platformIds[0].id);
    expect(platformCount(sentBefore)).toMatchObject({ created: 1, duplicate: 1 });
  });

  it('two workers on one database send each of 50 rows exactly once', async () => {
    const keys = await Promise.all(Array.from({ length: 50 }, () => queue()));
    const one = worker({ batchSize: 5, owner: 'instance-a' });
    const two = worker({ batchSize: 5, owner: 'instance-b' });
    await Promise.all([one.wake(), two.wake(), one.wake(), two.wake()]);
    const rows = await t.database.db
      .select()
      .from(satusehatDeliveries)
      .where(inArray(satusehatDeliveries.sourceKey, keys));
    expect(rows.map((r) => r.state)).toEqual(Array(50).fill('accepted'));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    for (const key of keys)
      expect(platformCount(key)).toMatchObject({ created: 1, duplicate: 0, refused: 0 });
    const creates = t.simulator
      .received()
      .creates.filter((c) => keys.some((k) => c.identifier?.endsWith(`|${k}`)));
    expect(creates).toHaveLength(50);
  });

  it('loses nothing in an outage: the wait grows up to its cap, and the queue drains when the platform returns', async () => {
    const keys = await Promise.all(Array.from({ length: 6 }, () => queue()));
    fault({ kind: 'server-error', count: 40 });
    const w = worker({ batchSize: 3 });
    for (let i = 0; i < 200; i++) {
      await w.wake();
      const rows = await t.database.db
        .select()
        .from(satusehatDeliveries)
        .where(inArray(satusehatDeliveries.sourceKey, keys));
      for (const row of rows.filter((r) => r.state === 'waiting' && r.lastAttemptAt))
        expect(row.nextAttemptAt.getTime() - row.lastAttemptAt!.getTime()).toBeLessThanOrEqual(100 + 50);
      if (rows.every((r) => r.state === 'accepted')) break;
      await sleep(15);
    }
    const rows = await t.database.db
      .select()
      .from(satusehatDeliveries)
      .where(inArray(satusehatDeliveries.sourceKey, keys));
    expect(rows.map((r) => r.state)).toEqual(Array(6).fill('accepted'));
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(40 + 6);
    for (const key of keys) expect(platformCount(key)).toMatchObject({ created: 1, duplicate: 0 });
  });

  it('blocks what cannot be built, and lets a delivery wait for its visit’s Encounter without counting it', async () => {
    const noNik = await queue();
    plan.set(noNik, { blocked: 'patientNoNik' });
    const early = await queue();
    plan.set(early, { blocked: 'encounterNotAccepted' });
    const before = Date.now();
    await worker({ encounterWaitMs: 60_000 }).wake();
    expect(await rowOf(noNik)).toMatchObject({
      state: 'blocked',
      blockedReason: 'patientNoNik',
      message: 'Pasien belum punya NIK',
      attempts: 0,
    });
    const waiting = await rowOf(early);
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 0, blockedReason: null });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(platformCount(noNik)).toBeUndefined();
  });

  it('holds a result of a lab or MCU visit of its own (no Encounter will come), saying why', async () => {
    // a service visit registered at the desk, not ordered from a doctor's examination, with none
    const [own] = await t.database.db
      .select({ id: registrations.id })
      .from(registrations)
      .leftJoin(encounters, eq(encounters.registrationId, registrations.id))
      .where(
        and(
          eq(registrations.clinicId, MENTENG),
          eq(registrations.orderType, 'service'),
          isNull(registrations.serviceOrderUid),
          isNull(encounters.id),
        ),
      )
      .limit(1);
    expect(own).toBeDefined();
    const held = await queue(MENTENG, undefined, own!.id);
    plan.set(held, { blocked: 'encounterNotAccepted' });
    const early = await queue();
    plan.set(early, { blocked: 'encounterNotAccepted' });
    await worker({ encounterWaitMs: 60_000 }).wake();
    expect(await rowOf(held)).toMatchObject({
      state: 'blocked',
      blockedReason: 'visitWithoutEncounter',
      attempts: 0,
    });
    // a doctor's visit still waits for its Encounter
    expect(await rowOf(early)).toMatchObject({ state: 'waiting', blockedReason: null });
  });

  it('blocks a clinic without SATUSEHAT settings as not configured', async () => {
    await t.database.db.delete(satusehatSettings).where(eq(satusehatSettings.clinicId, CIKARANG));
    const key = await queue(CIKARANG);
    await worker().wake();
    expect(await rowOf(key)).toMatchObject({ state: 'blocked', blockedReason: 'notConfigured' });
    expect(platformCount(key)).toBeUndefined();
  });

  it('started, is woken by a queued row (not its poll) and stops cleanly', async () => {
    const w = worker({ listen: t.database.listen, pollMs: 60_000 });
    await w.start();
    const key = `REG-${newUid().slice(0, 12)}`;
    await t.database.db.transaction((tx) =>
      enqueueDelivery(tx, {
        corpId: 1,
        clinicId: MENTENG,
        kind: 'encounter',
        sourceKey: key,
        registrationId,
        clinicDay: '2025-03-01',
      }),
    );
    let row = await rowOf(key);
    for (let i = 0; i < 100 && row.state !== 'accepted'; i++) {
      await sleep(20);
      row = await rowOf(key);
    }
    expect(row.state).toBe('accepted');
    await w.stop();
    const after = await queue();
    await sleep(100);
    expect((await rowOf(after)).state).toBe('waiting');
    expect(await w.wake()).toBe(0);
  });
});
