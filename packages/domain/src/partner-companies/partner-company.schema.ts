// the shared issue messages come with every schema, in the browser as on the server

import { dateSchema, ISO_DAY_PATTERN } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { nikProblem, PATIENT_SEXES } from '../patients/patient.schema.ts';
import { SERVICE_GROUPS } from '../services/service.schema.ts';
import {
  BILLING_CYCLES,
  COPAY_TYPES,
  CUTOFF_DAY_MAX,
  CUTOFF_DAY_MIN,
  copayProblem,
  isValidNpwp,
  npwpDigits,
} from './partner-company.rules.ts';

/**
 * What the partner-company screens send (`/Registration/perusahaanRekanan`): the company's
 * profile, credit terms and coverage, its contract prices and the employees it covers. Money in
 * whole rupiah. Answers: partner-company-answers.schema.ts.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const rupiah = (key: string) => z.number(key).int(key).min(0, key).max(100_000_000_000, 'validation.tooLong');
const optionalRupiah = (key: string) =>
  rupiah(key)
    .nullable()
    .optional()
    .transform((v) => v ?? null);
const isoDay = dateSchema('iso', 'partnerCompanies.dateInvalid');

export const npwpSchema = text(30)
  .nullable()
  .optional()
  .transform((v) => (v ? npwpDigits(v) : null))
  .refine((v) => v === null || isValidNpwp(v), 'partnerCompanies.npwpInvalid');

export const cutoffDaySchema = z
  .number('partnerCompanies.cutoffRange')
  .int('partnerCompanies.cutoffRange')
  .min(CUTOFF_DAY_MIN, 'partnerCompanies.cutoffRange')
  .max(CUTOFF_DAY_MAX, 'partnerCompanies.cutoffRange');

export const companySaveSchema = z
  .object({
    name: text(120).min(1, 'partnerCompanies.nameRequired'),
    code: optionalText(20),
    legalName: optionalText(200),
    npwp: npwpSchema,
    address: optionalText(300),
    city: optionalText(80),
    phone: text(30)
      .nullable()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || /^\+?[\d\s-]{6,20}$/.test(v), 'partnerCompanies.phoneInvalid'),
    email: text(120)
      .nullable()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || EMAIL_PATTERN.test(v), 'partnerCompanies.emailInvalid'),
    picName: optionalText(120),
    paymentTermDays: z
      .number('partnerCompanies.termsRange')
      .int('partnerCompanies.termsRange')
      .min(0, 'partnerCompanies.termsRange')
      .max(365, 'partnerCompanies.termsRange')
      .default(30),
    creditLimit: optionalRupiah('partnerCompanies.amountWhole'),
    billingCycle: z.enum(BILLING_CYCLES, 'validation.invalid').default('monthly'),
    cutoffDay: cutoffDaySchema.default(25),
    ppnInvoiceRequired: z.boolean().default(false),
    ceilingPerVisit: optionalRupiah('partnerCompanies.amountWhole'),
    ceilingPerYear: optionalRupiah('partnerCompanies.amountWhole'),
    copayType: z.enum(COPAY_TYPES, 'validation.invalid').default('none'),
    copayValue: rupiah('partnerCompanies.amountWhole').default(0),
    excludedGroups: z.array(z.enum(SERVICE_GROUPS, 'validation.invalid')).max(20).default([]),
    excludedServiceUids: z.array(uidSchema).max(500, 'validation.tooLong').default([]),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const problem = copayProblem(v.copayType, v.copayValue);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['copayValue'], message: `partnerCompanies.${problem}` });
    if (v.ceilingPerVisit !== null && v.ceilingPerYear !== null && v.ceilingPerVisit > v.ceilingPerYear)
      ctx.addIssue({
        code: 'custom',
        path: ['ceilingPerVisit'],
        message: 'partnerCompanies.ceilingAboveYear',
      });
  });
export type CompanySaveInput = z.infer<typeof companySaveSchema>;

const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);

export const companyQuerySchema = z.object({
  search: text(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  page,
  limit,
});
export type CompanyQuery = z.infer<typeof companyQuerySchema>;

export const companyParamsSchema = z.object({ uid: uidSchema });
export const companyPriceParamsSchema = z.object({ uid: uidSchema, priceUid: uidSchema });
export const companyEmployeeParamsSchema = z.object({ uid: uidSchema, employeeUid: uidSchema });

/** A contract price: the company pays `price` for the service from `validFrom` to `validTo` (null: open). */
export const contractPriceAddSchema = z
  .object({
    serviceUid: uidSchema,
    price: rupiah('partnerCompanies.priceWhole'),
    validFrom: isoDay,
    validTo: isoDay
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .refine((p) => !p.validTo || p.validTo >= p.validFrom, {
    path: ['validTo'],
    message: 'partnerCompanies.validToBeforeFrom',
    // said together with the other fields' messages, once both days are days
    when: ({ value }) => {
      const v = (value ?? {}) as { validFrom?: unknown; validTo?: unknown };
      return [v.validFrom, v.validTo].every((d) => typeof d === 'string' && ISO_DAY_PATTERN.test(d));
    },
  });
export type ContractPriceAddInput = z.infer<typeof contractPriceAddSchema>;

export const contractPriceEndSchema = z.object({ validTo: isoDay });

/** A NIK: 16 digits that can be real (province, birth date, serial). */
export const employeeNikSchema = z
  .string('partnerCompanies.nikFormat')
  .trim()
  .refine((v) => /^\d{16}$/.test(v), 'partnerCompanies.nikFormat')
  .refine((v) => !/^\d{16}$/.test(v) || nikProblem(v) === null, 'partnerCompanies.nikInvalid');

export const employeeSaveSchema = z.object({
  employeeNumber: text(40).min(1, 'partnerCompanies.employeeNumberRequired'),
  nik: employeeNikSchema,
  name: text(120).min(1, 'partnerCompanies.employeeNameRequired'),
  birthDate: isoDay,
  sex: z.enum(PATIENT_SEXES, 'partnerCompanies.sexRequired'),
  department: optionalText(80),
  active: z.boolean().default(true),
});
export type EmployeeSaveInput = z.infer<typeof employeeSaveSchema>;

export const employeeQuerySchema = companyQuerySchema;
export type EmployeeQuery = z.infer<typeof employeeQuerySchema>;
