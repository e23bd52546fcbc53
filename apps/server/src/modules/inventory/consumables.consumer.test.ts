import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../db/schema/index.ts';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { ensureCodes } from '../../test/visit-fixtures.ts';
import { day, inventoryKit } from './test/inventory-kit.ts';

/**
 * A treatment procedure's consumables leave the treatment room's stock through service.performed
 * (FEFO, once however often the event is handled) and come back on service.voided.
 */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let room: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  kit = inventoryKit(ctx);
  await kit.login(['farmasi'], ['superadmin'], ['pendaftaran'], ['perawat']);
  room = await kit.newLocation('Ruang Tindakan BHP', 'treatment');
});
afterAll(() => ctx.close());

const movementsOf = (procedureUid: string) =>
  ctx.database.db
    .select({ quantity: stockMovements.quantity, kind: stockMovements.kind })
    .from(stockMovements)
    .where(and(eq(stockMovements.referenceType, 'procedure'), eq(stockMovements.referenceUid, procedureUid)));

describe('consumables of a procedure', () => {
  it('takes them from the treatment room FEFO on service.performed and puts them back on service.voided', async () => {
    const kasa = await kit.newItem('Kasa Steril BHP', {
      kind: 'consumable',
      drugClass: null,
      baseUnit: 'pcs',
      units: [],
    });
    await kit.receive(room, kasa, { batchNumber: 'K-LATE', expiryDate: day(300), quantity: 10, unit: 'pcs' });
    await kit.receive(room, kasa, { batchNumber: 'K-SOON', expiryDate: day(60), quantity: 2, unit: 'pcs' });

    const patient = json(
      await kit.call('POST', '/patients', 'superadmin', {
        clinicId: 10,
        name: 'Pasien BHP',
        sex: 'F',
        dob: '01/02/1985',
        nik: '3171064102850042',
      }),
    ).data as { uid: string };
    const visit = await kit.must(
      'POST',
      '/registrations/registrations',
      {
        clinicId: 10,
        patientId: patient.uid,
        orderType: 'service',
        serviceType: 'TREATMENT',
        payerType: 'self',
        complaint: 'Rawat luka',
      },
      'pendaftaran',
    );
    const options = await kit.must('GET', '/treatment/options?clinicId=10', undefined, 'perawat');
    const service = options.procedures[0];
    const recorded = await kit.must(
      'POST',
      `/treatment/visits/${visit._id}/procedures`,
      {
        requestKey: 'bhp-0001',
        icd9Code: service.icd9Code ?? '93.94',
        serviceUid: service.uid,
        consumables: [
          { drugUid: kasa, name: 'Kasa Steril BHP', quantity: 3, unit: 'pcs' },
          { name: 'Plester', quantity: 1, unit: 'roll' },
        ],
        notes: null,
      },
      'perawat',
    );
    const procedureUid = recorded.procedures[0].uid as string;
    await ctx.app.outbox.drain();
    expect((await kit.stockOf(room, kasa)).onHand).toBe(9);
    // first expiry first out: both of K-SOON, then one of K-LATE
    expect(
      (await kit.stockOf(room, kasa)).batches.map((b: { batchNumber: string }) => b.batchNumber),
    ).toEqual(['K-LATE']);
    expect((await movementsOf(procedureUid)).map((m) => m.quantity).sort()).toEqual([-1, -2]);
    const card = await kit.card(room, kasa);
    expect(card.docs[0]).toMatchObject({ kind: 'consumable_use', referenceType: 'procedure' });

    // handled again (a replay): nothing more is taken
    await ctx.app.outbox.drain();
    expect((await movementsOf(procedureUid)).length).toBe(2);

    await kit.must(
      'POST',
      `/treatment/procedures/${procedureUid}/void`,
      { reason: 'Salah pasien' },
      'perawat',
    );
    await ctx.app.outbox.drain();
    expect((await kit.stockOf(room, kasa)).onHand).toBe(12);
    const rows = await movementsOf(procedureUid);
    expect(rows.map((m) => m.quantity).reduce((a, b) => a + b, 0)).toBe(0);
    expect(await kit.consistency()).toMatchObject({ mismatches: [] });
  });
});
