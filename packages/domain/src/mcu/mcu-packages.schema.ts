import { z } from '../common/zod-config.ts';
import { MCU_EXAM_TYPES, MCU_STATIONS } from './mcu-stations.ts';

/**
 * MCU packages (issue 20 §1): a package is a catalogue service (group `mcu`, a package) whose lab
 * and radiology items are its package items; the MCU part adds its exam type and the stations a
 * participant passes. The lab station comes with the lab items by itself.
 */

export const mcuPackageQuerySchema = z.object({
  /** A partner company's `uid`: its contract price of each package beside the package. */
  companyUid: z.string().trim().max(60, 'validation.tooLong').optional(),
});
export type McuPackageQuery = z.infer<typeof mcuPackageQuerySchema>;

export const mcuPackageParamsSchema = z.object({
  serviceUid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

export const mcuPackageSaveSchema = z.object({
  examType: z.enum(MCU_EXAM_TYPES, 'mcuSetup.examTypeRequired'),
  stations: z
    .array(z.enum(MCU_STATIONS, 'mcuSetup.stationUnknown'))
    .min(1, 'mcuSetup.stationsRequired')
    .max(MCU_STATIONS.length, 'validation.tooLong')
    .refine((s) => new Set(s).size === s.length, 'mcuSetup.stationDuplicate'),
});
export type McuPackageSaveInput = z.infer<typeof mcuPackageSaveSchema>;

export const mcuPackageItemSchema = z.object({
  serviceUid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  /** the item's service group: lab, radiology, procedure … */
  group: z.string(),
  quantity: z.number().int(),
});

export const mcuPackageSchema = z.object({
  serviceUid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  active: z.boolean(),
  /** null: the MCU part was not set yet */
  examType: z.enum(MCU_EXAM_TYPES).nullable(),
  /** in the order a participant passes them ('lab' when the package has lab items) */
  stations: z.array(z.enum(MCU_STATIONS)),
  items: z.array(mcuPackageItemSchema),
  /** the company's contract price today (whole rupiah), when `companyUid` was asked; else null */
  contractPrice: z.number().int().nullable(),
});
export type McuPackage = z.infer<typeof mcuPackageSchema>;
