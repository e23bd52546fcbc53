import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../db/schema/index.ts';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { day, inventoryKit } from './test/inventory-kit.ts';

/** The stock opname: start (snapshot), count, submit, a colleague approves, cancel; refusals. */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let room: string;

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  await kit.login(['farmasi'], ['superadmin'], ['kasir']);
  room = await kit.newLocation('Gudang Opname');
});
afterAll(() => ctx.close());

const errorsOf = (res: { body: string }) =>
  Object.fromEntries(
    (JSON.parse(res.body).errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]),
  );

describe('stock opname', () => {
  it('counts a location against its snapshot, refuses the submitter’s approval and books the differences', async () => {
    const a = await kit.newItem('Amoksisilin Opname');
    const b = await kit.newItem('Parasetamol Opname');
    await kit.receive(room, a, { batchNumber: 'A1', expiryDate: day(200), quantity: 10, unitCost: 500 });
    await kit.receive(room, a, { batchNumber: 'A2', expiryDate: day(300), quantity: 5, unitCost: 500 });
    await kit.receive(room, b, { batchNumber: 'P1', expiryDate: day(200), quantity: 20, unitCost: 300 });

    const started = await kit.must('POST', `/inventory/locations/${room}/opnames`, { note: 'Akhir bulan' });
    expect(started).toMatchObject({ number: 'SO-000001', status: 'counting', lines: 3, counted: 0 });
    expect(
      started.items.map((i: { batchNumber: string; systemQuantity: number }) => [
        i.batchNumber,
        i.systemQuantity,
      ]),
    ).toEqual([
      ['A1', 10],
      ['A2', 5],
      ['P1', 20],
    ]);
    // a second open count of the same location is refused
    const twice = await kit.call('POST', `/inventory/locations/${room}/opnames`, 'farmasi', {});
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('Masih ada stok opname yang belum selesai di lokasi ini');

    // a dispensing after the start still counts: the difference is against the snapshot
    expect((await kit.issue(room, b, { quantity: 2 })).statusCode).toBe(200);

    const [a1, a2, p1] = started.items.map((i: { id: number }) => i.id);
    const partly = await kit.must('PUT', `/inventory/opnames/${started.uid}/counts`, {
      lines: [
        { lineId: a1, counted: 8 },
        { lineId: a2, counted: 5 },
      ],
    });
    expect(partly.counted).toBe(2);
    const early = await kit.call('POST', `/inventory/opnames/${started.uid}/submit`, 'farmasi');
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Masih ada 1 baris yang belum dihitung');
    const bad = await kit.call('PUT', `/inventory/opnames/${started.uid}/counts`, 'farmasi', {
      lines: [{ lineId: 999999, counted: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual({ 'lines.0.lineId': 'Baris tidak ditemukan' });
    await kit.must('PUT', `/inventory/opnames/${started.uid}/counts`, {
      lines: [{ lineId: p1, counted: 21 }],
    });

    const submitted = await kit.must('POST', `/inventory/opnames/${started.uid}/submit`);
    expect(submitted).toMatchObject({ status: 'submitted', submittedByMe: true, differing: 2 });
    // A1: −2 × 500 = −1.000; P1: +1 × 300 = 300
    expect(submitted).toMatchObject({ value: -700, shortageValue: -1000, surplusValue: 300 });

    const own = await kit.call('POST', `/inventory/opnames/${started.uid}/approve`, 'farmasi');
    expect(own.statusCode).toBe(403);
    expect(json(own).message).toBe('Stok opname harus disetujui oleh petugas lain, bukan yang mengajukan');
    expect((await kit.call('POST', `/inventory/opnames/${started.uid}/approve`, 'kasir')).statusCode).toBe(
      403,
    );

    const approved = await kit.must(
      'POST',
      `/inventory/opnames/${started.uid}/approve`,
      undefined,
      'superadmin',
    );
    expect(approved).toMatchObject({ status: 'approved', submittedByMe: false, value: -700 });
    expect(approved.approved.name).toBeTruthy();

    // levels: A1 8, A2 5, P1 20 − 2 dispensed + 1 found = 19
    expect((await kit.stockOf(room, a)).onHand).toBe(13);
    expect((await kit.stockOf(room, b)).onHand).toBe(19);
    const rows = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.referenceUid, started.uid));
    expect(rows.map((r) => [r.kind, r.quantity, r.unitCost, r.reason]).sort()).toEqual([
      ['opname', -2, 500, 'Stock opname SO-000001'],
      ['opname', 1, 300, 'Stock opname SO-000001'],
    ]);
    const card = await kit.card(room, a);
    expect(card.docs[0]).toMatchObject({ kind: 'opname', quantity: -2, referenceNumber: 'SO-000001' });
    expect(await kit.consistency()).toMatchObject({ mismatches: [] });

    const again = await kit.call('POST', `/inventory/opnames/${started.uid}/approve`, 'superadmin');
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Stok opname SO-000001 sudah disetujui');

    const list = await kit.must('GET', `/inventory/locations/${room}/opnames`);
    expect(list[0]).toMatchObject({
      number: 'SO-000001',
      status: 'approved',
      lines: 3,
      counted: 3,
      value: -700,
    });
  });

  it('cancels an open count with a reason (stock unchanged) and numbers the next one', async () => {
    const started = await kit.must('POST', `/inventory/locations/${room}/opnames`, {});
    expect(started.number).toBe('SO-000002');
    const noReason = await kit.call('POST', `/inventory/opnames/${started.uid}/cancel`, 'farmasi', {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorsOf(noReason)).toEqual({ reason: 'Alasan wajib diisi' });
    const cancelled = await kit.must('POST', `/inventory/opnames/${started.uid}/cancel`, {
      reason: 'Salah lokasi',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Salah lokasi' });
    expect(
      (
        await kit.call('PUT', `/inventory/opnames/${started.uid}/counts`, 'farmasi', {
          lines: [{ lineId: started.items[0].id, counted: 0 }],
        })
      ).statusCode,
    ).toBe(409);
    expect((await kit.call('GET', '/inventory/opnames/unknown-uid', 'farmasi')).statusCode).toBe(404);
  });
});
