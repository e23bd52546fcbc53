import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispensedItems, domainEvents, drugs, encounters, prescriptions } from '../../db/schema/index.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { day, inventoryKit } from '../inventory/test/inventory-kit.ts';

/**
 * The pharmacy queue through the API: the doctor's prescription reviewed, prepared and handed over
 * by `farmasi`, stock leaving by batch first-expiry-first-out, the visit going on to the cashier.
 */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let dokterId: number;
let pharmacy: string;
let nikSerial = 4100;

const rx = (uid: string) => `/pharmacy/prescriptions/${uid}`;

/** A visit at clinic 10 examined by dokter, finished with one line of `drugUid`; answers its uids. */
async function prescribed(drugUid: string, quantity = 9, patient: object = {}) {
  const created = await kit.must(
    'POST',
    '/patients',
    {
      clinicId: 10,
      name: `Pasien Farmasi ${nikSerial}`,
      sex: 'F',
      dob: '02/05/1985',
      nik: `317106420585${String(nikSerial++).padStart(4, '0')}`,
      ...patient,
    },
    'superadmin',
  );
  const visit = await kit.must(
    'POST',
    '/registrations/registrations',
    { clinicId: 10, patientId: created.uid, orderType: 'doctor', doctorId: dokterId, payerType: 'self' },
    'pendaftaran',
  );
  const call = kit.call as (m: string, u: string, w: string, p?: object) => ReturnType<typeof kit.call>;
  const moved = await call('PATCH', `/registrations/registrations/${visit._id}`, 'dokter', {
    clinicId: 10,
    updateField: { status: 'Examination' },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const opened = await kit.must('POST', '/consultations/encounters', { registrationId: visit._id }, 'dokter');
  const line = {
    kind: 'drug',
    drugId: drugUid,
    name: 'Paracetamol 500 mg',
    dose: '1 tablet',
    frequency: '3x sehari',
    route: 'oral',
    durationDays: 3,
    quantity,
    unit: 'tablet',
  };
  const saved = await kit.must(
    'PUT',
    `/consultations/encounters/${opened.uid}`,
    { ...NOTE, prescription: [line], version: opened.version },
    'dokter',
  );
  await kit.must(
    'POST',
    `/consultations/encounters/${opened.uid}/finish`,
    { version: saved.version },
    'dokter',
  );
  const db = ctx.database.db;
  const [row] = await db
    .select({ uid: prescriptions.uid })
    .from(prescriptions)
    .innerJoin(encounters, eq(encounters.id, prescriptions.encounterId))
    .where(eq(encounters.uid, opened.uid));
  return { uid: row.uid, registration: visit._id as string, mrn: created.mrn as string };
}

const NOTE = {
  ...Object.fromEntries(
    ['systolic', 'diastolic', 'pulse', 'respiratoryRate', 'temperature', 'spo2', 'weight', 'height'].map(
      (k) => [k, null],
    ),
  ),
  subjective: 'Demam',
  objective: null,
  assessment: null,
  plan: null,
  diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
  procedures: [],
  orders: [],
  referral: null,
};

const move = (uid: string, action: string, reason?: string) =>
  kit.call('POST', `${rx(uid)}/moves`, 'farmasi', { action, reason });

async function toReady(uid: string) {
  for (const action of ['review', 'prepare', 'ready']) {
    const res = await move(uid, action);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }
}

const dispense = (uid: string, requestKey: string, lines: object[] = []) =>
  kit.call('POST', `${rx(uid)}/dispense`, 'farmasi', { requestKey, lines });

const visitStatus = async (registration: string) =>
  (await kit.must('GET', `/registrations/registrations/${registration}`, undefined, 'dokter')).status;

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  const db = ctx.database.db;
  await kit.login(['farmasi'], ['dokter'], ['pendaftaran'], ['superadmin'], ['kasir']);
  dokterId = (await userByName(db, 'dokter')).doctorId!;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  pharmacy = await kit.newLocation('Apotek Farmasi Uji', 'pharmacy');
}, 120_000);
afterAll(() => ctx.close());

