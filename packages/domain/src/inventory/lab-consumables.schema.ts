import { z } from '../common/zod-config.ts';
import { CONTAINERS } from '../lab/lab-containers.ts';
import { quantitySchema } from './inventory.schema.ts';

/**
 * The lab's consumables (BHP, issue 17 §4, research/operations.md §2.8): what leaves the lab's
 * stock when a sample is taken. Per container of the lab catalogue (one tube or pot per
 * container), plus `venipuncture` — what one blood draw uses (needle, plaster), taken once per
 * visit with its first blood container. Corporate-wide, since the item master is.
 */

export const LAB_CONSUMABLE_KEYS = [...CONTAINERS, 'venipuncture'] as const;
export type LabConsumableKey = (typeof LAB_CONSUMABLE_KEYS)[number];

/** The containers holding blood: the first one collected on a visit takes the venipuncture set. */
export const BLOOD_CONTAINERS: readonly string[] = ['edta', 'plain', 'citrate', 'heparin', 'fluoride'];

export const labConsumableLineSchema = z.object({
  key: z.enum(LAB_CONSUMABLE_KEYS, 'validation.invalid'),
  /** The item of the master (its public id); a consumable or any stocked item. */
  itemUid: z.string().trim().min(1, 'inventory.itemRequired').max(60, 'validation.tooLong'),
  /** In the item's base unit. */
  quantity: quantitySchema,
});
export type LabConsumableLine = z.infer<typeof labConsumableLineSchema>;

/** The whole list, replaced at once (a setting, not money: the audit log keeps the change). */
export const labConsumablesSaveSchema = z.object({
  lines: z
    .array(labConsumableLineSchema)
    .max(100, 'inventory.labConsumables.tooMany')
    .refine(
      (lines) => new Set(lines.map((l) => `${l.key}|${l.itemUid}`)).size === lines.length,
      'inventory.labConsumables.duplicate',
    ),
});
export type LabConsumablesSave = z.infer<typeof labConsumablesSaveSchema>;

export const labConsumableSchema = z.object({
  key: z.enum(LAB_CONSUMABLE_KEYS),
  itemUid: z.string(),
  itemName: z.string(),
  baseUnit: z.string(),
  quantity: z.number(),
});
export type LabConsumable = z.infer<typeof labConsumableSchema>;

export const labConsumablesSchema = z.object({
  lines: z.array(labConsumableSchema),
  /** Whether a clinic of the reader has an active lab location to take them from. */
  labLocation: z.boolean(),
});
export type LabConsumables = z.infer<typeof labConsumablesSchema>;
