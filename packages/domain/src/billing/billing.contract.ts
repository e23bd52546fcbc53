import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  adjustmentSchema,
  billingSettingsAnswerSchema,
  billingSettingsSchema,
  billParamsSchema,
  billSchema,
  chargeSchema,
  clinicQuerySchema,
  consistencySchema,
  decisionSchema,
  discountSchema,
  paymentAnswerSchema,
  paymentSchema,
  reverseSchema,
  uidParamsSchema,
  visitParamsSchema,
} from './billing.schema.ts';

/**
 * Billing (issue 18): a visit's bill — a draft assembled live from what the visit received,
 * priced from the catalogue for its day and payer — its extra charges and discounts, posting
 * (invoice number), payments split across methods (receipt number; company and insurer parts as
 * receivables; the visit to Paid), reversals by a second person, the clinic's tax settings and
 * the consistency check. A bill is reached only within the caller's clinics (else 404).
 */
const tags = ['billing'] as const;

export const getVisitBill = endpoint({
  method: 'GET',
  path: '/billing/visits/:visitUid/bill',
  permission: 'bill.read',
  tags,
  summary: 'The visit’s bill: the posted bill as frozen, else a draft assembled now from its sources',
  params: visitParamsSchema,
  response: billSchema,
});

export const addCharge = endpoint({
  method: 'POST',
  path: '/billing/visits/:visitUid/bill/charges',
  permission: 'payment.take',
  tags,
  summary: 'Add an extra charge with its reason to a draft bill (409 once posted)',
  params: visitParamsSchema,
  body: chargeSchema,
  response: billSchema,
  errors: conflictErrors,
  message: 'billing.chargeAdded',
});

export const addDiscount = endpoint({
  method: 'POST',
  path: '/billing/visits/:visitUid/bill/discounts',
  permission: 'payment.take',
  tags,
  summary:
    'Ask a discount on a line or the whole draft bill; above the clinic’s threshold it waits for approval',
  params: visitParamsSchema,
  body: discountSchema,
  response: billSchema,
  errors: conflictErrors,
  message: 'billing.discountAdded',
});

export const decideAdjustment = endpoint({
  method: 'POST',
  path: '/billing/adjustments/:uid/decision',
  permission: 'bill.approve',
  tags,
  summary: 'Approve or reject a pending discount (a second person: not who asked it)',
  params: uidParamsSchema,
  body: decisionSchema,
  response: billSchema,
  errors: conflictErrors,
  message: 'billing.decided',
});

export const postBill = endpoint({
  method: 'POST',
  path: '/billing/visits/:visitUid/bill/post',
  permission: 'payment.take',
  tags,
  summary:
    'Post the visit’s bill: lines frozen, invoice number INV/<clinic>/<yyyymm>/<nnnn>; again: the same bill',
  params: visitParamsSchema,
  response: billSchema,
  errors: conflictErrors,
  message: 'billing.posted',
});

export const adjustBill = endpoint({
  method: 'POST',
  path: '/billing/bills/:billUid/adjustments',
  permission: 'payment.take',
  tags,
  summary: 'Add an adjustment line with its reason to a posted bill (negative: a credit)',
  params: billParamsSchema,
  body: adjustmentSchema,
  response: billSchema,
  errors: conflictErrors,
  message: 'billing.adjusted',
});

export const payBill = endpoint({
  method: 'POST',
  path: '/billing/bills/:billUid/payments',
  permission: 'payment.take',
  tags,
  summary:
    'Pay what is outstanding, split across methods (a draft is posted first); once per idempotency key (409 on another body or a concurrent payment)',
  params: billParamsSchema,
  body: paymentSchema,
  response: z.object({ bill: billSchema, payment: paymentAnswerSchema }),
  errors: conflictErrors,
  message: 'billing.paid',
});

export const reversePayment = endpoint({
  method: 'POST',
  path: '/billing/payments/:uid/reverse',
  permission: 'bill.approve',
  tags,
  summary:
    'Reverse (refund or void) a payment with a reason: a negative payment by a second person, never a deletion',
  params: uidParamsSchema,
  body: reverseSchema,
  response: z.object({ bill: billSchema, payment: paymentAnswerSchema }),
  errors: conflictErrors,
  message: 'billing.reversed',
});

export const getBillingSettings = endpoint({
  method: 'GET',
  path: '/billing/settings',
  permission: 'billing.manage',
  tags,
  summary: 'A clinic’s billing settings (PKP, prices include PPN, discount approval threshold)',
  query: clinicQuerySchema,
  response: billingSettingsAnswerSchema,
});

export const saveBillingSettings = endpoint({
  method: 'PUT',
  path: '/billing/settings',
  permission: 'billing.manage',
  tags,
  summary: 'Change a clinic’s billing settings',
  body: billingSettingsSchema,
  response: billingSettingsAnswerSchema,
  message: 'billing.settingsSaved',
});

export const billingConsistency = endpoint({
  method: 'GET',
  path: '/billing/consistency',
  permission: 'billing.manage',
  tags,
  summary:
    'Check the caller’s clinics: payments and receivables sum to each paid bill’s total, no payment without a bill, numbers without gaps',
  response: consistencySchema,
});