describe('the whole path', () => {
  it('reviews, prepares, readies and hands over: stock leaves by batch FEFO, the visit goes to payment', async () => {
    const item = await kit.newItem('Paracetamol Uji');
    await kit.receive(pharmacy, item, { batchNumber: 'LATE', expiryDate: day(300), quantity: 20 });
    await kit.receive(pharmacy, item, { batchNumber: 'SOON', expiryDate: day(40), quantity: 5 });
    const { uid, registration, mrn } = await prescribed(item);

    const queue = await kit.must('GET', `/pharmacy/prescriptions?clinicId=10&search=${mrn}`);
    expect(queue.docs).toMatchObject([
      {
        uid,
        status: 'submitted',
        racikan: false,
        priority: 'normal',
        standardMinutes: 30,
        overStandard: false,
      },
    ]);
    const read = await kit.must('GET', rx(uid));
    expect(read.lines[0]).toMatchObject({ available: 25, owed: 9, baseUnit: 'TAB' });
    expect(read.pharmacyLocation.uid).toBe(pharmacy);

    await toReady(uid);
    const res = await dispense(uid, 'serah-pertama-01');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'dispensed', lines: [{ dispensed: 9, owed: 0 }] });
    expect(json(res).data.events.map((e: { to: string }) => e.to)).toEqual([
      'in_review',
      'preparing',
      'ready',
      'dispensed',
    ]);
    expect(await visitStatus(registration)).toBe('Payment');
    const stock = await kit.stockOf(pharmacy, item);
    expect(stock.onHand).toBe(16);
    expect(stock.batches).toMatchObject([{ batchNumber: 'LATE', expiryDate: day(300), quantity: 16 }]);

    const db = ctx.database.db;
    const given = await db
      .select({ batch: dispensedItems.batchNumber, quantity: dispensedItems.quantity })
      .from(dispensedItems)
      .innerJoin(prescriptions, eq(prescriptions.id, dispensedItems.prescriptionId))
      .where(eq(prescriptions.uid, uid));
    expect(given).toEqual([
      { batch: 'SOON', quantity: 5 },
      { batch: 'LATE', quantity: 4 },
    ]);
    const events = await db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'prescription.dispensed'), eq(domainEvents.aggregateId, uid)));
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      status: 'dispensed',
      lines: [
        { batchNumber: 'SOON', quantity: 5, unitPrice: 1000 },
        { batchNumber: 'LATE', quantity: 4, unitPrice: 1000 },
      ],
    });

    // the same request again (a double click, a retry): answered, nothing dispensed twice
    const again = await dispense(uid, 'serah-pertama-01');
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).data.status).toBe('dispensed');
    expect((await kit.stockOf(pharmacy, item)).onHand).toBe(16);
    expect(await kit.consistency()).toMatchObject({ mismatches: [] });
    // a new request on a dispensed order is refused
    expect((await dispense(uid, 'serah-kedua-002')).statusCode).toBe(409);
  }, 60_000);
});

