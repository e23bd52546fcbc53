import { conflictErrors, endpoint } from '../common/contract.ts';
import { denialParamsSchema, payerClaimSchema, payerDenialsSchema } from './payer-claims.schema.ts';
import {
  noteBodySchema,
  payerInvoiceParamsSchema,
  payerInvoiceSchema,
  reasonBodySchema,
} from './payer-invoices.schema.ts';

/**
 * An insurer's claim batch (issue 18 §6): the insurer's denials per visit of a sent batch, and
 * their resolution — re-claimed on a later batch, or written off with a second person's approval.
 * A partner company's invoice takes no denials (409). Within the caller's clinics (else 404).
 */
const tags = ['payerInvoices'] as const;
const BASE = '/billing/payer-invoices/:uid/denials';
const denialWrite = {
  tags,
  params: denialParamsSchema,
  response: payerInvoiceSchema,
  errors: conflictErrors,
} as const;

export const listPayerDenials = endpoint({
  method: 'GET',
  path: BASE,
  permission: 'bill.read',
  tags,
  summary: 'A claim batch’s denials with their state, and the bill lines of its visits',
  params: payerInvoiceParamsSchema,
  response: payerClaimSchema,
});

export const recordPayerDenials = endpoint({
  method: 'POST',
  path: BASE,
  permission: 'receivable.manage',
  tags,
  summary:
    'Record the insurer’s denials of a sent claim batch: per visit an amount up to what is open, a reason code and a note',
  params: payerInvoiceParamsSchema,
  body: payerDenialsSchema,
  response: payerInvoiceSchema,
  errors: conflictErrors,
  message: 'payerInvoices.claims.denied',
});

export const reclaimPayerDenial = endpoint({
  ...denialWrite,
  method: 'POST',
  path: `${BASE}/:denialUid/reclaim`,
  permission: 'receivable.manage',
  summary: 'Resolve a denial by a corrected resubmission: its amount is claimable on a later batch',
  body: noteBodySchema,
  message: 'payerInvoices.claims.reclaimed',
});

export const requestDenialWriteOff = endpoint({
  ...denialWrite,
  method: 'POST',
  path: `${BASE}/:denialUid/write-off`,
  permission: 'receivable.manage',
  summary: 'Ask to write off a denial, with the reason (approved by a second person)',
  body: reasonBodySchema,
  message: 'payerInvoices.writeOffRequested',
});

export const approveDenialWriteOff = endpoint({
  ...denialWrite,
  method: 'POST',
  path: `${BASE}/:denialUid/write-off/approve`,
  permission: 'bill.approve',
  summary: 'Write off a denial (not who asked)',
  message: 'payerInvoices.claims.writtenOff',
});
