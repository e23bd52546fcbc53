import { z } from '../common/zod-config.ts';

/** The corporate profile (`pharmacies/corps/where`); its name heads the page for Super Admin and Admin. */
export const corporateSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
});
export type Corporate = z.infer<typeof corporateSchema>;

export const clinicSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  corpId: z.number().int(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  timeZone: z.string(),
  mcuSite: z.boolean(),
  accountType: z.enum(['corporate', 'klinik', 'mandiri']),
  statusSetup: z.string(),
});
export type Clinic = z.infer<typeof clinicSchema>;

export const idQuerySchema = z.object({ id: z.coerce.number().int().positive('validation.invalid') });
export const corpIdQuerySchema = z.object({
  CorpId: z.coerce.number().int().positive('validation.invalid').optional(),
});
export const clinicIdParamsSchema = z.object({
  clinicId: z.coerce.number().int().positive('validation.invalid'),
});
