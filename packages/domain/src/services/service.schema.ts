import { dateSchema, ISO_DAY_PATTERN } from '../common/dates.ts';
// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import type { ServiceType } from '../registrations/registration.rules.ts';

/** The service master (`/Layanan/masterLayanan`): every billable service of the corporate. */

export const SERVICE_GROUPS = [
  'registration',
  'consultation',
  'procedure',
  'lab',
  'radiology',
  'physio',
  'mcu',
  'other',
] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

/** Who pays a visit: the patient (general), a partner company, an insurer. */
export const PAYER_CLASSES = ['general', 'company', 'insurer'] as const;
export type PayerClass = (typeof PAYER_CLASSES)[number];

/** Medical services are exempt from PPN; a clinic may configure its own rule per service. */
export const TAX_CATEGORIES = ['exempt', 'ppn'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** Units as clinics write them (suggestions; other words are accepted). */
export const SERVICE_UNITS = [
  'kali',
  'kunjungan',
  'tindakan',
  'pemeriksaan',
  'sesi',
  'paket',
  'panel',
  'kartu',
  'lembar',
] as const;

/**
 * The service desk (registrations.service_type) that performs a group's services;
 * registration, consultation and other have none.
 */
export const GROUP_DESK: Readonly<Partial<Record<ServiceGroup, ServiceType>>> = {
  lab: 'LAB',
  radiology: 'RAD',
  physio: 'PHYSIO',
  procedure: 'TREATMENT',
  mcu: 'MCU',
};
export const deskOfGroup = (group: ServiceGroup): ServiceType | null => GROUP_DESK[group] ?? null;

/** Largest amount of one tariff component (whole rupiah). */
export const MAX_FEE = 1_000_000_000;
/** Most items in one panel or package. */
export const MAX_PACKAGE_ITEMS = 50;

const uidRef = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

/** A service code: letters, digits and `.-_`, unique per corporate (case-insensitive). */
export const serviceCodeSchema = z
  .string('services.codeRequired')
  .trim()
  .min(1, 'services.codeRequired')
  .max(30, 'validation.tooLong')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'services.codeFormat');

/** A procedure's default ICD-9-CM code: 2 digits, optionally a point and 1–2 digits (86.59). */
export const icd9CodeSchema = z
  .string()
  .trim()
  .regex(/^\d{2}(\.\d{1,2})?$/, 'services.icd9Format');

export const packageItemInputSchema = z.object({
  serviceUid: uidRef,
  quantity: z
    .number('services.quantityMin')
    .int('services.quantityMin')
    .min(1, 'services.quantityMin')
    .max(100, 'services.quantityMax'),
});
export type PackageItemInput = z.infer<typeof packageItemInputSchema>;

export const serviceSaveSchema = z
  .object({
    code: serviceCodeSchema,
    nameId: z.string('services.nameIdRequired').trim().min(1, 'services.nameIdRequired').max(200),
    nameEn: z.string('services.nameEnRequired').trim().min(1, 'services.nameEnRequired').max(200),
    group: z.enum(SERVICE_GROUPS, 'services.groupRequired'),
    unit: z.string('services.unitRequired').trim().min(1, 'services.unitRequired').max(30),
    taxCategory: z.enum(TAX_CATEGORIES, 'services.taxRequired'),
    icd9Code: icd9CodeSchema.nullish().or(z.literal('')),
    /** A specialist consultation's specialty (the specialists list's `_id`); null: general practice. */
    specialistId: uidRef.nullish(),
    isPackage: z.boolean().default(false),
    /** The items of a panel or package (other services of the corporate). */
    items: z.array(packageItemInputSchema).max(MAX_PACKAGE_ITEMS, 'services.itemsTooMany').default([]),
  })
  .superRefine((s, ctx) => {
    if (!s.isPackage && s.items.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'services.itemsOnlyPackage' });
    if (s.isPackage && !s.items.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'services.itemsRequired' });
    const seen = new Set<string>();
    s.items.forEach((item, i) => {
      if (seen.has(item.serviceUid))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'serviceUid'], message: 'services.itemDuplicate' });
      seen.add(item.serviceUid);
    });
  });
export type ServiceSaveInput = z.infer<typeof serviceSaveSchema>;

