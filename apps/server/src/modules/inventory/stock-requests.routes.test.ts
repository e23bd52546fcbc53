import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { day, inventoryKit } from './test/inventory-kit.ts';

/** Unit requests (amprahan): request, approve (reduced with a reason), fulfil in parts; refusals. */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let warehouse: string;
let room: string;

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  await kit.login(['farmasi'], ['kasir']);
  warehouse = await kit.newLocation('Gudang Amprahan');
  room = await kit.newLocation('Ruang Tindakan Amprahan', 'treatment');
});
afterAll(() => ctx.close());

const errorsOf = (res: { body: string }) =>
  Object.fromEntries(
    (JSON.parse(res.body).errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]),
  );

describe('unit requests', () => {
  it('requests, approves less with a reason, fulfils FEFO in two parts as transfers', async () => {
    const item = await kit.newItem('Kasa Amprahan', { kind: 'consumable', drugClass: null });
    await kit.receive(warehouse, item, { batchNumber: 'K2', expiryDate: day(300), quantity: 30 });
    await kit.receive(warehouse, item, { batchNumber: 'K1', expiryDate: day(100), quantity: 5 });

    const over = await kit.call('POST', '/inventory/requests', 'farmasi', {
      locationUid: room,
      fromLocationUid: warehouse,
      lines: [{ itemUid: item, quantity: 4, unit: 'STRIP' }],
    });
    expect(over.statusCode).toBe(409);
    expect(json(over).message).toBe(
      'Permintaan Kasa Amprahan melebihi stok Gudang Amprahan: tersedia 35 TAB',
    );
    expect(errorsOf(over)).toEqual({ 'lines.0.quantity': 'Melebihi stok yang tersedia' });
    const badUnit = await kit.call('POST', '/inventory/requests', 'farmasi', {
      locationUid: room,
      fromLocationUid: warehouse,
      lines: [{ itemUid: item, quantity: 1, unit: 'DUS' }],
    });
    expect(badUnit.statusCode).toBe(400);
    expect(Object.keys(errorsOf(badUnit))).toEqual(['lines.0.unit']);

    const made = await kit.must('POST', '/inventory/requests', {
      locationUid: room,
      fromLocationUid: warehouse,
      note: 'Untuk minggu ini',
      lines: [{ itemUid: item, quantity: 2, unit: 'STRIP' }],
    });
    expect(made).toMatchObject({
      number: 'AM-000001',
      status: 'requested',
      fromLocationName: 'Gudang Amprahan',
    });
    const line = made.lines[0];
    expect(line).toMatchObject({ requested: 20, approved: null, fulfilled: 0 });

    const early = await kit.call('POST', `/inventory/requests/${made.uid}/fulfil`, 'farmasi', {
      lines: [{ lineId: line.id, quantity: 1 }],
    });
    expect(early.statusCode).toBe(409);

    const noReason = await kit.call('POST', `/inventory/requests/${made.uid}/approve`, 'farmasi', {
      lines: [{ lineId: line.id, approved: 12 }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorsOf(noReason)).toEqual({ 'lines.0.reason': 'Alasan wajib diisi bila jumlah dikurangi' });
    const tooMuch = await kit.call('POST', `/inventory/requests/${made.uid}/approve`, 'farmasi', {
      lines: [{ lineId: line.id, approved: 25 }],
    });
    expect(errorsOf(tooMuch)).toEqual({ 'lines.0.approved': 'Melebihi jumlah yang diminta' });
    expect(
      (
        await kit.call('POST', `/inventory/requests/${made.uid}/approve`, 'kasir', {
          lines: [{ lineId: line.id, approved: 12, reason: 'Stok gudang terbatas' }],
        })
      ).statusCode,
    ).toBe(403);
    const approved = await kit.must('POST', `/inventory/requests/${made.uid}/approve`, {
      lines: [{ lineId: line.id, approved: 12, reason: 'Stok gudang terbatas' }],
    });
    expect(approved.status).toBe('approved');
    expect(approved.lines[0]).toMatchObject({ approved: 12, reason: 'Stok gudang terbatas' });

    const overApproved = await kit.call('POST', `/inventory/requests/${made.uid}/fulfil`, 'farmasi', {
      lines: [{ lineId: line.id, quantity: 13 }],
    });
    expect(overApproved.statusCode).toBe(400);
    expect(errorsOf(overApproved)).toEqual({ 'lines.0.quantity': 'Melebihi sisa yang disetujui' });

    const part = await kit.must('POST', `/inventory/requests/${made.uid}/fulfil`, {
      lines: [{ lineId: line.id, quantity: 8 }],
    });
    expect(part).toMatchObject({ status: 'partially_fulfilled' });
    expect(part.lines[0].fulfilled).toBe(8);
    // FEFO: K1 (5) first, then 3 of K2
    const roomStock = await kit.stockOf(room, item);
    expect(
      roomStock.batches.map((b: { batchNumber: string; quantity: number }) => [b.batchNumber, b.quantity]),
    ).toEqual([
      ['K1', 5],
      ['K2', 3],
    ]);
    const done = await kit.must('POST', `/inventory/requests/${made.uid}/fulfil`, {
      lines: [{ lineId: line.id, quantity: 4 }],
    });
    expect(done.status).toBe('fulfilled');
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(23);
    expect((await kit.stockOf(room, item)).onHand).toBe(12);
    const card = await kit.card(room, item);
    expect(card.docs[0]).toMatchObject({
      kind: 'transfer_in',
      referenceType: 'request',
      referenceNumber: 'AM-000001',
      counterpart: 'Gudang Amprahan',
    });
    expect(await kit.consistency()).toMatchObject({ mismatches: [] });

    const list = await kit.must('GET', `/inventory/requests?clinicId=10&locationUid=${warehouse}`);
    expect(list.map((r: { number: string }) => r.number)).toEqual(['AM-000001']);
  });

  it('rejects and cancels with a reason', async () => {
    const item = await kit.newItem('Spuit Amprahan', { kind: 'consumable', drugClass: null });
    await kit.receive(warehouse, item, { batchNumber: 'S1', quantity: 10 });
    const body = {
      locationUid: room,
      fromLocationUid: warehouse,
      lines: [{ itemUid: item, quantity: 2, unit: 'TAB' }],
    };
    const one = await kit.must('POST', '/inventory/requests', body);
    const rejected = await kit.must('POST', `/inventory/requests/${one.uid}/reject`, {
      reason: 'Belum jadwal',
    });
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'Belum jadwal' });
    const two = await kit.must('POST', '/inventory/requests', body);
    const cancelled = await kit.must('POST', `/inventory/requests/${two.uid}/cancel`, {
      reason: 'Tidak jadi',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Tidak jadi' });
    const same = await kit.call('POST', '/inventory/requests', 'farmasi', { ...body, fromLocationUid: room });
    expect(errorsOf(same)).toEqual({ fromLocationUid: 'Lokasi tujuan sama dengan lokasi asal' });
  });

  it('filters a location’s stock by kind on the server (the consumables screen)', async () => {
    const drug = await kit.newItem('Obat Bukan BHP');
    await kit.receive(warehouse, drug, { batchNumber: 'O1', quantity: 3 });
    const names = async (q: string) =>
      (await kit.must('GET', `/inventory/locations/${warehouse}/stock?limit=100${q}`)).docs.map(
        (d: { name: string; kind: string }) => d.kind,
      );
    expect(new Set(await names('&kind=consumable'))).toEqual(new Set(['consumable']));
    expect(new Set(await names('&kind=drug'))).toEqual(new Set(['drug']));
    expect(new Set(await names(''))).toEqual(new Set(['drug', 'consumable']));
    const bad = await kit.call('GET', `/inventory/locations/${warehouse}/stock?kind=obat`, 'farmasi');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorsOf(bad))).toEqual(['kind']);
  });
});
