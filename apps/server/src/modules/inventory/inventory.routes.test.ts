import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, stockBatches, stockMovements } from '../../db/schema/index.ts';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { day, inventoryKit } from './test/inventory-kit.ts';

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let warehouse: string;
let pharmacy: string;

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  await kit.login(['farmasi'], ['superadmin']);
  warehouse = await kit.newLocation('Gudang Utama');
  pharmacy = await kit.newLocation('Apotek', 'pharmacy');
});
afterAll(() => ctx.close());

const audits = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;
const errorsOf = (res: { body: string }) =>
  Object.fromEntries(
    (JSON.parse(res.body).errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]),
  );

describe('locations', () => {
  it('adds a location to the clinic (audited), lists them and refuses a name twice', async () => {
    const uid = await kit.newLocation('Ruang Tindakan', 'treatment');
    expect(await audits('stock.location.create')).toBeGreaterThanOrEqual(3);
    const list = await kit.must('GET', '/inventory/locations?clinicId=10');
    expect(list.map((l: { name: string }) => l.name)).toEqual(['Apotek', 'Gudang Utama', 'Ruang Tindakan']);
    expect(list[2]).toEqual({ uid, clinicId: 10, name: 'Ruang Tindakan', type: 'treatment', active: true });
    const again = await kit.call('POST', '/inventory/locations', 'farmasi', {
      clinicId: 10,
      name: 'gudang utama',
      type: 'warehouse',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Lokasi gudang utama sudah ada di klinik ini');
    expect(errorsOf(again)).toEqual({ name: 'Nama lokasi sudah dipakai di klinik ini' });
    // the pharmacist of Menteng keeps no stock at Cikarang
    const other = await kit.call('POST', '/inventory/locations', 'farmasi', {
      clinicId: 11,
      name: 'Gudang',
      type: 'warehouse',
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('receiving', () => {
  it('converts a quantity in boxes to base units and moves the moving average', async () => {
    const item = await kit.newItem('Amoksisilin Stok');
    const first = await kit.receive(warehouse, item, { quantity: 2, unit: 'box', unitCost: 50_000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).message).toBe('Penerimaan stok berhasil dicatat');
    expect(json(first).data).toMatchObject({
      referenceType: 'receipt',
      baseUnit: 'TAB',
      onHand: 200,
      averageCost: 500,
      lines: [{ batchNumber: 'B1', expiryDate: day(365), quantity: 200, balanceAfter: 200, unitCost: 500 }],
    });
    const second = await kit.receive(warehouse, item, {
      batchNumber: 'b2',
      expiryDate: day(400),
      quantity: 100,
      unitCost: 800,
    });
    expect(json(second).data).toMatchObject({ onHand: 300, averageCost: 600 });
    const stock = await kit.stockOf(warehouse, item);
    expect(stock).toMatchObject({ onHand: 300, averageCost: 600, value: 180_000, baseUnit: 'TAB' });
    expect(stock.batches.map((b: { batchNumber: string }) => b.batchNumber)).toEqual(['B1', 'B2']);
    expect(await audits('stock.receive')).toBeGreaterThanOrEqual(2);
  });

  it('refuses an expiry before today, another expiry for a known batch and an unknown unit, writing nothing', async () => {
    const item = await kit.newItem();
    const past = await kit.receive(warehouse, item, { expiryDate: day(-1) });
    expect(past.statusCode).toBe(400);
    expect(json(past).message).toBe('Tanggal kedaluwarsa sebelum tanggal terima');
    expect(errorsOf(past)).toEqual({ expiryDate: 'Tanggal kedaluwarsa sebelum tanggal terima' });
    // the expiry day itself is still usable
    expect(
      (await kit.receive(warehouse, item, { batchNumber: 'HARI-INI', expiryDate: day(0) })).statusCode,
    ).toBe(200);

    expect((await kit.receive(warehouse, item)).statusCode).toBe(200);
    const clash = await kit.receive(warehouse, item, { expiryDate: day(200) });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toBe(`Batch B1 sudah tercatat dengan tanggal kedaluwarsa ${day(365)}`);
    expect(errorsOf(clash)).toEqual({
      expiryDate: 'Berbeda dengan tanggal kedaluwarsa batch yang sudah tercatat',
    });
    const unit = await kit.receive(warehouse, item, { unit: 'BOTOL' });
    expect(unit.statusCode).toBe(400);
    expect(json(unit).message).toMatch(
      /^Satuan BOTOL tidak dikenal untuk Obat Stok \d+; pilih TAB, STRIP, BOX$/,
    );
    expect(errorsOf(unit)).toEqual({ unit: 'Satuan tidak dikenal untuk barang ini' });
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(20);
    expect((await kit.card(warehouse, item)).totalDocs).toBe(2);
  });

  it('fixes the base unit once stock has moved', async () => {
    const item = await kit.newItem();
    expect((await kit.receive(warehouse, item)).statusCode).toBe(200);
    const settings = await kit.must('GET', `/inventory/items/${item}`);
    expect(settings).toMatchObject({ baseUnit: 'TAB', baseUnitLocked: true, drugClass: 'hard' });
    const change = await kit.call('PUT', `/inventory/items/${item}`, 'farmasi', {
      ...settings,
      baseUnit: 'KAPLET',
    });
    expect(change.statusCode).toBe(409);
    expect(errorsOf(change)).toEqual({
      baseUnit: 'Satuan dasar tidak dapat diubah karena stok sudah bergerak',
    });
    const min = await kit.must('PUT', `/inventory/items/${item}`, { ...settings, minStock: 50 });
    expect(min.minStock).toBe(50);
  });
});

describe('FEFO', () => {
  let item: string;
  beforeAll(async () => {
    item = await kit.newItem('Parasetamol FEFO');
    await kit.receive(pharmacy, item, { batchNumber: 'LAMA', expiryDate: day(300), quantity: 5 });
    await kit.receive(pharmacy, item, { batchNumber: 'DEKAT', expiryDate: day(60), quantity: 3 });
    // an expired batch still on the shelf: its row made as a receipt long ago would have, its
    // stock booked through an adjustment (receipts refuse a past expiry)
    const [drug] = await ctx.database.db
      .select({ id: stockBatches.itemId })
      .from(stockBatches)
      .where(eq(stockBatches.batchNumber, 'DEKAT'));
    await ctx.database.db
      .insert(stockBatches)
      .values({ itemId: drug.id, batchNumber: 'BASI', expiryDate: day(-10) });
    await kit.must('POST', `/inventory/locations/${pharmacy}/adjustments`, {
      itemUid: item,
      batchNumber: 'BASI',
      delta: 50,
      reason: 'Ditemukan saat hitung',
    });
  });

  it('takes the earliest-expiring batch first, splits across batches and skips the expired one', async () => {
    const one = json(await kit.issue(pharmacy, item, { quantity: 2 })).data;
    expect(one.lines).toEqual([
      { batchNumber: 'DEKAT', expiryDate: day(60), quantity: -2, balanceAfter: 1, unitCost: 500 },
    ]);
    const split = await kit.issue(pharmacy, item, { quantity: 3 });
    expect(json(split).message).toBe('Pengeluaran stok berhasil dicatat');
    expect(
      json(split).data.lines.map((l: { batchNumber: string; quantity: number }) => [
        l.batchNumber,
        l.quantity,
      ]),
    ).toEqual([
      ['DEKAT', -1],
      ['LAMA', -2],
    ]);
    expect(json(split).data.onHand).toBe(53);
    const card = await kit.card(pharmacy, item);
    expect(
      card.docs.slice(0, 2).map((d: { kind: string; batchNumber: string }) => [d.kind, d.batchNumber]),
    ).toEqual([
      ['dispense', 'LAMA'],
      ['dispense', 'DEKAT'],
    ]);
  });

  it('refuses more than the usable stock with what is available, and changes nothing', async () => {
    const before = (await kit.card(pharmacy, item)).totalDocs;
    const res = await kit.issue(pharmacy, item, { quantity: 4 });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Stok tidak cukup: tersedia 3 TAB');
    expect((await kit.card(pharmacy, item)).totalDocs).toBe(before);
    expect((await kit.stockOf(pharmacy, item)).onHand).toBe(53);
  });

  it('takes a chosen later batch only with a reason, and records the reason', async () => {
    await kit.receive(pharmacy, item, { batchNumber: 'BARU', expiryDate: day(30), quantity: 2 });
    const bare = await kit.issue(pharmacy, item, { batchNumber: 'lama' });
    expect(bare.statusCode).toBe(400);
    expect(json(bare).message).toBe(
      'Alasan wajib diisi bila tidak memakai batch dengan kedaluwarsa paling awal (BARU)',
    );
    expect(errorsOf(bare)).toEqual({ reason: 'Alasan wajib diisi bila batch lain yang dipilih' });
    const expired = await kit.issue(pharmacy, item, { batchNumber: 'BASI', reason: 'Pasien minta' });
    expect(errorsOf(expired)).toEqual({ batchNumber: 'Batch tidak tersedia di lokasi ini' });
    const reasoned = await kit.issue(pharmacy, item, { batchNumber: 'LAMA', reason: 'Kemasan BARU rusak' });
    expect(json(reasoned).data.lines).toMatchObject([{ batchNumber: 'LAMA', quantity: -1 }]);
    const [latest] = (await kit.card(pharmacy, item)).docs;
    expect(latest).toMatchObject({
      kind: 'dispense',
      batchNumber: 'LAMA',
      reason: 'Kemasan BARU rusak',
      by: 'Yusuf Hidayat, S.Farm., Apt.',
    });
  });
});

describe('transfers and adjustments', () => {
  it('moves stock FEFO into the same batches at the other location, the cost carried', async () => {
    const item = await kit.newItem();
    await kit.receive(warehouse, item, {
      batchNumber: 'T1',
      expiryDate: day(90),
      quantity: 4,
      unitCost: 700,
    });
    await kit.receive(warehouse, item, {
      batchNumber: 'T2',
      expiryDate: day(180),
      quantity: 1,
      unit: 'STRIP',
      unitCost: 9000,
    });
    const res = await kit.call('POST', `/inventory/locations/${warehouse}/transfers`, 'farmasi', {
      toLocationUid: pharmacy,
      itemUid: item,
      quantity: 6,
      unit: 'TAB',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ referenceType: 'transfer', onHand: 8, averageCost: 843 });
    const there = await kit.stockOf(pharmacy, item);
    expect(
      there.batches.map((b: { batchNumber: string; quantity: number }) => [b.batchNumber, b.quantity]),
    ).toEqual([
      ['T1', 4],
      ['T2', 2],
    ]);
    const [latest] = (await kit.card(pharmacy, item)).docs;
    expect(latest).toMatchObject({ kind: 'transfer_in', batchNumber: 'T2', quantity: 2, unitCost: 843 });
    const same = await kit.call('POST', `/inventory/locations/${warehouse}/transfers`, 'farmasi', {
      toLocationUid: warehouse,
      itemUid: item,
      quantity: 1,
      unit: 'TAB',
    });
    expect(errorsOf(same)).toEqual({ toLocationUid: 'Lokasi tujuan sama dengan lokasi asal' });
    expect(await kit.consistency()).toMatchObject({ mismatches: [] });
  });

  it('corrects a batch to a count with a reason, never below zero', async () => {
    const item = await kit.newItem();
    await kit.receive(warehouse, item, { batchNumber: 'H1', quantity: 10 });
    const adjust = (body: object) =>
      kit.call('POST', `/inventory/locations/${warehouse}/adjustments`, 'farmasi', {
        itemUid: item,
        batchNumber: 'H1',
        reason: 'Stok opname',
        ...body,
      });
    const counted = await adjust({ count: 7 });
    expect(json(counted).data.lines).toEqual([
      { batchNumber: 'H1', expiryDate: day(365), quantity: -3, balanceAfter: 7, unitCost: 500 },
    ]);
    const below = await adjust({ delta: -8 });
    expect(below.statusCode).toBe(409);
    expect(json(below).message).toBe('Stok tidak boleh kurang dari 0: tercatat 7 TAB');
    expect(errorsOf(await adjust({ count: 7 }))).toEqual({
      count: 'Jumlah sama dengan stok tercatat; tidak ada yang diubah',
    });
    expect(errorsOf(await adjust({ batchNumber: 'NOPE', delta: 1 }))).toEqual({
      batchNumber: 'Batch tidak ditemukan untuk barang ini',
    });
    expect(errorsOf(await adjust({ delta: 1, reason: '' }))).toEqual({ reason: 'Alasan wajib diisi' });
    const [latest] = (await kit.card(warehouse, item)).docs;
    expect(latest).toMatchObject({ kind: 'adjustment', quantity: -3, reason: 'Stok opname', balance: 7 });
    expect(await audits('stock.adjust')).toBeGreaterThanOrEqual(2);
  });
});

describe('the stock card', () => {
  it('lists the movements newest first, paged, each with the running balance of the item', async () => {
    const item = await kit.newItem();
    await kit.receive(warehouse, item, { batchNumber: 'K1', quantity: 10 });
    await kit.receive(warehouse, item, { batchNumber: 'K2', expiryDate: day(30), quantity: 5 });
    for (const quantity of [2, 4, 1]) await kit.issue(warehouse, item, { quantity });
    const all = await kit.card(warehouse, item);
    // the issue of 4 took the last 3 of K2 and 1 of K1: two lines
    expect(all.totalDocs).toBe(6);
    expect(
      all.docs.map((d: { batchNumber: string; quantity: number; balance: number; batchBalance: number }) => [
        d.batchNumber,
        d.quantity,
        d.balance,
        d.batchBalance,
      ]),
    ).toEqual([
      ['K1', -1, 8, 8],
      ['K1', -1, 9, 9],
      ['K2', -3, 10, 0],
      ['K2', -2, 13, 3],
      ['K2', 5, 15, 5],
      ['K1', 10, 10, 10],
    ]);
    const second = await kit.card(warehouse, item, '?limit=2&page=2');
    expect(second.docs.map((d: { balance: number }) => d.balance)).toEqual([10, 13]);
    expect(second).toMatchObject({ page: 2, totalPages: 3, totalDocs: 6 });
  });
});

describe('the ledger', () => {
  it('keeps every movement: an update or a delete is refused by the database', async () => {
    const db = ctx.database.db;
    const [row] = await db.select().from(stockMovements).limit(1);
    await expect(
      db.update(stockMovements).set({ quantity: 999 }).where(eq(stockMovements.id, row.id)),
    ).rejects.toThrow();
    await expect(db.delete(stockMovements).where(eq(stockMovements.id, row.id))).rejects.toThrow();
    const [same] = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.id, row.id)));
    expect(same.quantity).toBe(row.quantity);
  });
});
