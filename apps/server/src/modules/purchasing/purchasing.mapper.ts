import { roundQuantity } from '@klinikita/domain/inventory/inventory.rules';
import type {
  OrderDetail,
  OrderSummary,
  ReceiptDetail,
  ReceiptSummary,
  ReturnSummary,
  Supplier,
} from '@klinikita/domain/purchasing/purchasing-answers.schema';
import type { ReceiptLineWithItem, ReceiptListRow, ReturnList } from './purchase-documents.queries.ts';
import type { OrderLineWithItem, OrderListRow, SupplierRow } from './purchasing.queries.ts';

/** Purchasing's rows as the calls answer them: no database id leaves the server. */

export const toSupplier = (r: SupplierRow): Supplier => ({
  uid: r.uid,
  name: r.name,
  npwp: r.npwp,
  address: r.address,
  phone: r.phone,
  contactPerson: r.contactPerson,
  email: r.email,
  paymentTermsDays: r.paymentTermsDays,
  active: r.active,
});

const totalsOf = (r: {
  subtotal: number;
  discount: number;
  dpp: number;
  ppnPercent: number;
  ppn: number;
  total: number;
}) => ({
  subtotal: r.subtotal,
  discount: r.discount,
  dpp: r.dpp,
  ppnPercent: Number(r.ppnPercent),
  ppn: r.ppn,
  total: r.total,
});

export const toOrderSummary = (r: OrderListRow): OrderSummary => ({
  uid: r.order.uid,
  number: r.order.number,
  clinicId: r.order.clinicId,
  status: r.order.status,
  supplier: r.supplier,
  location: r.location,
  orderDate: r.order.orderDate,
  expectedDate: r.order.expectedDate,
  lineCount: Number(r.lineCount),
  version: r.order.version,
  ...totalsOf(r.order),
});

export function toOrderLine(l: OrderLineWithItem) {
  const received = roundQuantity(l.receivedBase / l.factor);
  return {
    line: l.line,
    itemUid: l.itemUid,
    itemName: l.itemName,
    unit: l.unit,
    factor: l.factor,
    baseUnit: l.baseUnit,
    quantity: l.quantity,
    price: l.price,
    discountPercent: Number(l.discountPercent),
    net: l.net,
    received,
    receivedBase: l.receivedBase,
    open: Math.max(0, roundQuantity(l.quantity - received)),
  };
}

export const toOrderDetail = (
  r: OrderListRow,
  extra: { paymentTermsDays: number; lines: OrderLineWithItem[]; receipts: ReceiptSummary[] },
): OrderDetail => ({
  ...toOrderSummary(r),
  note: r.order.note,
  cancelReason: r.order.cancelReason,
  closeReason: r.order.closeReason,
  supplierPaymentTermsDays: extra.paymentTermsDays,
  lines: extra.lines.map(toOrderLine),
  receipts: extra.receipts,
});

export const toReceiptSummary = (r: ReceiptListRow): ReceiptSummary => ({
  uid: r.receipt.uid,
  number: r.receipt.number,
  clinicId: r.receipt.clinicId,
  orderUid: r.order?.uid ?? null,
  orderNumber: r.order?.number ?? null,
  supplier: r.supplier,
  location: r.location,
  invoiceNumber: r.receipt.invoiceNumber,
  invoiceDate: r.receipt.invoiceDate,
  dueDate: r.receipt.dueDate,
  receivedDate: r.receipt.receivedDate,
  lineCount: Number(r.lineCount),
  ...totalsOf(r.receipt),
});

export const toReceiptDetail = (r: ReceiptListRow, lines: ReceiptLineWithItem[]): ReceiptDetail => ({
  ...toReceiptSummary(r),
  lines: lines.map((l) => ({
    line: l.line,
    orderLine: l.orderLine,
    itemUid: l.itemUid,
    itemName: l.itemName,
    batchNumber: l.batchNumber,
    expiryDate: l.expiryDate,
    unit: l.unit,
    factor: l.factor,
    baseUnit: l.baseUnit,
    quantity: l.quantity,
    baseQuantity: l.baseQuantity,
    price: l.price,
    discountPercent: Number(l.discountPercent),
    net: l.net,
    unitCost: Number(l.unitCost),
    returnedBase: l.returnedBase,
    returnableBase: roundQuantity(l.baseQuantity - l.returnedBase),
  })),
});

export function toReturns(list: ReturnList): ReturnSummary[] {
  return list.rows.map((r) => ({
    uid: r.ret.uid,
    number: r.ret.number,
    clinicId: r.ret.clinicId,
    receiptUid: r.receipt.uid,
    receiptNumber: r.receipt.number,
    invoiceNumber: r.receipt.invoiceNumber,
    supplier: r.supplier,
    location: r.location,
    returnDate: r.ret.returnDate,
    reason: r.ret.reason,
    total: r.ret.total,
    lines: list.lines.filter((l) => l.returnId === r.ret.id).map(({ returnId: _, ...l }) => l),
  }));
}
