import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import { paperQuerySchema } from './billing-documents.schema.ts';
import {
  depositAnswerSchema,
  depositParamsSchema,
  patientDepositSchema,
  patientParamsSchema,
  receiveDepositSchema,
  refundDepositSchema,
} from './deposits.schema.ts';

/**
 * Patient deposits (uang muka, issue 18 §2): a patient's balance within the corporate, received at
 * the cashier within an open shift (receipt DP/<clinic>/<yyyymm>/<nnnn>, once per idempotency
 * key), drawn by a payment's DEPOSIT part (never above the balance), given back by a reversal of
 * that payment, and refunded by a second person holding `bill.approve` with a reason.
 */
const tags = ['billing'] as const;

export const getPatientDeposit = endpoint({
  method: 'GET',
  path: '/billing/patients/:patientUid/deposit',
  permission: 'bill.read',
  tags,
  summary: 'A patient’s deposit balance and its ledger (receipts, draws, returns, refunds), newest first',
  params: patientParamsSchema,
  response: patientDepositSchema,
});

export const receiveDeposit = endpoint({
  method: 'POST',
  path: '/billing/patients/:patientUid/deposit/receipts',
  permission: 'payment.take',
  tags,
  summary:
    'Receive a deposit at a clinic within the cashier’s open shift; once per idempotency key (409 on another body)',
  params: patientParamsSchema,
  body: receiveDepositSchema,
  response: depositAnswerSchema,
  errors: conflictErrors,
  message: 'billing.depositReceived',
});

export const refundDeposit = endpoint({
  method: 'POST',
  path: '/billing/deposits/:uid/refund',
  permission: 'bill.approve',
  tags,
  summary:
    'Refund (part of) a deposit receipt with a reason: a second person, not its cashier; never above the balance',
  params: depositParamsSchema,
  body: refundDepositSchema,
  response: depositAnswerSchema,
  errors: conflictErrors,
  message: 'billing.depositRefunded',
});

export const depositReceiptPdf = endpoint({
  method: 'GET',
  path: '/billing/deposits/:uid/receipt.pdf',
  permission: 'bill.read',
  tags,
  summary: 'The receipt (kwitansi) of a deposit, half an A4 or the 80 mm roll',
  params: depositParamsSchema,
  query: paperQuerySchema,
  response: z.undefined(),
  raw: true,
});
