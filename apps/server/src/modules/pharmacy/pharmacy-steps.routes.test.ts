import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispensedItems, domainEvents, drugs, prescriptions } from '../../db/schema/index.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { day, inventoryKit } from '../inventory/test/inventory-kit.ts';
import { drugLine, pharmacyKit, racikanLine } from './test/pharmacy-kit.ts';

/**
 * The pharmacy's review and handover in detail (issue 17 §1–3): interactions flagged, substitutes,
 * batches chosen against FEFO, racikan taking its ingredients' stock and its fees, a return
 * putting stock back once, the labels and the waiting-room call.
 */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let rxKit: ReturnType<typeof pharmacyKit>;
let pharmacy: string;

const rx = (uid: string) => `/pharmacy/prescriptions/${uid}`;
const move = (uid: string, action: string, reason?: string) =>
  kit.call('POST', `${rx(uid)}/moves`, 'farmasi', { action, reason });
const dispense = (uid: string, body: object) =>
  kit.call('POST', `${rx(uid)}/dispense`, 'farmasi', body as object);
async function toReady(uid: string) {
  for (const action of ['review', 'prepare', 'ready']) {
    const res = await move(uid, action);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }
}
/** A drug of the master with this generic name (TAB, 500 mg), stocked at the pharmacy. */
async function stocked(name: string, genericName: string, batches: object[] = [{ quantity: 50 }]) {
  const uid = await kit.newItem(name);
  await ctx.database.db.update(drugs).set({ genericName }).where(eq(drugs.uid, uid));
  for (const b of batches) {
    const res = await kit.receive(pharmacy, uid, b);
    expect(res.statusCode, res.body).toBe(200);
  }
  return uid;
}
const onHand = async (item: string) => (await kit.stockOf(pharmacy, item))?.onHand ?? 0;
const dispensedEvent = async (uid: string) => {
  const [event] = await ctx.database.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'prescription.dispensed'), eq(domainEvents.aggregateId, uid)));
  return event.payload as Record<string, unknown>;
};

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  const db = ctx.database.db;
  await kit.login(['farmasi'], ['dokter'], ['pendaftaran'], ['superadmin'], ['kasir'], ['admin']);
  const dokterId = (await userByName(db, 'dokter')).doctorId!;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  pharmacy = await kit.newLocation('Apotek Etiket Uji', 'pharmacy');
  rxKit = pharmacyKit(ctx, kit, dokterId);
}, 120_000);
afterAll(() => ctx.close());

describe('interactions', () => {
  it('flags pairs of the table among lines and racikan ingredients; the review marks the check', async () => {
    const cipro = await stocked('Ciprofloxacin Uji', 'Siprofloksasin');
    const antacid = await stocked('Antasida Uji', 'Aluminium hidroksida + magnesium hidroksida');
    const captopril = await stocked('Captopril Uji', 'Kaptopril');
    const ibuprofen = await stocked('Ibuprofen Uji', 'Ibuprofen');
    const { uid } = await rxKit.prescribe([
      drugLine(cipro, 'Ciprofloxacin 500 mg', 10),
      drugLine(antacid, 'Antasida DOEN', 10),
      drugLine(captopril, 'Captopril 25 mg', 10),
      racikanLine(5, [
        { drugId: ibuprofen, name: 'Ibuprofen 500 mg', amount: '1/2 tab' },
        { drugId: null, name: 'Laktosa', amount: '100 mg' },
      ]),
    ]);
    const read = await kit.must('GET', rx(uid));
    expect(read.interactions).toEqual([
      {
        lines: [0, 1],
        drugs: ['Ciprofloxacin 500 mg', 'Antasida DOEN'],
        severity: 'moderate',
        effect: expect.stringContaining('Absorpsi kuinolon berkurang'),
      },
      {
        lines: [2, 3],
        drugs: ['Captopril 25 mg', 'Ibuprofen 500 mg'],
        severity: 'moderate',
        effect: expect.stringContaining('Efek antihipertensi berkurang'),
      },
    ]);
    expect(read.lines[0]).toMatchObject({
      signa: '3 x sehari 1 tablet sesudah makan',
      labelColour: 'white',
      substitute: null,
      ingredients: [],
    });
    expect(read.lines[3].ingredients).toEqual([
      { name: 'Ibuprofen 500 mg', itemUid: ibuprofen, baseUnit: 'TAB', quantity: 2.5, available: 50 },
      { name: 'Laktosa', itemUid: null, baseUnit: null, quantity: 0, available: null },
    ]);
    expect(read.fees).toEqual({ compounding: 5000, packaging: 2500 });
    await move(uid, 'review');
    const saved = await kit.must('PUT', `${rx(uid)}/review`, { checks: { patientIdentity: { ok: true } } });
    expect(saved.review.checks.interaction).toMatchObject({ ok: false });
  }, 60_000);
});

