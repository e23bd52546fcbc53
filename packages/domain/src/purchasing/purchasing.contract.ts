import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import {
  documentQuerySchema,
  orderActionSchema,
  orderQuerySchema,
  orderSchema,
  orderUpdateSchema,
  receiptSchema,
  returnSchema,
  supplierQuerySchema,
  supplierSchema,
  uidParamsSchema,
} from './purchasing.schema.ts';
import {
  orderDetailSchema,
  orderSummarySchema,
  receiptDetailSchema,
  receiptSummarySchema,
  returnSummarySchema,
  supplierAnswerSchema,
} from './purchasing-answers.schema.ts';

/**
 * Purchasing (`/supplier`, `/purchaseOrder`, `/ReturnReceive`; issue 17 §5): the corporate's
 * suppliers, a clinic's purchase orders, receipts against the supplier's invoice into a stock
 * location (the ledger's 'receipt' movements) and returns to the supplier ('return_supplier').
 * Orders, receipts and returns are reached only within the caller's clinics (else 404).
 */
const tags = ['purchasing'] as const;

export const listSuppliers = endpoint({
  method: 'GET',
  path: '/purchasing/suppliers',
  permission: 'purchasing.read',
  tags,
  summary: 'The corporate’s suppliers, searched by name, NPWP or contact, paged',
  query: supplierQuerySchema,
  response: pagedSchema(supplierAnswerSchema),
});

export const createSupplier = endpoint({
  method: 'POST',
  path: '/purchasing/suppliers',
  permission: 'purchasing.manage',
  tags,
  summary: 'Add a supplier (409 when the corporate has one of that name)',
  body: supplierSchema,
  response: supplierAnswerSchema,
  errors: conflictErrors,
  message: 'purchasing.supplierSaved',
});

export const updateSupplier = endpoint({
  method: 'PUT',
  path: '/purchasing/suppliers/:uid',
  permission: 'purchasing.manage',
  tags,
  summary: 'Change a supplier (409 when another has the name)',
  params: uidParamsSchema,
  body: supplierSchema,
  response: supplierAnswerSchema,
  errors: conflictErrors,
  message: 'purchasing.supplierSaved',
});

export const listOrders = endpoint({
  method: 'GET',
  path: '/purchasing/orders',
  permission: 'purchasing.read',
  tags,
  summary: 'A clinic’s purchase orders, newest first, by status, searched by number or supplier, paged',
  query: orderQuerySchema,
  response: pagedSchema(orderSummarySchema),
});

export const createOrder = endpoint({
  method: 'POST',
  path: '/purchasing/orders',
  permission: 'purchasing.manage',
  tags,
  summary:
    'A draft purchase order to a supplier for a location of the clinic; numbered PO/<clinic>/<yyyymm>/<nnnn>',
  body: orderSchema,
  response: orderDetailSchema,
  errors: conflictErrors,
  message: 'purchasing.orderSaved',
});

export const getOrder = endpoint({
  method: 'GET',
  path: '/purchasing/orders/:uid',
  permission: 'purchasing.read',
  tags,
  summary: 'A purchase order with its lines (ordered, received, open) and its receipts',
  params: uidParamsSchema,
  response: orderDetailSchema,
});

export const updateOrder = endpoint({
  method: 'PUT',
  path: '/purchasing/orders/:uid',
  permission: 'purchasing.manage',
  tags,
  summary: 'Change a draft (409 when it is no longer a draft or another clerk changed it first)',
  params: uidParamsSchema,
  body: orderUpdateSchema,
  response: orderDetailSchema,
  errors: conflictErrors,
  message: 'purchasing.orderSaved',
});

export const actOnOrder = endpoint({
  method: 'POST',
  path: '/purchasing/orders/:uid/actions',
  permission: 'purchasing.manage',
  tags,
  summary:
    'Order a draft, cancel (draft or ordered, with a reason) or close the rest of a partly received order (with a reason)',
  params: uidParamsSchema,
  body: orderActionSchema,
  response: orderDetailSchema,
  errors: conflictErrors,
  message: 'purchasing.orderUpdated',
});

export const listReceipts = endpoint({
  method: 'GET',
  path: '/purchasing/receipts',
  permission: 'purchasing.read',
  tags,
  summary: 'A clinic’s receipts (penerimaan), newest first, searched by number, invoice or supplier',
  query: documentQuerySchema,
  response: pagedSchema(receiptSummarySchema),
});

export const createReceipt = endpoint({
  method: 'POST',
  path: '/purchasing/receipts',
  permission: 'purchasing.manage',
  tags,
  summary:
    'Receive the supplier’s invoice into stock, against an order or without one: batches, expiry, price, discount, PPN; once per request key',
  body: receiptSchema,
  response: receiptDetailSchema,
  errors: conflictErrors,
  message: 'purchasing.received',
});

export const getReceipt = endpoint({
  method: 'GET',
  path: '/purchasing/receipts/:uid',
  permission: 'purchasing.read',
  tags,
  summary: 'A receipt with its lines and what each may still return',
  params: uidParamsSchema,
  response: receiptDetailSchema,
});

export const listReturns = endpoint({
  method: 'GET',
  path: '/purchasing/returns',
  permission: 'purchasing.read',
  tags,
  summary: 'A clinic’s returns to suppliers (retur penerimaan), newest first',
  query: documentQuerySchema,
  response: pagedSchema(returnSummarySchema),
});

export const createReturn = endpoint({
  method: 'POST',
  path: '/purchasing/returns',
  permission: 'purchasing.manage',
  tags,
  summary:
    'Return batches of a receipt to the supplier (at most received − returned and what the location holds); once per request key',
  body: returnSchema,
  response: returnSummarySchema,
  errors: conflictErrors,
  message: 'purchasing.returned',
});
