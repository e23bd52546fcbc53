import type { labConsumablesId } from './lab-consumables.id.ts';

/** The lab's consumables list (issue 17 §4), server messages and screen (English). */
export const labConsumablesEn: typeof labConsumablesId = {
  saved: 'The lab consumables list was saved',
  duplicate: 'The same item is listed twice for one container',
  tooMany: 'At most 100 lines',
  tab: 'Lab consumables',
  title: 'Consumables used when a lab sample is taken',
  hint: 'When the lab marks a sample "Collected", the items below leave the stock of the clinic’s Laboratory location (earliest expiry first). The blood draw set leaves once per visit, with the first blood tube.',
  noLabLocation:
    'This clinic has no stock location of type Laboratory; lab consumables are not taken until one exists.',
  containers: {
    edta: 'EDTA tube (purple)',
    plain: 'Plain/serum tube (red)',
    citrate: 'Citrate tube (blue)',
    heparin: 'Heparin tube (green)',
    fluoride: 'Fluoride tube (grey)',
    urinePot: 'Urine pot',
    stoolPot: 'Stool pot',
    venipuncture: 'Blood draw (once per visit)',
  },
  colContainer: 'Container',
  colItem: 'Item',
  colQuantity: 'Quantity',
  add: 'Add item',
  remove: 'Remove',
  itemPlaceholder: 'Choose an item',
  empty: 'No items for this container yet',
  save: 'Save list',
  perUse: 'per collection',
};
