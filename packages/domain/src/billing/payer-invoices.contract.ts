import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  agingQuerySchema,
  agingSchema,
  noteBodySchema,
  openReceivablesQuerySchema,
  openReceivablesSchema,
  payerClinicQuerySchema,
  payerInvoiceCreateSchema,
  payerInvoiceListQuerySchema,
  payerInvoicePageSchema,
  payerInvoiceParamsSchema,
  payerInvoiceSchema,
  payerInvoiceSettingsAnswerSchema,
  payerInvoiceSettingsSchema,
  payerPaymentSchema,
  payerSummarySchema,
  reasonBodySchema,
} from './payer-invoices.schema.ts';

/**
 * Bills to partner companies and insurers (issue 18 §5–6, `/Registration/daftarTagihan`): a
 * payer's receivables of a period grouped into one invoice, approved by a second person, sent as
 * PDF, paid in parts allocated to its visits, disputed, written off; and the aging of what is owed.
 * Everything within the caller's clinics (another clinic's invoice: 404).
 */
const tags = ['payerInvoices'] as const;
const BASE = '/billing/payer-invoices';
const invoiceWrite = {
  tags,
  params: payerInvoiceParamsSchema,
  response: payerInvoiceSchema,
  errors: conflictErrors,
} as const;

export const listPayers = endpoint({
  method: 'GET',
  path: `${BASE}/payers`,
  permission: 'bill.read',
  tags,
  summary: 'The companies and insurers with receivables not yet on an invoice at the clinic',
  query: payerClinicQuerySchema,
  response: z.array(payerSummarySchema),
});

export const openReceivables = endpoint({
  method: 'GET',
  path: `${BASE}/open-receivables`,
  permission: 'bill.read',
  tags,
  summary: 'A payer’s receivables of visits in the period not yet on an invoice (the preview)',
  query: openReceivablesQuerySchema,
  response: openReceivablesSchema,
});

export const createPayerInvoice = endpoint({
  method: 'POST',
  path: BASE,
  permission: 'receivable.manage',
  tags,
  summary: 'A draft invoice of the payer’s open receivables of the period (400 when there are none)',
  body: payerInvoiceCreateSchema,
  response: payerInvoiceSchema,
  errors: conflictErrors,
  message: 'payerInvoices.created',
});

export const listPayerInvoices = endpoint({
  method: 'GET',
  path: BASE,
  permission: 'bill.read',
  tags,
  summary: 'Invoices to payers by status, payer, issue period and number, paged',
  query: payerInvoiceListQuerySchema,
  response: payerInvoicePageSchema,
});

export const receivablesAging = endpoint({
  method: 'GET',
  path: `${BASE}/aging`,
  permission: 'bill.read',
  tags,
  summary:
    'What each payer owes by days past due (not due, 1–30, 31–60, 61–90, over 90) and what is not yet invoiced',
  query: agingQuerySchema,
  response: agingSchema,
});

export const getPayerInvoiceSettings = endpoint({
  method: 'GET',
  path: `${BASE}/settings`,
  permission: 'bill.read',
  tags,
  summary: 'The clinic’s bank account printed on its invoices to payers',
  query: payerClinicQuerySchema,
  response: payerInvoiceSettingsAnswerSchema,
});

export const savePayerInvoiceSettings = endpoint({
  method: 'PUT',
  path: `${BASE}/settings`,
  permission: 'billing.manage',
  tags,
  summary: 'Keep the clinic’s bank account printed on its invoices to payers',
  body: payerInvoiceSettingsSchema,
  response: payerInvoiceSettingsAnswerSchema,
  message: 'payerInvoices.settingsSaved',
});

export const getPayerInvoice = endpoint({
  method: 'GET',
  path: `${BASE}/:uid`,
  permission: 'bill.read',
  tags,
  summary: 'One invoice: its visits with what is paid and open, its payments',
  params: payerInvoiceParamsSchema,
  response: payerInvoiceSchema,
});

export const approvePayerInvoice = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/approve`,
  permission: 'bill.approve',
  summary: 'Approve a draft (a second person: not who prepared it)',
  message: 'payerInvoices.approved',
});

export const sendPayerInvoice = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/send`,
  permission: 'receivable.manage',
  summary: 'Mark an approved invoice sent to the payer (its PDF is the paper sent)',
  message: 'payerInvoices.sent',
});

export const recordPayerPayment = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/payments`,
  permission: 'receivable.manage',
  summary:
    'Record a payment from the payer, allocated to the visits given or oldest first; never more than what is open',
  body: payerPaymentSchema,
  message: 'payerInvoices.paymentRecorded',
});

export const disputePayerInvoice = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/dispute`,
  permission: 'receivable.manage',
  summary: 'The payer disputes the invoice: noted with the reason',
  body: reasonBodySchema,
  message: 'payerInvoices.disputed',
});

export const resolvePayerInvoice = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/resolve`,
  permission: 'receivable.manage',
  summary: 'The dispute is settled: the status follows the money again',
  body: noteBodySchema,
  message: 'payerInvoices.resolved',
});

export const requestWriteOff = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/write-off`,
  permission: 'receivable.manage',
  summary: 'Ask to write off what is still open, with the reason (approved by a second person)',
  body: reasonBodySchema,
  message: 'payerInvoices.writeOffRequested',
});

export const approveWriteOff = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/write-off/approve`,
  permission: 'bill.approve',
  summary: 'Write off what is open (not who asked): the invoice becomes WRITTEN_OFF',
  message: 'payerInvoices.writtenOff',
});

export const cancelPayerInvoice = endpoint({
  ...invoiceWrite,
  method: 'POST',
  path: `${BASE}/:uid/cancel`,
  permission: 'receivable.manage',
  summary: 'Cancel a draft: its receivables are free for another invoice',
  body: reasonBodySchema,
  message: 'payerInvoices.cancelled',
});

export const payerInvoicePdf = endpoint({
  method: 'GET',
  path: `${BASE}/:uid/pdf`,
  permission: 'bill.read',
  tags,
  summary: 'The invoice to the payer as A4 PDF (a draft prints DRAF)',
  params: payerInvoiceParamsSchema,
  response: z.undefined(),
  raw: true,
});
