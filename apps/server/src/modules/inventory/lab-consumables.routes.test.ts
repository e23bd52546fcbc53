import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../db/schema/index.ts';
import { addForeignCorporate } from '../../test/staff-fixtures.ts';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { day, inventoryKit } from './test/inventory-kit.ts';

/**
 * The lab's consumables (issue 17 §4): the list per container and per blood draw is kept per
 * corporate (items of another corporate refused, input validated), and taking a sample takes the
 * container's items — and with the visit's first blood tube, one blood draw's set — out of the
 * clinic's lab location, first expiry first out, once however often the step is repeated.
 */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let lab: string;
const items: Record<string, string> = {};

const consumable = (name: string) =>
  kit.newItem(name, { kind: 'consumable', drugClass: null, baseUnit: 'pcs', units: [] }, 'superadmin');

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  kit = inventoryKit(ctx);
  await kit.login(['farmasi'], ['superadmin'], ['lab'], ['adminlain', 'rahasia123']);
  lab = await kit.newLocation('Laboratorium Cikarang', 'lab', 11, 'superadmin');
  for (const name of ['Tabung EDTA Uji', 'Tabung Serum Uji', 'Pot Urin Uji', 'Jarum Uji', 'Plester Uji'])
    items[name] = await consumable(name);
  const receive = async (name: string, batchNumber: string, expiryDate: string, quantity: number) => {
    const res = await kit.receive(
      lab,
      items[name],
      { batchNumber, expiryDate, quantity, unit: 'pcs', unitCost: 1_000 },
      'superadmin',
    );
    expect(res.statusCode, res.body).toBe(200);
  };
  await receive('Tabung EDTA Uji', 'E-LATE', day(400), 20);
  await receive('Tabung EDTA Uji', 'E-SOON', day(50), 1);
  await receive('Tabung Serum Uji', 'S1', day(300), 20);
  await receive('Pot Urin Uji', 'U1', day(300), 20);
  await receive('Jarum Uji', 'J1', day(300), 20);
  await receive('Plester Uji', 'P1', day(300), 20);
});
afterAll(() => ctx.close());

const save = (lines: object[], who = 'superadmin') =>
  kit.call('PUT', '/inventory/lab-consumables?clinicId=11', who, { lines });

