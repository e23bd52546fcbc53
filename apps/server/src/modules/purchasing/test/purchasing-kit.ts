import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { periodOf } from '@klinikita/domain/purchasing/purchasing.rules';
import type { TestContext } from '../../../test/test-app.ts';
import { day, inventoryKit } from '../../inventory/test/inventory-kit.ts';

/** The purchasing tests' calls: suppliers, orders, receipts and returns on top of the stock kit. */

export const PERIOD = periodOf(clinicDay('Asia/Jakarta'));

export function purchasingKit(ctx: TestContext) {
  const stock = inventoryKit(ctx);
  let serial = 0;
  const next = () => ++serial;
  return {
    ...stock,
    next,
    async newSupplier(over: object = {}) {
      return stock.must('POST', '/purchasing/suppliers', {
        name: `PT Supplier ${next()}`,
        npwp: '01.234.567.8-901.000',
        paymentTermsDays: 30,
        ...over,
      });
    },
    /** A draft: `lines` of [itemUid, unit, quantity, price, discount %]. */
    createOrder(
      supplierUid: string,
      locationUid: string,
      lines: [string, string, number, number, number?][],
      over = {},
    ) {
      return stock.call('POST', '/purchasing/orders', 'farmasi', {
        supplierUid,
        locationUid,
        lines: lines.map(([itemUid, unit, quantity, price, discountPercent = 0]) => ({
          itemUid,
          unit,
          quantity,
          price,
          discountPercent,
        })),
        ...over,
      });
    },
    act(uid: string, action: string, version: number, reason?: string) {
      return stock.call('POST', `/purchasing/orders/${uid}/actions`, 'farmasi', { action, version, reason });
    },
    receive(body: object, who = 'farmasi') {
      return stock.call('POST', '/purchasing/receipts', who, {
        invoiceNumber: `FKT-${next()}`,
        invoiceDate: day(0),
        requestKey: `receive-${next()}-${Date.now()}`,
        ...body,
      });
    },
    receiptLine(orderLine: number | null, itemUid: string, over: object = {}) {
      return {
        orderLine,
        itemUid,
        batchNumber: 'PB1',
        expiryDate: day(400),
        quantity: 1,
        unit: 'BOX',
        price: 50_000,
        discountPercent: 0,
        ...over,
      };
    },
    giveBack(body: object) {
      return stock.call('POST', '/purchasing/returns', 'farmasi', {
        reason: 'Kemasan rusak',
        requestKey: `return-${next()}-${Date.now()}`,
        ...body,
      });
    },
  };
}
