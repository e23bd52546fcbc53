// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

/** Drug master (`/Setting/Pharmacy/drug`). */
export const drugSaveSchema = z.object({
  name: z.string().trim().min(1, 'drugs.nameRequired').max(200, 'validation.tooLong'),
  genericName: z.string().trim().max(200, 'validation.tooLong').nullish(),
  form: z.string().trim().min(1, 'drugs.formRequired').max(40, 'validation.tooLong'),
  strength: z.string().trim().max(60, 'validation.tooLong').nullish(),
  unit: z.string().trim().min(1, 'drugs.unitRequired').max(30, 'validation.tooLong'),
  /** KFA (Kamus Farmasi dan Alat Kesehatan) code: digits, 8–20 long. */
  kfaCode: z
    .string()
    .trim()
    .regex(/^\d{8,20}$/, 'drugs.kfaFormat')
    .nullish()
    .or(z.literal('')),
  price: z
    .number('drugs.priceRequired')
    .int('drugs.priceWhole')
    .min(0, 'drugs.priceWhole')
    .max(1_000_000_000, 'validation.tooLong'),
  active: z.boolean().default(true),
});
export type DrugSaveInput = z.infer<typeof drugSaveSchema>;
export const drugSchema = z.object({
  uid: z.string(),
  name: z.string(),
  genericName: z.string().nullable(),
  form: z.string(),
  strength: z.string().nullable(),
  unit: z.string(),
  kfaCode: z.string().nullable(),
  price: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Drug = z.infer<typeof drugSchema>;
export const drugListQuerySchema = z.object({
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