describe('the lab consumables list', () => {
  it('is saved whole and read back with the items’ names, saying the clinic has a lab location', async () => {
    const res = await save([
      { key: 'edta', itemUid: items['Tabung EDTA Uji'], quantity: 1 },
      { key: 'plain', itemUid: items['Tabung Serum Uji'], quantity: 1 },
      { key: 'urinePot', itemUid: items['Pot Urin Uji'], quantity: 1 },
      { key: 'venipuncture', itemUid: items['Jarum Uji'], quantity: 1 },
      { key: 'venipuncture', itemUid: items['Plester Uji'], quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Daftar BHP laboratorium berhasil disimpan');
    const read = await kit.must('GET', '/inventory/lab-consumables?clinicId=11', undefined, 'superadmin');
    expect(read.labLocation).toBe(true);
    expect(
      read.lines.map((l: { key: string; itemName: string; quantity: number }) => [
        l.key,
        l.itemName,
        l.quantity,
      ]),
    ).toEqual([
      ['edta', 'Tabung EDTA Uji 500 mg', 1],
      ['plain', 'Tabung Serum Uji 500 mg', 1],
      ['urinePot', 'Pot Urin Uji 500 mg', 1],
      ['venipuncture', 'Jarum Uji 500 mg', 1],
      ['venipuncture', 'Plester Uji 500 mg', 2],
    ]);
    const menteng = await kit.must('GET', '/inventory/lab-consumables?clinicId=10', undefined, 'superadmin');
    expect(menteng.labLocation).toBe(false);
  });

  it('refuses a line twice, an unknown container, a bad quantity and another corporate’s item, changing nothing', async () => {
    const twice = await save([
      { key: 'edta', itemUid: items['Jarum Uji'], quantity: 1 },
      { key: 'edta', itemUid: items['Jarum Uji'], quantity: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(json(twice))).toContain('Barang yang sama tercantum dua kali untuk satu wadah');
    const bad = await save([{ key: 'bottle', itemUid: items['Jarum Uji'], quantity: 0 }]);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors!.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['lines.0.key', 'lines.0.quantity']),
    );
    const unknown = await save([{ key: 'edta', itemUid: 'not-an-item', quantity: 1 }]);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).errors![0].path).toBe('lines.0.itemUid');
    // another corporate cannot see or use this corporate's items
    const foreign = await kit.call('PUT', '/inventory/lab-consumables?clinicId=11', 'adminlain', {
      lines: [{ key: 'edta', itemUid: items['Jarum Uji'], quantity: 1 }],
    });
    expect([403, 404]).toContain(foreign.statusCode);
    const read = await kit.must('GET', '/inventory/lab-consumables?clinicId=11', undefined, 'superadmin');
    expect(read.lines).toHaveLength(5);
  });

  it('is read-only for the lab (stock.read without stock.manage is refused the save)', async () => {
    const res = await save([], 'lab');
    expect(res.statusCode).toBe(403);
  });
});

describe('taking a lab sample', () => {
  let visitId: string;
  let specimens: { uid: string; container: string }[];

  const movements = (refs: string[]) =>
    ctx.database.db
      .select({
        type: stockMovements.referenceType,
        ref: stockMovements.referenceUid,
        q: stockMovements.quantity,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.kind, 'consumable_use'), inArray(stockMovements.referenceUid, refs)));
  const onHand = async (name: string) => (await kit.stockOf(lab, items[name], 'superadmin'))?.onHand ?? 0;
  const collect = (uid: string) =>
    kit.call('POST', `/lab-specimens/visits/${visitId}/specimens/${uid}/collect`, 'lab');

  beforeAll(async () => {
    const patient = json(
      await kit.call('POST', '/patients', 'superadmin', {
        clinicId: 11,
        name: 'Pasien BHP Lab',
        sex: 'F',
        dob: '02/05/1990',
        nik: '3171060205900777',
      }),
    ).data as { uid: string };
    const visit = await kit.must(
      'POST',
      '/registrations/registrations',
      {
        clinicId: 11,
        patientId: patient.uid,
        orderType: 'service',
        serviceType: 'LAB',
        payerType: 'self',
        complaint: 'Darah Lengkap, Glukosa Darah Sewaktu, Urine Lengkap',
      },
      'superadmin',
    );
    visitId = visit._id;
    const labelled = await kit.must('POST', `/lab-specimens/visits/${visitId}/label`, undefined, 'lab');
    specimens = labelled.specimens;
    expect(specimens.map((s) => s.container)).toEqual(['edta', 'plain', 'urinePot']);
  });

  it('takes the first blood tube with one blood draw’s set, FEFO, and only once', async () => {
    const [edta] = specimens;
    const res = await collect(edta.uid);
    expect(res.statusCode, res.body).toBe(200);
    await collect(edta.uid); // again: a no-op, no second event
    await ctx.app.outbox.drain();
    expect(await onHand('Tabung EDTA Uji')).toBe(20);
    // the tube expiring soonest went first
    expect(
      (await kit.stockOf(lab, items['Tabung EDTA Uji'], 'superadmin')).batches.map(
        (b: { batchNumber: string }) => b.batchNumber,
      ),
    ).toEqual(['E-LATE']);
    expect(await onHand('Jarum Uji')).toBe(19);
    expect(await onHand('Plester Uji')).toBe(18);
    const rows = await movements([edta.uid, visitId]);
    expect(rows.map((r) => [r.type, r.q]).sort()).toEqual([
      ['labVisit', -1],
      ['labVisit', -2],
      ['specimen', -1],
    ]);
    const card = await kit.card(lab, items['Tabung EDTA Uji'], '', 'superadmin');
    expect(card.docs[0]).toMatchObject({ kind: 'consumable_use', referenceType: 'specimen' });
  });

  it('takes the next blood tube and the urine pot without a second blood draw set', async () => {
    const [, plain, urine] = specimens;
    await collect(plain.uid);
    await collect(urine.uid);
    await ctx.app.outbox.drain();
    expect(await onHand('Tabung Serum Uji')).toBe(19);
    expect(await onHand('Pot Urin Uji')).toBe(19);
    expect(await onHand('Jarum Uji')).toBe(19);
    expect(await onHand('Plester Uji')).toBe(18);
    expect(await kit.consistency(11, 'superadmin')).toMatchObject({ mismatches: [] });
  });
});
