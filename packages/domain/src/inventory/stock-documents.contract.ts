import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  docParamsSchema,
  locationDocsParamsSchema,
  narcoticsQuerySchema,
  narcoticsReportSchema,
  opnameCountSchema,
  opnameSchema,
  opnameStartSchema,
  opnameSummarySchema,
  reasonBodySchema,
  requestApproveSchema,
  requestCreateSchema,
  requestFulfilSchema,
  requestListQuerySchema,
  stockRequestSchema,
} from './stock-documents.schema.ts';

/**
 * Stock documents over the ledger (issue 17 §4–6): the stock opname of a location (count, submit,
 * a colleague approves, the differences booked as 'opname' movements), unit requests (amprahan)
 * from a unit to the warehouse, and the monthly narcotics and psychotropics report.
 */
const tags = ['inventory'] as const;

export const listOpnames = endpoint({
  method: 'GET',
  path: '/inventory/locations/:uid/opnames',
  permission: 'stock.read',
  tags,
  summary: 'The stock counts of a location, newest first',
  params: locationDocsParamsSchema,
  response: z.array(opnameSummarySchema),
});

export const startOpname = endpoint({
  method: 'POST',
  path: '/inventory/locations/:uid/opnames',
  permission: 'stock.manage',
  tags,
  summary:
    'Start a stock count of a location: every batch with stock, its system quantity as of now (409 while one is open)',
  params: locationDocsParamsSchema,
  body: opnameStartSchema,
  response: opnameSchema,
  errors: conflictErrors,
  message: 'inventory.opnameStarted',
});

export const getOpname = endpoint({
  method: 'GET',
  path: '/inventory/opnames/:uid',
  permission: 'stock.read',
  tags,
  summary: 'A stock count: system vs counted per batch, differences and their value',
  params: docParamsSchema,
  response: opnameSchema,
});

export const countOpname = endpoint({
  method: 'PUT',
  path: '/inventory/opnames/:uid/counts',
  permission: 'stock.manage',
  tags,
  summary: 'Enter counted quantities (base units) while the count is open; null clears one',
  params: docParamsSchema,
  body: opnameCountSchema,
  response: opnameSchema,
  errors: conflictErrors,
  message: 'inventory.opnameCounted',
});

export const submitOpname = endpoint({
  method: 'POST',
  path: '/inventory/opnames/:uid/submit',
  permission: 'stock.manage',
  tags,
  summary: 'Submit a count for approval (every line counted)',
  params: docParamsSchema,
  response: opnameSchema,
  errors: conflictErrors,
  message: 'inventory.opnameSubmitted',
});

export const approveOpname = endpoint({
  method: 'POST',
  path: '/inventory/opnames/:uid/approve',
  permission: 'stock.manage',
  tags,
  summary:
    'Approve a submitted count (not by its submitter): each difference booked as an opname movement at the moving average',
  params: docParamsSchema,
  response: opnameSchema,
  errors: conflictErrors,
  message: 'inventory.opnameApproved',
});

export const cancelOpname = endpoint({
  method: 'POST',
  path: '/inventory/opnames/:uid/cancel',
  permission: 'stock.manage',
  tags,
  summary: 'Cancel an open or submitted count, with a reason (stock unchanged)',
  params: docParamsSchema,
  body: reasonBodySchema,
  response: opnameSchema,
  errors: conflictErrors,
  message: 'inventory.opnameCancelled',
});

export const listStockRequests = endpoint({
  method: 'GET',
  path: '/inventory/requests',
  permission: 'stock.read',
  tags,
  summary: 'Unit requests (amprahan) of a clinic, made by or sent to a location, newest first',
  query: requestListQuerySchema,
  response: z.array(stockRequestSchema),
});

export const createStockRequest = endpoint({
  method: 'POST',
  path: '/inventory/requests',
  permission: 'stock.manage',
  tags,
  summary: 'A unit requests items from a supplying location (quantities in a named unit)',
  body: requestCreateSchema,
  response: stockRequestSchema,
  errors: conflictErrors,
  message: 'inventory.requestCreated',
});

export const approveStockRequest = endpoint({
  method: 'POST',
  path: '/inventory/requests/:uid/approve',
  permission: 'stock.manage',
  tags,
  summary: 'The supplying location approves, perhaps less than asked (with a reason)',
  params: docParamsSchema,
  body: requestApproveSchema,
  response: stockRequestSchema,
  errors: conflictErrors,
  message: 'inventory.requestApproved',
});

export const rejectStockRequest = endpoint({
  method: 'POST',
  path: '/inventory/requests/:uid/reject',
  permission: 'stock.manage',
  tags,
  summary: 'The supplying location rejects a request, with a reason',
  params: docParamsSchema,
  body: reasonBodySchema,
  response: stockRequestSchema,
  errors: conflictErrors,
  message: 'inventory.requestRejected',
});

export const fulfilStockRequest = endpoint({
  method: 'POST',
  path: '/inventory/requests/:uid/fulfil',
  permission: 'stock.manage',
  tags,
  summary:
    'Send (part of) the approved quantities: FEFO transfer out of the supplying location into the unit',
  params: docParamsSchema,
  body: requestFulfilSchema,
  response: stockRequestSchema,
  errors: conflictErrors,
  message: 'inventory.requestFulfilled',
});

export const cancelStockRequest = endpoint({
  method: 'POST',
  path: '/inventory/requests/:uid/cancel',
  permission: 'stock.manage',
  tags,
  summary: 'Cancel a request nothing was sent for yet, with a reason',
  params: docParamsSchema,
  body: reasonBodySchema,
  response: stockRequestSchema,
  errors: conflictErrors,
  message: 'inventory.requestCancelled',
});

export const getNarcoticsReport = endpoint({
  method: 'GET',
  path: '/inventory/reports/narcotics',
  permission: 'stock.read',
  tags,
  summary:
    'Narcotics and psychotropics of a clinic for a month: opening, in, out, adjustments and closing per item',
  query: narcoticsQuerySchema,
  response: narcoticsReportSchema,
});

/** The same report as a workbook (SIPNAP-style columns): a raw answer, opened by URL. */
export const exportNarcoticsReport = endpoint({
  method: 'GET',
  path: '/inventory/reports/narcotics/xlsx',
  permission: 'stock.read',
  tags,
  summary: 'The narcotics and psychotropics report as xlsx',
  query: narcoticsQuerySchema,
  response: z.undefined(),
  raw: true,
});