describe('partial dispensing and refusals', () => {
  it('leaves the rest owed on a partial handover and finishes it later', async () => {
    const item = await kit.newItem('Amoksisilin Uji');
    await kit.receive(pharmacy, item, { batchNumber: 'A1', quantity: 20 });
    const { uid, registration } = await prescribed(item, 10);
    await toReady(uid);
    const part = await dispense(uid, 'sebagian-0001', [{ line: 0, quantity: 4 }]);
    expect(part.statusCode, part.body).toBe(200);
    expect(json(part).data).toMatchObject({
      status: 'partially_dispensed',
      lines: [{ dispensed: 4, owed: 6 }],
    });
    expect(await visitStatus(registration)).toBe('Prescription Waiting');
    const over = await dispense(uid, 'sebagian-0002', [{ line: 0, quantity: 7 }]);
    expect(over.statusCode).toBe(400);
    const rest = await dispense(uid, 'sebagian-0003');
    expect(json(rest).data).toMatchObject({ status: 'dispensed', lines: [{ dispensed: 10, owed: 0 }] });
    expect(await visitStatus(registration)).toBe('Payment');
    expect((await kit.stockOf(pharmacy, item)).onHand).toBe(10);
  }, 60_000);

  it('closes a partial handover when the rest owed is cancelled with a reason', async () => {
    const item = await kit.newItem('Sisa Batal Uji');
    await kit.receive(pharmacy, item, { batchNumber: 'S1', quantity: 5 });
    const { uid, registration } = await prescribed(item, 10);
    await toReady(uid);
    expect((await dispense(uid, 'sisa-batal-0001', [{ line: 0, quantity: 5 }])).statusCode).toBe(200);
    expect(await visitStatus(registration)).toBe('Prescription Waiting');
    // the rest is not given after all: a reason is required, then the order is done with 5
    expect((await move(uid, 'cancelRest')).statusCode).toBe(400);
    const closed = await move(uid, 'cancelRest', 'Pasien membeli sisa obat di apotek lain');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed).data).toMatchObject({ status: 'dispensed', lines: [{ dispensed: 5 }] });
    expect(json(closed).data.events.at(-1)).toMatchObject({
      action: 'cancelRest',
      reason: 'Pasien membeli sisa obat di apotek lain',
    });
    expect(await visitStatus(registration)).toBe('Payment');
    expect((await kit.stockOf(pharmacy, item)).onHand).toBe(0);
  }, 60_000);

  it('refuses dispensing more than on hand (409) and changes nothing', async () => {
    const item = await kit.newItem('Obat Kurang Uji');
    await kit.receive(pharmacy, item, { batchNumber: 'K1', quantity: 3 });
    const { uid, registration } = await prescribed(item, 9);
    await toReady(uid);
    const res = await dispense(uid, 'kurang-000001');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Stok tidak cukup: tersedia 3 TAB');
    const after = await kit.must('GET', rx(uid));
    expect(after).toMatchObject({ status: 'ready', lines: [{ dispensed: 0, owed: 9, available: 3 }] });
    expect(after.events).toHaveLength(3);
    expect(await visitStatus(registration)).toBe('Prescription Waiting');
    expect((await kit.stockOf(pharmacy, item)).onHand).toBe(3);
  }, 60_000);

  it('asks a reason to hold, then resumes the review; an illegal move is 409', async () => {
    const item = await kit.newItem('Obat Tahan Uji');
    const { uid } = await prescribed(item, 2);
    expect((await move(uid, 'prepare')).statusCode).toBe(409);
    expect((await move(uid, 'review')).statusCode).toBe(200);
    const bare = await move(uid, 'hold');
    expect(bare.statusCode).toBe(400);
    expect(json(bare).errors).toEqual([{ path: 'reason', message: 'Alasan wajib diisi' }]);
    const held = await move(uid, 'hold', 'Dosis ditanyakan ke dokter');
    expect(json(held).data.status).toBe('on_hold');
    expect(json(held).data.events.at(-1)).toMatchObject({
      from: 'in_review',
      to: 'on_hold',
      reason: 'Dosis ditanyakan ke dokter',
    });
    expect(json(await move(uid, 'resume')).data.status).toBe('in_review');
  }, 60_000);
});

describe('the review', () => {
  it('flags an allergy on the record and keeps the pharmacist’s answers beside the automatic check', async () => {
    const item = await kit.newItem('Paracetamol Alergi Uji');
    await ctx.database.db.update(drugs).set({ genericName: 'Paracetamol' }).where(eq(drugs.uid, item));
    const { uid } = await prescribed(item, 6, { allergies: 'udang, PARACETAMOL' });
    await move(uid, 'review');
    const read = await kit.must('GET', rx(uid));
    expect(read.allergies).toBe('udang, PARACETAMOL');
    expect(read.lines[0].flags).toEqual({ allergy: 'paracetamol', duplicateOf: null });
    const saved = await kit.must('PUT', `${rx(uid)}/review`, {
      checks: { patientIdentity: { ok: true }, dose: { ok: false, note: 'Dosis anak' } },
    });
    expect(saved.review.checks).toMatchObject({
      patientIdentity: { ok: true, note: null },
      dose: { ok: false, note: 'Dosis anak' },
      allergy: { ok: false, note: 'Paracetamol 500 mg: paracetamol' },
    });
  }, 60_000);
});

describe('scope', () => {
  it('answers another clinic’s prescription 404 and its queue 403; a cashier may not dispense', async () => {
    const item = await kit.newItem('Obat Lingkup Uji');
    const { uid } = await prescribed(item, 1);
    expect((await kit.call('POST', `${rx(uid)}/moves`, 'kasir', { action: 'review' })).statusCode).toBe(403);
    await ctx.database.db.update(prescriptions).set({ clinicId: 11 }).where(eq(prescriptions.uid, uid));
    expect((await kit.call('GET', rx(uid))).statusCode).toBe(404);
    expect((await move(uid, 'review')).statusCode).toBe(404);
    expect((await kit.call('GET', '/pharmacy/prescriptions?clinicId=11')).statusCode).toBe(403);
  }, 60_000);
});
