import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, stockMovements } from '../../db/schema/index.ts';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { day } from '../inventory/test/inventory-kit.ts';
import { PERIOD, purchasingKit } from './test/purchasing-kit.ts';

let ctx: TestContext;
let kit: ReturnType<typeof purchasingKit>;
let warehouse: string;

beforeAll(async () => {
  ctx = await createTestApp();
  kit = purchasingKit(ctx);
  await kit.login(['farmasi'], ['admin'], ['dokter']);
  warehouse = await kit.newLocation('Gudang Pembelian');
});
afterAll(() => ctx.close());

const errorsOf = (res: { body: string }) =>
  Object.fromEntries(
    (JSON.parse(res.body).errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]),
  );
const audits = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;

describe('suppliers', () => {
  it('adds, finds, pages and changes suppliers; one name per corporate; NPWP of 15 or 16 digits', async () => {
    const created = await kit.newSupplier({
      name: 'PT Kimia Farma Trading',
      npwp: '01.234.567.8-901.000',
      address: 'Jl. Budi Utomo 1, Jakarta',
      phone: '021-3847709',
      contactPerson: 'Ibu Sari',
      email: 'order@kftd.example',
      paymentTermsDays: 45,
    });
    expect(created).toMatchObject({ npwp: '012345678901000', paymentTermsDays: 45, active: true });
    expect(await audits('supplier.create')).toBe(1);

    const bad = await kit.call('POST', '/purchasing/suppliers', 'farmasi', { name: 'PT X', npwp: '1234' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual({ npwp: 'NPWP harus 15 atau 16 angka' });
    const sixteen = await kit.newSupplier({ name: 'PT Enam Belas', npwp: '3171011203880002' });
    expect(sixteen.npwp).toBe('3171011203880002');

    const twice = await kit.call('POST', '/purchasing/suppliers', 'farmasi', {
      name: 'pt kimia farma trading',
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('Supplier pt kimia farma trading sudah ada');
    expect(errorsOf(twice)).toEqual({ name: 'Nama supplier sudah dipakai' });

    const found = await kit.must('GET', '/purchasing/suppliers?search=kimia');
    expect(found.docs.map((s: { name: string }) => s.name)).toEqual(['PT Kimia Farma Trading']);
    const page = await kit.must('GET', '/purchasing/suppliers?limit=1&page=2');
    expect(page).toMatchObject({ page: 2, limit: 1, totalDocs: 2, totalPages: 2 });

    const changed = await kit.must('PUT', `/purchasing/suppliers/${sixteen.uid}`, {
      name: 'PT Enam Belas Baru',
      npwp: '3171011203880002',
      active: false,
    });
    expect(changed).toMatchObject({ name: 'PT Enam Belas Baru', active: false, paymentTermsDays: 30 });
    const inactive = await kit.must('GET', '/purchasing/suppliers?active=false');
    expect(inactive.docs.map((s: { name: string }) => s.name)).toEqual(['PT Enam Belas Baru']);
    const clash = await kit.call('PUT', `/purchasing/suppliers/${sixteen.uid}`, 'farmasi', {
      name: 'PT KIMIA FARMA TRADING',
    });
    expect(clash.statusCode).toBe(409);
    expect((await kit.call('PUT', '/purchasing/suppliers/nope', 'farmasi', { name: 'X' })).statusCode).toBe(
      404,
    );
  });

  it('is closed to a role without the purchasing menus', async () => {
    expect((await kit.call('GET', '/purchasing/suppliers', 'dokter')).statusCode).toBe(403);
    expect((await kit.call('POST', '/purchasing/suppliers', 'dokter', { name: 'PT Y' })).statusCode).toBe(
      403,
    );
  });
});

describe('purchase orders', () => {
  let supplier: string;
  let amox: string;
  let para: string;
  beforeAll(async () => {
    supplier = (await kit.newSupplier({ paymentTermsDays: 30 })).uid;
    amox = await kit.newItem('Amoksisilin PO');
    para = await kit.newItem('Parasetamol PO');
  });

  it('numbers drafts per clinic and month and prices them: discount per line, PPN on the DPP', async () => {
    const res = await kit.createOrder(
      supplier,
      warehouse,
      [
        [amox, 'BOX', 4, 50_000, 10],
        [para, 'strip', 5, 12_345],
      ],
      { expectedDate: day(7), note: 'Kirim pagi' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const po = json(res).data;
    expect(po.number).toMatch(new RegExp(`^PO/10/${PERIOD}/\\d{4}$`));
    expect(po).toMatchObject({
      status: 'draft',
      version: 1,
      subtotal: 261_725,
      discount: 20_000,
      dpp: 241_725,
      ppnPercent: 11,
      ppn: 26_590,
      total: 268_315,
      expectedDate: day(7),
      supplierPaymentTermsDays: 30,
    });
    expect(po.lines[0]).toMatchObject({ unit: 'BOX', factor: 100, quantity: 4, net: 180_000, open: 4 });
    expect(po.lines[1]).toMatchObject({ unit: 'STRIP', factor: 10, baseUnit: 'TAB' });
    const second = json(await kit.createOrder(supplier, warehouse, [[amox, 'TAB', 10, 500]])).data;
    const seq = (n: string) => Number(n.split('/')[3]);
    expect(seq(second.number)).toBe(seq(po.number) + 1);

    const list = await kit.must('GET', `/purchasing/orders?clinicId=10&status=draft&search=${po.number}`);
    expect(list.docs).toHaveLength(1);
    expect(list.docs[0]).toMatchObject({ uid: po.uid, lineCount: 2, supplier: { uid: supplier } });
    expect(await kit.must('GET', `/purchasing/orders/${po.uid}`)).toMatchObject({ note: 'Kirim pagi' });
  });

  it('refuses a unit the item does not have, an unknown item and an inactive supplier, naming the field', async () => {
    const unit = await kit.createOrder(supplier, warehouse, [[amox, 'BOTOL', 1, 1000]]);
    expect(unit.statusCode).toBe(400);
    expect(errorsOf(unit)).toEqual({ 'lines.0.unit': 'Satuan tidak dikenal untuk barang ini' });
    const item = await kit.createOrder(supplier, warehouse, [
      [amox, 'BOX', 1, 1000],
      ['nope', 'BOX', 1, 1],
    ]);
    expect(item.statusCode).toBe(404);
    expect(errorsOf(item)).toEqual({ 'lines.1.itemUid': 'Barang tidak ditemukan' });
    const off = (await kit.newSupplier({ active: false })).uid;
    const inactive = await kit.createOrder(off, warehouse, [[amox, 'BOX', 1, 1000]]);
    expect(inactive.statusCode).toBe(400);
    expect(errorsOf(inactive)).toEqual({ supplierUid: 'Supplier tidak aktif' });
    const empty = await kit.createOrder(supplier, warehouse, []);
    expect(empty.statusCode).toBe(400);
  });

  it('changes a draft with the version read, orders it, then refuses changes; cancel needs a reason', async () => {
    const po = json(await kit.createOrder(supplier, warehouse, [[amox, 'BOX', 1, 50_000]])).data;
    const body = {
      supplierUid: supplier,
      locationUid: warehouse,
      lines: [{ itemUid: amox, unit: 'BOX', quantity: 2, price: 50_000 }],
    };
    const changed = await kit.must('PUT', `/purchasing/orders/${po.uid}`, { ...body, version: 1 });
    expect(changed).toMatchObject({ version: 2, subtotal: 100_000 });
    const stale = await kit.call('PUT', `/purchasing/orders/${po.uid}`, 'farmasi', { ...body, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toContain('baru saja diubah pengguna lain');
    const ordered = json(await kit.act(po.uid, 'order', 2)).data;
    expect(ordered).toMatchObject({ status: 'ordered', version: 3 });
    const late = await kit.call('PUT', `/purchasing/orders/${po.uid}`, 'farmasi', { ...body, version: 3 });
    expect(late.statusCode).toBe(409);
    const close = await kit.act(po.uid, 'close', 3, 'Tidak jadi');
    expect(close.statusCode).toBe(409);
    const noReason = await kit.act(po.uid, 'cancel', 3);
    expect(noReason.statusCode).toBe(400);
    expect(errorsOf(noReason)).toEqual({ reason: 'Alasan wajib diisi (minimal 3 huruf)' });
    const cancelled = json(await kit.act(po.uid, 'cancel', 3, 'Harga berubah')).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Harga berubah' });
    expect(await audits('purchaseOrder.cancel')).toBe(1);
  });

  it('keeps another clinic’s orders and locations out of reach', async () => {
    const cikarang = await kit.newLocation('Gudang Cikarang PO', 'warehouse', 11, 'admin');
    const res = await kit.createOrder(supplier, cikarang, [[amox, 'BOX', 1, 1000]]);
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)).toEqual({ locationUid: 'Gudang tujuan tidak ditemukan' });
    const theirs = await kit.call('POST', '/purchasing/orders', 'admin', {
      supplierUid: supplier,
      locationUid: cikarang,
      lines: [{ itemUid: amox, unit: 'BOX', quantity: 1, price: 1000 }],
    });
    expect(json(theirs).data.number).toMatch(new RegExp(`^PO/11/${PERIOD}/0001$`));
    expect((await kit.call('GET', `/purchasing/orders/${json(theirs).data.uid}`)).statusCode).toBe(404);
    expect((await kit.call('GET', '/purchasing/orders?clinicId=11')).statusCode).toBe(403);
  });
});

describe('receiving', () => {
  let supplier: string;
  let item: string;
  let other: string;
  let po: { uid: string; version: number; number: string };
  beforeAll(async () => {
    supplier = (await kit.newSupplier({ paymentTermsDays: 30 })).uid;
    item = await kit.newItem('Amoksisilin Terima');
    other = await kit.newItem('Parasetamol Terima');
    const draft = json(
      await kit.createOrder(supplier, warehouse, [
        [item, 'BOX', 4, 50_000, 10],
        [other, 'STRIP', 5, 10_000],
      ]),
    ).data;
    po = json(await kit.act(draft.uid, 'order', draft.version)).data;
  });

  it('receives part of an order: base units into the location at the net cost, the order partly received', async () => {
    const key = 'first-receipt-key';
    const res = await kit.receive({
      orderUid: po.uid,
      invoiceNumber: 'FKT/001',
      invoiceDate: day(-2),
      requestKey: key,
      lines: [kit.receiptLine(0, item, { quantity: 2, price: 50_000, discountPercent: 10 })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Penerimaan barang berhasil dicatat');
    const receipt = json(res).data;
    expect(receipt.number).toMatch(new RegExp(`^PN/10/${PERIOD}/\\d{4}$`));
    expect(receipt).toMatchObject({
      orderUid: po.uid,
      dueDate: day(28),
      subtotal: 100_000,
      discount: 10_000,
      dpp: 90_000,
      ppn: 9_900,
      total: 99_900,
    });
    expect(receipt.lines[0]).toMatchObject({
      baseQuantity: 200,
      unitCost: 450,
      returnableBase: 200,
      batchNumber: 'PB1',
    });
    expect(await kit.stockOf(warehouse, item)).toMatchObject({ onHand: 200, averageCost: 450 });
    const order = await kit.must('GET', `/purchasing/orders/${po.uid}`);
    expect(order.status).toBe('partially_received');
    expect(order.lines[0]).toMatchObject({ received: 2, receivedBase: 200, open: 2 });
    expect(order.receipts.map((r: { uid: string }) => r.uid)).toEqual([receipt.uid]);

    // a double submit receives once
    const again = await kit.receive({
      orderUid: po.uid,
      invoiceNumber: 'FKT/001',
      requestKey: key,
      lines: [kit.receiptLine(0, item, { quantity: 2 })],
    });
    expect(json(again).data.uid).toBe(receipt.uid);
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(200);
    const movements = await ctx.database.db
      .select({ n: count() })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.referenceType, 'purchase_receipt'),
          eq(stockMovements.referenceUid, receipt.uid),
        ),
      );
    expect(movements[0].n).toBe(1);
  });

  it('refuses more than ordered, an expiry not after today, an unknown unit and an invoice twice, naming the field', async () => {
    const over = await kit.receive({
      orderUid: po.uid,
      lines: [kit.receiptLine(0, item, { quantity: 3, batchNumber: 'PB9' })],
    });
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toBe('Baris 1 melebihi sisa pesanan: sisa 200 TAB');
    expect(errorsOf(over)).toEqual({ 'lines.0.quantity': 'Melebihi sisa pesanan' });
    const expiry = await kit.receive({
      orderUid: po.uid,
      lines: [kit.receiptLine(0, item, { expiryDate: day(0), batchNumber: 'PB9' })],
    });
    expect(expiry.statusCode).toBe(400);
    expect(errorsOf(expiry)).toEqual({ 'lines.0.expiryDate': 'Kedaluwarsa harus setelah tanggal terima' });
    const unit = await kit.receive({
      orderUid: po.uid,
      lines: [kit.receiptLine(0, item, { unit: 'BOTOL', batchNumber: 'PB9' })],
    });
    expect(unit.statusCode).toBe(400);
    expect(errorsOf(unit)).toEqual({ 'lines.0.unit': 'Satuan tidak dikenal untuk barang ini' });
    const wrongLine = await kit.receive({
      orderUid: po.uid,
      lines: [kit.receiptLine(1, item, { batchNumber: 'PB9' })],
    });
    expect(wrongLine.statusCode).toBe(400);
    expect(errorsOf(wrongLine)).toEqual({ 'lines.0.orderLine': 'Bukan baris purchase order ini' });
    const invoice = await kit.receive({
      orderUid: po.uid,
      invoiceNumber: 'fkt/001',
      lines: [kit.receiptLine(0, item, { batchNumber: 'PB9' })],
    });
    expect(invoice.statusCode).toBe(409);
    expect(errorsOf(invoice)).toEqual({ invoiceNumber: 'Nomor faktur sudah pernah diterima' });
    const future = await kit.receive({
      orderUid: po.uid,
      invoiceDate: day(1),
      lines: [kit.receiptLine(0, item, { batchNumber: 'PB9' })],
    });
    expect(errorsOf(future)).toEqual({ invoiceDate: 'Tanggal faktur setelah hari ini' });
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(200);
  });

  it('receives the rest (in another unit too): the order is received and takes no more', async () => {
    const res = await kit.receive({
      orderUid: po.uid,
      ppnPercent: 11,
      lines: [
        kit.receiptLine(0, item, { quantity: 20, unit: 'STRIP', batchNumber: 'PB2', price: 5_000 }),
        kit.receiptLine(1, other, { quantity: 5, unit: 'STRIP', price: 10_000 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(400);
    const order = await kit.must('GET', `/purchasing/orders/${po.uid}`);
    expect(order.status).toBe('received');
    expect(order.lines.map((l: { open: number }) => l.open)).toEqual([0, 0]);
    const more = await kit.receive({
      orderUid: po.uid,
      lines: [kit.receiptLine(0, item, { batchNumber: 'PB3' })],
    });
    expect(more.statusCode).toBe(409);
    expect(errorsOf(more)).toEqual({ orderUid: 'Purchase order tidak terbuka untuk penerimaan' });
    const receipts = await kit.must('GET', `/purchasing/receipts?clinicId=10&orderUid=${po.uid}`);
    expect(receipts.totalDocs).toBe(2);
  });

  it('receives without an order, from a supplier into a location', async () => {
    const missing = await kit.receive({ lines: [kit.receiptLine(null, item, { batchNumber: 'TANPA' })] });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toEqual({ supplierUid: 'Pilih supplier', locationUid: 'Pilih gudang tujuan' });
    const res = await kit.receive({
      supplierUid: supplier,
      locationUid: warehouse,
      ppnPercent: 0,
      lines: [kit.receiptLine(null, item, { batchNumber: 'TANPA', quantity: 1, price: 60_000 })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ orderUid: null, ppn: 0, total: 60_000 });
    const found = await kit.must(
      'GET',
      `/purchasing/receipts?clinicId=10&search=${json(res).data.invoiceNumber}`,
    );
    expect(found.docs).toHaveLength(1);
    expect(await kit.must('GET', `/purchasing/receipts/${json(res).data.uid}`)).toMatchObject({
      lineCount: 1,
    });
  });

  it('two clerks receiving the last open quantity at once: one is booked, the other refused', async () => {
    // a second line keeps the order open, so the late clerk meets the line's open quantity
    const draft = json(
      await kit.createOrder(supplier, warehouse, [
        [other, 'BOX', 10, 40_000],
        [item, 'BOX', 1, 40_000],
      ]),
    ).data;
    const order = json(await kit.act(draft.uid, 'order', draft.version)).data;
    const before = (await kit.stockOf(warehouse, other))?.onHand ?? 0;
    const both = await Promise.all(
      [1, 2].map((n) =>
        kit.receive({
          orderUid: order.uid,
          lines: [kit.receiptLine(0, other, { quantity: 10, batchNumber: `RACE${n}` })],
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = both.find((r) => r.statusCode === 400)!;
    expect(errorsOf(refused)).toEqual({ 'lines.0.quantity': 'Melebihi sisa pesanan' });
    expect((await kit.stockOf(warehouse, other)).onHand).toBe(before + 1000);
    const after = await kit.must('GET', `/purchasing/orders/${order.uid}`);
    expect(after.status).toBe('partially_received');
    expect(after.lines[0]).toMatchObject({ received: 10, open: 0 });
    expect(after.receipts).toHaveLength(1);
    expect((await kit.consistency()).mismatches).toEqual([]);
  });

  it('closes the rest of a partly received order with a reason', async () => {
    const draft = json(await kit.createOrder(supplier, warehouse, [[other, 'BOX', 2, 40_000]])).data;
    const order = json(await kit.act(draft.uid, 'order', draft.version)).data;
    await kit.receive({
      orderUid: order.uid,
      lines: [kit.receiptLine(0, other, { quantity: 1, batchNumber: 'SISA' })],
    });
    const now = await kit.must('GET', `/purchasing/orders/${order.uid}`);
    const closed = json(await kit.act(order.uid, 'close', now.version, 'Stok supplier kosong')).data;
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'Stok supplier kosong' });
  });
});

describe('returns to the supplier', () => {
  let receipt: { uid: string; number: string };
  let item: string;
  beforeAll(async () => {
    const supplier = (await kit.newSupplier()).uid;
    item = await kit.newItem('Salep Retur');
    receipt = json(
      await kit.receive({
        supplierUid: supplier,
        locationUid: warehouse,
        lines: [
          kit.receiptLine(null, item, {
            batchNumber: 'RET1',
            quantity: 2,
            price: 50_000,
            discountPercent: 10,
          }),
        ],
      }),
    ).data;
  });

  it('returns part of a batch: stock falls, a return note, the receipt’s returnable follows', async () => {
    const res = await kit.giveBack({
      receiptUid: receipt.uid,
      lines: [{ receiptLine: 0, quantity: 50, unit: 'TAB' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Retur penerimaan berhasil dicatat');
    const note = json(res).data;
    expect(note.number).toMatch(new RegExp(`^RB/10/${PERIOD}/\\d{4}$`));
    expect(note).toMatchObject({ receiptUid: receipt.uid, total: 22_500, reason: 'Kemasan rusak' });
    expect(note.lines).toEqual([
      {
        itemName: 'Salep Retur 500 mg',
        batchNumber: 'RET1',
        baseQuantity: 50,
        baseUnit: 'TAB',
        amount: 22_500,
      },
    ]);
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(150);
    const card = await kit.card(warehouse, item);
    expect(card.docs[0]).toMatchObject({ kind: 'return_supplier', quantity: -50 });
    const detail = await kit.must('GET', `/purchasing/receipts/${receipt.uid}`);
    expect(detail.lines[0]).toMatchObject({ returnedBase: 50, returnableBase: 150 });
    const list = await kit.must('GET', '/purchasing/returns?clinicId=10');
    expect(list.docs.map((r: { uid: string }) => r.uid)).toContain(note.uid);
  });

  it('refuses more than received less returned (400), more than the location holds (409), no reason', async () => {
    const over = await kit.giveBack({
      receiptUid: receipt.uid,
      lines: [{ receiptLine: 0, quantity: 2, unit: 'BOX' }],
    });
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toBe('Batch RET1: yang dapat diretur 150 TAB');
    expect(errorsOf(over)).toEqual({
      'lines.0.quantity': 'Melebihi jumlah diterima dikurangi yang sudah diretur',
    });
    expect((await kit.issue(warehouse, item, { quantity: 120 })).statusCode).toBe(200);
    const held = await kit.giveBack({
      receiptUid: receipt.uid,
      lines: [{ receiptLine: 0, quantity: 40, unit: 'TAB' }],
    });
    expect(held.statusCode).toBe(409);
    expect(errorsOf(held)).toEqual({ 'lines.0.quantity': 'Melebihi stok batch di gudang' });
    const reason = await kit.giveBack({
      receiptUid: receipt.uid,
      reason: '',
      lines: [{ receiptLine: 0, quantity: 1, unit: 'TAB' }],
    });
    expect(reason.statusCode).toBe(400);
    expect(errorsOf(reason)).toEqual({ reason: 'Alasan wajib diisi (minimal 3 huruf)' });
    const line = await kit.giveBack({
      receiptUid: receipt.uid,
      lines: [{ receiptLine: 3, quantity: 1, unit: 'TAB' }],
    });
    expect(errorsOf(line)).toEqual({ 'lines.0.receiptLine': 'Baris penerimaan tidak ditemukan' });
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(30);
  });

  it('returns once per request key', async () => {
    const body = {
      receiptUid: receipt.uid,
      requestKey: 'return-once-key',
      lines: [{ receiptLine: 0, quantity: 10, unit: 'TAB' }],
    };
    const first = json(await kit.giveBack(body)).data;
    const second = json(await kit.giveBack(body)).data;
    expect(second.uid).toBe(first.uid);
    expect((await kit.stockOf(warehouse, item)).onHand).toBe(20);
    expect((await kit.consistency()).mismatches).toEqual([]);
  });
});