export const packageItemSchema = z.object({
  serviceUid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  quantity: z.number().int(),
  active: z.boolean(),
});
export type PackageItem = z.infer<typeof packageItemSchema>;

export const serviceSchema = z.object({
  uid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  group: z.enum(SERVICE_GROUPS),
  unit: z.string(),
  taxCategory: z.enum(TAX_CATEGORIES),
  icd9Code: z.string().nullable(),
  specialistId: z.string().nullable(),
  specialist: z.string().nullable(),
  isPackage: z.boolean(),
  active: z.boolean(),
  /** Today's corporate-wide general (Umum) price, the sum of its components; null: none today. */
  generalPrice: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

const fee = z
  .number('services.feeRequired')
  .int('services.feeWhole')
  .min(0, 'services.feeWhole')
  .max(MAX_FEE, 'validation.tooLong');
const isoDay = dateSchema('iso', 'services.dateInvalid');

/**
 * A new price: corporate-wide (clinicId null) or a clinic's override, for one payer class, from
 * a day (to a day, or open). The tariff components are whole rupiah; the price is their sum.
 */
export const priceAddSchema = z
  .object({
    clinicId: z.number().int().positive('validation.invalid').nullable().default(null),
    payerClass: z.enum(PAYER_CLASSES, 'services.payerClassRequired'),
    validFrom: isoDay,
    validTo: isoDay.nullish(),
    facilityFee: fee,
    professionalFee: fee,
    consumablesFee: fee,
  })
  .refine((p) => !p.validTo || p.validTo >= p.validFrom, {
    path: ['validTo'],
    message: 'services.validToBeforeFrom',
    // said together with the other fields' messages, once both days are days
    when: ({ value }) => {
      // a missing body reaches here too: it is answered by the object check, not by a crash
      const v = (value ?? {}) as { validFrom?: unknown; validTo?: unknown };
      return [v.validFrom, v.validTo].every((d) => typeof d === 'string' && ISO_DAY_PATTERN.test(d));
    },
  });
export type PriceAddInput = z.infer<typeof priceAddSchema>;

/** Ends a price on a day (its last valid day). */
export const priceEndSchema = z.object({ validTo: isoDay });
export type PriceEndInput = z.infer<typeof priceEndSchema>;

export const priceSchema = z.object({
  uid: z.string(),
  clinicId: z.number().int().nullable(),
  clinicName: z.string().nullable(),
  payerClass: z.enum(PAYER_CLASSES),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  facilityFee: z.number().int(),
  professionalFee: z.number().int(),
  consumablesFee: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
});
export type ServicePrice = z.infer<typeof priceSchema>;

export const serviceDetailSchema = serviceSchema.extend({
  items: z.array(packageItemSchema),
  prices: z.array(priceSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const priceAddResultSchema = z.object({
  price: priceSchema,
  /** The open price of the same scope that the new one ended on the day before its start. */
  closed: priceSchema.nullable(),
});

export const serviceListQuerySchema = z.object({
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  group: z.enum(SERVICE_GROUPS).optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  isPackage: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const priceLookupQuerySchema = z.object({
  /** The visit's clinic (in the caller's scope); without it only corporate-wide prices count. */
  clinicId: z.coerce.number().int().positive('validation.invalid').optional(),
  payerClass: z.enum(PAYER_CLASSES).default('general'),
  /** The visit's day; default today (Jakarta). */
  date: isoDay.optional(),
});

export const priceLookupSchema = z.object({
  day: z.string(),
  payerClass: z.enum(PAYER_CLASSES),
  /** The price that applies, null when the service has none that day. */
  price: priceSchema.nullable(),
  /** The payer class whose price applies (general when the asked class has none). */
  appliedClass: z.enum(PAYER_CLASSES).nullable(),
  /** Where the price comes from: the clinic's override or the corporate-wide tariff. */
  source: z.enum(['clinic', 'corporate']).nullable(),
});
export type PriceLookup = z.infer<typeof priceLookupSchema>;

/** One bad cell of an import: the sheet, its row number (as Excel shows it), the column's field. */
export const importIssueSchema = z.object({
  sheet: z.enum(['services', 'prices']),
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  pricesAdded: z.number().int(),
  pricesUnchanged: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
