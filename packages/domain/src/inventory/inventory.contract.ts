import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  adjustSchema,
  cardParamsSchema,
  cardQuerySchema,
  clinicQuerySchema,
  issueSchema,
  itemParamsSchema,
  itemSettingsSchema,
  locationCreateSchema,
  locationParamsSchema,
  receiveSchema,
  stockQuerySchema,
  transferSchema,
} from './inventory.schema.ts';
import {
  alertsSchema,
  cardEntrySchema,
  consistencySchema,
  itemSettingsAnswerSchema,
  locationSchema,
  stockItemSchema,
  stockWriteSchema,
} from './stock.schema.ts';

/**
 * The stock ledger (`/stockInfo`, `/Pharmacy/internalStock`, `/warehouse`, `/Inventory/consumable`):
 * a clinic's stock locations, stock per location and batch, receipts, FEFO issues, transfers,
 * adjustments, the stock card, the consistency check and the alerts. A location is reached only
 * within the caller's clinics (another clinic's or corporate's is 404).
 */
const tags = ['inventory'] as const;

export const listStockLocations = endpoint({
  method: 'GET',
  path: '/inventory/locations',
  permission: 'stock.read',
  tags,
  summary: 'The clinic’s stock locations (warehouse, pharmacy, treatment room, lab)',
  query: clinicQuerySchema,
  response: z.array(locationSchema),
});

export const createStockLocation = endpoint({
  method: 'POST',
  path: '/inventory/locations',
  permission: 'stock.manage',
  tags,
  summary: 'Add a stock location to a clinic (409 when the clinic has one of that name)',
  body: locationCreateSchema,
  response: locationSchema,
  errors: conflictErrors,
  message: 'inventory.locationSaved',
});

export const getItemStockSettings = endpoint({
  method: 'GET',
  path: '/inventory/items/:itemUid',
  permission: 'stock.read',
  tags,
  summary: 'An item’s kind, class, base unit, minimum stock and packaging units',
  params: itemParamsSchema,
  response: itemSettingsAnswerSchema,
});

export const setItemStockSettings = endpoint({
  method: 'PUT',
  path: '/inventory/items/:itemUid',
  permission: 'stock.manage',
  tags,
  summary:
    'Set an item’s kind, class, base unit (fixed once stock has moved), minimum stock and packaging units',
  params: itemParamsSchema,
  body: itemSettingsSchema,
  response: itemSettingsAnswerSchema,
  errors: conflictErrors,
  message: 'inventory.itemSaved',
});

export const listLocationStock = endpoint({
  method: 'GET',
  path: '/inventory/locations/:uid/stock',
  permission: 'stock.read',
  tags,
  summary: 'The items held at a location with their batches (earliest expiry first) and value, paged',
  params: locationParamsSchema,
  query: stockQuerySchema,
  response: pagedSchema(stockItemSchema),
});

export const receiveStock = endpoint({
  method: 'POST',
  path: '/inventory/locations/:uid/receipts',
  permission: 'stock.manage',
  tags,
  summary:
    'Receive a batch into a location (quantity in a named unit, cost per that unit); moves the moving average',
  params: locationParamsSchema,
  body: receiveSchema,
  response: stockWriteSchema,
  errors: conflictErrors,
  message: 'inventory.received',
});

export const issueStock = endpoint({
  method: 'POST',
  path: '/inventory/locations/:uid/issues',
  permission: 'stock.manage',
  tags,
  summary:
    'Take stock out first-expiry-first-out (a later-expiring batch chosen needs a reason); 409 with what is available when short',
  params: locationParamsSchema,
  body: issueSchema,
  response: stockWriteSchema,
  errors: conflictErrors,
  message: 'inventory.issued',
});

export const transferStock = endpoint({
  method: 'POST',
  path: '/inventory/locations/:uid/transfers',
  permission: 'stock.manage',
  tags,
  summary: 'Move stock to another location, FEFO out of this one into the same batches there, cost carried',
  params: locationParamsSchema,
  body: transferSchema,
  response: stockWriteSchema,
  errors: conflictErrors,
  message: 'inventory.transferred',
});

export const adjustStock = endpoint({
  method: 'POST',
  path: '/inventory/locations/:uid/adjustments',
  permission: 'stock.manage',
  tags,
  summary: 'Correct a batch’s on-hand at a location to a count or by a difference, with a reason',
  params: locationParamsSchema,
  body: adjustSchema,
  response: stockWriteSchema,
  errors: conflictErrors,
  message: 'inventory.adjusted',
});

export const getStockCard = endpoint({
  method: 'GET',
  path: '/inventory/locations/:uid/items/:itemUid/card',
  permission: 'stock.read',
  tags,
  summary: 'The stock card of an item at a location: every movement, newest first, with running balances',
  params: cardParamsSchema,
  query: cardQuerySchema,
  response: pagedSchema(cardEntrySchema),
});

export const checkStockConsistency = endpoint({
  method: 'GET',
  path: '/inventory/consistency',
  permission: 'stock.read',
  tags,
  summary: 'For every location × item of the clinic: do the movements sum to the on-hand? (the mismatches)',
  query: clinicQuerySchema,
  response: consistencySchema,
});

export const getStockAlerts = endpoint({
  method: 'GET',
  path: '/inventory/alerts',
  permission: 'stock.read',
  tags,
  summary: 'The clinic’s items below minimum stock, batches expiring within three months, dead stock',
  query: clinicQuerySchema,
  response: alertsSchema,
});