describe('substitutions', () => {
  it('records a substitute with its reason, takes its stock at the handover and shows it to the doctor', async () => {
    const asked = await stocked('Amoksisilin Habis Uji', 'Amoksisilin', []);
    const other = await stocked('Amoksisilin Ganti Uji', 'Amoksisilin', [
      { batchNumber: 'G1', quantity: 30 },
    ]);
    const { uid, encounter } = await rxKit.prescribe([drugLine(asked, 'Amoxicillin 500 mg', 10)]);
    const body = { line: 0, itemUid: other, reason: 'Stok kosong, merek lain zat sama' };
    const early = await kit.call('POST', `${rx(uid)}/substitutions`, 'farmasi', body);
    expect(early.statusCode, early.body).toBe(409);
    await move(uid, 'review');
    const bare = await kit.call('POST', `${rx(uid)}/substitutions`, 'farmasi', { ...body, reason: ' ' });
    expect(bare.statusCode).toBe(400);
    expect(json(bare).errors).toEqual([{ path: 'reason', message: 'Alasan wajib diisi' }]);
    const unknownLine = await kit.call('POST', `${rx(uid)}/substitutions`, 'farmasi', { ...body, line: 4 });
    expect(unknownLine.statusCode).toBe(400);
    const res = await kit.call('POST', `${rx(uid)}/substitutions`, 'farmasi', body);
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data.lines[0]).toMatchObject({
      substitute: { itemUid: other, name: 'Amoksisilin Ganti Uji 500 mg', reason: body.reason },
      available: 30,
    });
    expect(data.events.at(-1)).toMatchObject({ action: 'substitute', from: 'in_review', to: 'in_review' });
    expect(kit.call('POST', `${rx(uid)}/substitutions`, 'kasir', body)).resolves.toMatchObject({
      statusCode: 403,
    });

    await move(uid, 'prepare');
    await move(uid, 'ready');
    const given = await dispense(uid, { requestKey: 'ganti-serah-01' });
    expect(given.statusCode, given.body).toBe(200);
    expect(await onHand(other)).toBe(20);
    const note = await kit.must('GET', `/consultations/encounters/${encounter}`, undefined, 'dokter');
    expect(note.prescriptionSubstitutions).toEqual([
      { line: 0, from: 'Amoxicillin 500 mg', to: 'Amoksisilin Ganti Uji 500 mg', reason: body.reason },
    ]);
    // after the handover no substitute is taken any more
    expect((await kit.call('POST', `${rx(uid)}/substitutions`, 'farmasi', body)).statusCode).toBe(409);
  }, 60_000);
});

