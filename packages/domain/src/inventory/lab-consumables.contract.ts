import { endpoint } from '../common/contract.ts';
import { clinicQuerySchema } from './inventory.schema.ts';
import { labConsumablesSaveSchema, labConsumablesSchema } from './lab-consumables.schema.ts';

/**
 * What a lab sample takes out of the lab's stock (`/Inventory/consumable`, issue 17 §4): per
 * container and per blood draw, the items and quantities. Corporate-wide; the answer also says
 * whether the clinic has a lab location to take them from.
 */
const tags = ['inventory'] as const;

export const getLabConsumables = endpoint({
  method: 'GET',
  path: '/inventory/lab-consumables',
  permission: 'stock.read',
  tags,
  summary: 'The items a lab sample’s container and a blood draw take from the lab’s stock',
  query: clinicQuerySchema,
  response: labConsumablesSchema,
});

export const saveLabConsumables = endpoint({
  method: 'PUT',
  path: '/inventory/lab-consumables',
  permission: 'stock.manage',
  tags,
  summary:
    'Replace the lab’s consumables list (items of the caller’s corporate; 404 naming the line otherwise)',
  query: clinicQuerySchema,
  body: labConsumablesSaveSchema,
  response: labConsumablesSchema,
  message: 'inventory.labConsumables.saved',
});
