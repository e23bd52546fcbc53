import { endpoint } from '../common/contract.ts';
import { billListPageSchema, billListQuerySchema } from './bill-list.schema.ts';

/**
 * The invoices (`/Registration/invoice`): a page of the posted bills of the caller's clinics,
 * newest first; another clinic's bill never appears, even asked by its id (403).
 */
export const listBills = endpoint({
  method: 'GET',
  path: '/billing/bills',
  permission: 'bill.read',
  tags: ['billing'],
  summary:
    'Posted bills of the caller’s clinics by service day (≤ 92 days), status and payer type; search by invoice or receipt number, patient name or record number; newest first',
  query: billListQuerySchema,
  response: billListPageSchema,
});
