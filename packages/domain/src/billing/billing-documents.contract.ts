import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import { billParamsSchema, uidParamsSchema } from './billing.schema.ts';
import { paperQuerySchema, receiptSchema } from './billing-documents.schema.ts';

/**
 * The papers of a bill (issue 18 §3), within the caller's clinics (another clinic's: 404). PDFs in
 * Indonesian whatever the screen's language, A4 or the 80 mm roll; each print is audited.
 */
const tags = ['billing'] as const;

export const billInvoicePdf = endpoint({
  method: 'GET',
  path: '/billing/bills/:billUid/invoice.pdf',
  permission: 'bill.read',
  tags,
  summary:
    'The invoice (rincian biaya): lines by category, totals, DPP/PPN, payments and what is outstanding; a draft prints DRAF',
  params: billParamsSchema,
  query: paperQuerySchema,
  response: z.undefined(),
  raw: true,
});

export const getPaymentReceipt = endpoint({
  method: 'GET',
  path: '/billing/payments/:uid/receipt',
  permission: 'bill.read',
  tags,
  summary: 'What a payment’s receipt (kwitansi) states, with the bea meterai flag above Rp5.000.000',
  params: uidParamsSchema,
  response: receiptSchema,
});

export const paymentReceiptPdf = endpoint({
  method: 'GET',
  path: '/billing/payments/:uid/receipt.pdf',
  permission: 'bill.read',
  tags,
  summary:
    'The receipt (kwitansi) of a payment, half an A4 or the 80 mm roll; a reversed payment prints DIBATALKAN',
  params: uidParamsSchema,
  query: paperQuerySchema,
  response: z.undefined(),
  raw: true,
});