describe('batches chosen by hand', () => {
  it('refuses batches other than FEFO without a reason, takes them with one and keeps the reason', async () => {
    const item = await stocked('Parasetamol Batch Uji', 'Parasetamol', [
      { batchNumber: 'SOON', expiryDate: day(60), quantity: 10 },
      { batchNumber: 'LATE', expiryDate: day(400), quantity: 10 },
    ]);
    const { uid } = await rxKit.prescribe([drugLine(item, 'Paracetamol 500 mg', 6)]);
    await toReady(uid);
    const late = {
      requestKey: 'batch-late-01',
      lines: [{ line: 0, quantity: 6, batches: [{ batchNumber: 'LATE', quantity: 6 }] }],
    };
    const bare = await dispense(uid, late);
    expect(bare.statusCode).toBe(400);
    expect(json(bare).errors?.[0]?.path).toBe('overrideReason');
    const unknown = await dispense(uid, {
      ...late,
      requestKey: 'batch-none-01',
      overrideReason: 'Batch lama rusak',
      lines: [{ line: 0, quantity: 6, batches: [{ batchNumber: 'NOPE', quantity: 6 }] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).errors?.[0]?.path).toBe('lines.0.batches.0.batchNumber');
    const short = await dispense(uid, {
      requestKey: 'batch-short-1',
      lines: [{ line: 0, quantity: 6, batches: [{ batchNumber: 'SOON', quantity: 6 }] }],
    });
    expect(short.statusCode).toBe(200);
    // FEFO chosen by hand needs no reason: that handover went through; a new prescription for the override
    expect(await onHand(item)).toBe(14);
    const second = await rxKit.prescribe([drugLine(item, 'Paracetamol 500 mg', 6)]);
    await toReady(second.uid);
    const over = await dispense(second.uid, {
      requestKey: 'batch-late-02',
      overrideReason: 'Pasien minta kedaluwarsa panjang (stok pulang kampung)',
      lines: [{ line: 0, quantity: 6, batches: [{ batchNumber: 'LATE', quantity: 6 }] }],
    });
    expect(over.statusCode, over.body).toBe(200);
    const stock = await kit.stockOf(pharmacy, item);
    expect(stock.batches).toMatchObject([
      { batchNumber: 'SOON', quantity: 4 },
      { batchNumber: 'LATE', quantity: 4 },
    ]);
    const rows = await ctx.database.db
      .select({ batch: dispensedItems.batchNumber, reason: dispensedItems.overrideReason })
      .from(dispensedItems)
      .innerJoin(prescriptions, eq(prescriptions.id, dispensedItems.prescriptionId))
      .where(eq(prescriptions.uid, second.uid));
    expect(rows).toEqual([
      { batch: 'LATE', reason: 'Pasien minta kedaluwarsa panjang (stok pulang kampung)' },
    ]);
    expect(await dispensedEvent(second.uid)).toMatchObject({
      overrideReason: 'Pasien minta kedaluwarsa panjang (stok pulang kampung)',
    });
    // more than the batch holds: 409 naming the batch
    const third = await rxKit.prescribe([drugLine(item, 'Paracetamol 500 mg', 6)]);
    await toReady(third.uid);
    const tooMuch = await dispense(third.uid, {
      requestKey: 'batch-much-03',
      overrideReason: 'Uji',
      lines: [{ line: 0, quantity: 6, batches: [{ batchNumber: 'LATE', quantity: 6 }] }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(json(tooMuch).errors?.[0]?.path).toBe('lines.0.batches.0.quantity');
  }, 90_000);
});

describe('racikan', () => {
  it('takes each ingredient per packet times the packets, charges the fees and refuses an unreadable amount', async () => {
    const ctm = await stocked('CTM Racik Uji', 'Klorfeniramin maleat', [{ batchNumber: 'C1', quantity: 40 }]);
    const ambroxol = await stocked('Ambroksol Racik Uji', 'Ambroksol', [{ batchNumber: 'A1', quantity: 40 }]);
    const { uid } = await rxKit.prescribe([
      racikanLine(10, [
        { drugId: ctm, name: 'CTM 4 mg', amount: '1/2 tab' },
        { drugId: ambroxol, name: 'Ambroxol 500 mg', amount: '250 mg' },
      ]),
    ]);
    await toReady(uid);
    const partial = await dispense(uid, { requestKey: 'racik-part-01', lines: [{ line: 0, quantity: 4 }] });
    expect(partial.statusCode).toBe(400);
    const res = await dispense(uid, { requestKey: 'racik-serah-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'dispensed', lines: [{ dispensed: 10, owed: 0 }] });
    expect(await onHand(ctm)).toBe(35);
    expect(await onHand(ambroxol)).toBe(35);
    const payload = await dispensedEvent(uid);
    expect(payload.lines).toMatchObject([
      { line: 0, ingredient: 0, itemUid: ctm, quantity: 5, batchNumber: 'C1' },
      { line: 0, ingredient: 1, itemUid: ambroxol, quantity: 5, batchNumber: 'A1' },
    ]);
    expect(payload.fees).toEqual([
      { line: 0, kind: 'compounding', quantity: 1, unitPrice: 5000, amount: 5000 },
      { line: 0, kind: 'packaging', quantity: 10, unitPrice: 500, amount: 5000 },
    ]);

    // an amount in mg of a drug without a strength in the master is refused, naming the ingredient
    await ctx.database.db.update(drugs).set({ strength: null }).where(eq(drugs.uid, ambroxol));
    const bad = await rxKit.prescribe([
      racikanLine(4, [
        { drugId: ctm, name: 'CTM 4 mg', amount: '1 tablet' },
        { drugId: ambroxol, name: 'Ambroxol', amount: '250 mg' },
      ]),
    ]);
    await toReady(bad.uid);
    const refused = await dispense(bad.uid, { requestKey: 'racik-salah-01' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toContain('Ambroxol');
    expect(await onHand(ctm)).toBe(35);
  }, 90_000);
});

describe('return', () => {
  it('puts the dispensed stock back into its batches once, with the reason', async () => {
    const item = await stocked('Obat Retur Uji', 'Loratadin', [{ batchNumber: 'R1', quantity: 20 }]);
    const { uid } = await rxKit.prescribe([drugLine(item, 'Loratadine 10 mg', 8)]);
    await toReady(uid);
    expect((await dispense(uid, { requestKey: 'retur-serah-1' })).statusCode).toBe(200);
    expect(await onHand(item)).toBe(12);
    const back = await move(uid, 'return', 'Pasien alergi, obat belum dibuka');
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back).data.status).toBe('returned');
    expect(await onHand(item)).toBe(20);
    const card = await kit.card(pharmacy, item);
    const rows = (card.docs ?? card.movements ?? card) as {
      kind: string;
      reason: string | null;
      quantity: number;
    }[];
    expect(rows.find((m) => m.kind === 'return_patient')).toMatchObject({
      quantity: 8,
      reason: 'Pasien alergi, obat belum dibuka',
    });
    expect((await move(uid, 'return', 'Lagi')).statusCode).toBe(409);
    expect(await onHand(item)).toBe(20);
    expect(await kit.consistency()).toMatchObject({ mismatches: [] });
  }, 60_000);
});

describe('labels and the waiting-room call', () => {
  it('prints one label per line as a PDF, 404 for another clinic’s prescription', async () => {
    const item = await stocked('Salep Etiket Uji', 'Gentamisin', [
      { batchNumber: 'E1', expiryDate: day(90) },
    ]);
    const { uid } = await rxKit.prescribe([
      drugLine(item, 'Gentamicin salep', 1, { route: 'topical', dose: 'oles tipis', unit: 'tube' }),
    ]);
    const read = await kit.must('GET', rx(uid));
    expect(read.lines[0]).toMatchObject({
      labelColour: 'blue',
      signa: '3 x sehari oles tipis sesudah makan',
    });
    for (const paper of ['roll80', 'label']) {
      const res = await kit.call('GET', `${rx(uid)}/labels?paper=${paper}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect((await kit.call('GET', `${rx(uid)}/labels?paper=a3`)).statusCode).toBe(400);
    expect((await kit.call('GET', `${rx(uid)}/labels`, 'kasir')).statusCode).toBe(403);
    await ctx.database.db.update(prescriptions).set({ clinicId: 11 }).where(eq(prescriptions.uid, uid));
    expect((await kit.call('GET', `${rx(uid)}/labels`)).statusCode).toBe(404);
  }, 60_000);

  it('calls the patient to the pharmacy on the waiting-room display when the drugs are ready', async () => {
    const item = await stocked('Obat Panggil Uji', 'Setirizin');
    const { uid, queueNumber } = await rxKit.prescribe([drugLine(item, 'Cetirizine 10 mg', 5)]);
    const link = await kit.must('POST', '/registrations/display-link', { clinicId: 10 }, 'superadmin');
    await toReady(uid);
    const board = await ctx.app.inject({ method: 'GET', url: `${API}/display/${link.token}` });
    expect(board.statusCode, board.body).toBe(200);
    const calls = json(board).data.calls as { _id: string; queueNumber: string; room: string }[];
    expect(calls[0]).toMatchObject({ _id: uid, queueNumber, room: 'Farmasi' });
    expect(JSON.stringify(json(board).data)).not.toContain('Pasien Etiket');
  }, 60_000);
});

describe('the clinic’s racikan fees', () => {
  it('answers the defaults, lets who keeps the tariffs set them and charges them at the next handover', async () => {
    expect(await kit.must('GET', '/pharmacy/settings?clinicId=10')).toEqual({
      clinicId: 10,
      compoundingPerLine: 5000,
      packagingPerPacket: 500,
    });
    const body = { clinicId: 10, compoundingPerLine: 7500, packagingPerPacket: 1000 };
    expect((await kit.call('PUT', '/pharmacy/settings', 'farmasi', body)).statusCode).toBe(403);
    const bad = await kit.call('PUT', '/pharmacy/settings', 'admin', { ...body, packagingPerPacket: 12.5 });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors?.[0]?.path).toBe('packagingPerPacket');
    expect(await kit.must('PUT', '/pharmacy/settings', body, 'admin')).toEqual(body);
    expect((await kit.call('GET', '/pharmacy/settings?clinicId=11')).statusCode).toBe(403);

    const ctm = await stocked('CTM Tarif Uji', 'Klorfeniramin maleat', [{ batchNumber: 'T1', quantity: 20 }]);
    const { uid } = await rxKit.prescribe([
      racikanLine(6, [
        { drugId: ctm, name: 'CTM 4 mg', amount: '1/2 tab' },
        { drugId: null, name: 'Laktosa', amount: '100 mg' },
      ]),
    ]);
    expect((await kit.must('GET', rx(uid))).fees).toEqual({ compounding: 7500, packaging: 6000 });
    await toReady(uid);
    expect((await dispense(uid, { requestKey: 'tarif-serah-01' })).statusCode).toBe(200);
    expect((await dispensedEvent(uid)).fees).toEqual([
      { line: 0, kind: 'compounding', quantity: 1, unitPrice: 7500, amount: 7500 },
      { line: 0, kind: 'packaging', quantity: 6, unitPrice: 1000, amount: 6000 },
    ]);
    expect(await onHand(ctm)).toBe(17);
  }, 60_000);
});
