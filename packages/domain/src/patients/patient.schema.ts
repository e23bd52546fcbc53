// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { dobSchema } from '../employees/profile.schema.ts';
import { PAYER_TYPES } from './patient.rules.ts';

export { PAYER_TYPES, type PayerType } from './patient.rules.ts';

export const NATIONALITIES = ['WNI', 'WNA'] as const;
export const PATIENT_TITLES = ['Tn', 'Nn', 'Ny', 'An', 'By'] as const;
export const PATIENT_SEXES = ['M', 'F'] as const;
export const BLOOD_GROUPS = ['A', 'B', 'O', 'AB'] as const;
export const RHESUS = ['+', '-'] as const;
export type PatientTitle = (typeof PATIENT_TITLES)[number];
/** Why a patient has no IHS number after a lookup (a subset of the SATUSEHAT blocked reasons). */
export const PATIENT_IHS_MISSING_REASONS = ['patientNoNik', 'patientNotFound'] as const;
export type PatientIhsMissingReason = (typeof PATIENT_IHS_MISSING_REASONS)[number];

export const PATIENT_LIMITS = {
  nameMin: 3,
  nameMax: 100,
  phoneMin: 8,
  phoneMax: 15,
  addressMax: 250,
  allergiesMax: 1000,
} as const;

/** Kemendagri province codes run from 11 (Aceh) to 94 (Papua and its 2022 splits). */
const PROVINCE_MIN = 11;
const PROVINCE_MAX = 94;

export type NikProblem = 'format' | 'province' | 'date' | 'serial';

/**
 * Whether a NIK can be real: 16 digits, PP KK CC (province 11–94, regency, district), DDMMYY
 * of birth (women's day plus 40), then a serial that is never 0000. The century is not in the
 * NIK, so a date valid in either century passes (29 Feb of '00 holds in 2000).
 */
export function nikProblem(nik: string): NikProblem | null {
  if (!/^\d{16}$/.test(nik)) return 'format';
  const province = Number(nik.slice(0, 2));
  if (province < PROVINCE_MIN || province > PROVINCE_MAX) return 'province';
  const birth = nikBirth(nik);
  if (!birth) return 'date';
  if (nik.slice(12) === '0000') return 'serial';
  return null;
}

/** Day, month, two-digit year and sex encoded in a NIK; null when the date part cannot be a date. */
export function nikBirth(nik: string): { day: number; month: number; yy: number; sex: 'M' | 'F' } | null {
  if (!/^\d{16}$/.test(nik)) return null;
  let day = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const yy = Number(nik.slice(10, 12));
  const sex = day > 40 ? 'F' : 'M';
  if (day > 40) day -= 40;
  if (month < 1 || month > 12 || day < 1) return null;
  const fits = (year: number) => day <= new Date(year, month, 0).getDate();
  if (!fits(1900 + yy) && !fits(2000 + yy)) return null;
  return { day, month, yy, sex };
}

const NIK_MESSAGE: Record<NikProblem, string> = {
  format: 'patients.nikFormat',
  province: 'patients.nikProvince',
  date: 'patients.nikDate',
  serial: 'patients.nikSerial',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional text: '' (or absent) means "none". */
const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const nikSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') return;
    const problem = nikProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: NIK_MESSAGE[problem] });
  });
const phoneSchema = (optional: boolean) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine(
      (v) =>
        (optional && v === '') ||
        new RegExp(`^\\d{${PATIENT_LIMITS.phoneMin},${PATIENT_LIMITS.phoneMax}}$`).test(v),
      'patients.phoneFormat',
    );
const regionCode = z
  .string()
  .trim()
  .regex(/^[\d.]{0,20}$/, 'patients.regionCode');

/** Every field of the patient form; the create and edit bodies derive from it. */
const patientFields = {
  nik: nikSchema,
  passport: optionalText(30).regex(/^[A-Za-z0-9]*$/, 'patients.passportFormat'),
  nationality: z.enum(NATIONALITIES),
  title: z.enum(PATIENT_TITLES).nullable(),
  name: z
    .string({ error: (issue) => (issue.input == null ? 'patients.nameRequired' : undefined) })
    .trim()
    .min(1, { message: 'patients.nameRequired', abort: true })
    .min(PATIENT_LIMITS.nameMin, 'patients.nameLength')
    .max(PATIENT_LIMITS.nameMax, 'patients.nameLength'),
  sex: z.enum(PATIENT_SEXES, { error: 'patients.sexRequired' }),
  dob: dobSchema,
  bloodGroup: z.enum(BLOOD_GROUPS).nullable(),
  rhesus: z.enum(RHESUS).nullable(),
  phone: phoneSchema(true),
  email: z
    .string()
    .trim()
    .max(100, 'validation.tooLong')
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'patients.emailInvalid'),
  address: optionalText(PATIENT_LIMITS.addressMax),
  provinceCode: regionCode,
  cityCode: regionCode,
  districtCode: regionCode,
  villageCode: regionCode,
  payerType: z.enum(PAYER_TYPES),
  companyId: z.coerce.number().int().positive('validation.invalid').nullable(),
  insuranceName: optionalText(100),
  insuranceNumber: optionalText(30).regex(/^[A-Za-z0-9.-]*$/, 'validation.invalid'),
  emergencyName: optionalText(100),
  emergencyPhone: phoneSchema(true),
  emergencyRelation: optionalText(50),
  allergies: optionalText(PATIENT_LIMITS.allergiesMax),
  ihsNumber: optionalText(20).regex(/^[A-Za-z0-9]*$/, 'validation.invalid'),
  /** A newborn without a NIK of its own: the mother's, by which SATUSEHAT knows the baby. */
  motherNik: nikSchema,
};

type FieldValues = {
  [K in keyof typeof patientFields]: z.infer<(typeof patientFields)[K]>;
};

/**
 * Rules across fields, on whatever of them a body holds (an edit is checked again by the server
 * on the merged record): a foreigner without NIK needs a passport; an insurance payer needs the
 * insurer; a BPJS payer needs the 13-digit card number.
 */
export function patientCrossIssues(v: Partial<FieldValues>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.nationality === 'WNA' && v.nik !== undefined && !v.nik && v.passport !== undefined && !v.passport)
    issues.push({ path: 'passport', message: 'patients.passportRequired' });
  if (v.payerType === 'insurance' && v.insuranceName !== undefined && !v.insuranceName)
    issues.push({ path: 'insuranceName', message: 'patients.insuranceRequired' });
  if (v.payerType === 'bpjs' && v.insuranceNumber !== undefined && !/^\d{13}$/.test(v.insuranceNumber))
    issues.push({ path: 'insuranceNumber', message: 'patients.bpjsNumber' });
  if (v.payerType === 'company' && v.companyId !== undefined && !v.companyId)
    issues.push({ path: 'companyId', message: 'patients.companyRequired' });
  return issues;
}

function withCrossRules<T extends z.ZodType<Partial<FieldValues>>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    for (const issue of patientCrossIssues(v))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}

/** `POST patients`: the registering clinic and the form; a title left out follows age and sex. */
export const patientCreateSchema = withCrossRules(
  z.object({
    clinicId: z.coerce.number().int().positive('validation.invalid'),
    ...patientFields,
    nik: patientFields.nik.default(''),
    passport: patientFields.passport.default(''),
    nationality: patientFields.nationality.default('WNI'),
    title: patientFields.title.optional(),
    bloodGroup: patientFields.bloodGroup.default(null),
    rhesus: patientFields.rhesus.default(null),
    phone: patientFields.phone.default(''),
    email: patientFields.email.default(''),
    address: patientFields.address.default(''),
    provinceCode: regionCode.default(''),
    cityCode: regionCode.default(''),
    districtCode: regionCode.default(''),
    villageCode: regionCode.default(''),
    payerType: patientFields.payerType.default('self'),
    companyId: patientFields.companyId.default(null),
    insuranceName: patientFields.insuranceName.default(''),
    insuranceNumber: patientFields.insuranceNumber.default(''),
    emergencyName: patientFields.emergencyName.default(''),
    emergencyPhone: patientFields.emergencyPhone.default(''),
    emergencyRelation: patientFields.emergencyRelation.default(''),
    allergies: patientFields.allergies.default(''),
    ihsNumber: patientFields.ihsNumber.default(''),
    motherNik: patientFields.motherNik.default(''),
    /** Saves although a patient with the same name and birth date exists (the clerk checked). */
    confirmDuplicate: z.boolean().default(false),
  }),
);
export type PatientCreateInput = z.infer<typeof patientCreateSchema>;

/** `PATCH patients/:uid`: only the fields sent change ('' clears a text; null a choice). */
export const patientEditSchema = withCrossRules(
  z.object({
    ...z.object(patientFields).partial().shape,
    confirmDuplicate: z.boolean().default(false),
  }),
);
export type PatientEditInput = z.infer<typeof patientEditSchema>;

/** `GET patients`: name fragment, exact NIK, record number or phone; server paging. */
export const patientListQuerySchema = z.object({
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1, 'validation.invalid').default(1),
  limit: z.coerce.number().int().min(1, 'validation.invalid').max(100, 'validation.invalid').default(20),
  clinicId: z.coerce.number().int().positive('validation.invalid').optional(),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

/** A record number as the server writes it: `RM-{clinicId}-{six digits}`. */
export const MRN_PATTERN = /^RM-\d+-\d{6,}$/i;
export const formatMrn = (clinicId: number, value: number) =>
  `RM-${clinicId}-${String(value).padStart(6, '0')}`;

/** The patient as the API answers it. */
export const patientSchema = z.object({
  uid: z.string(),
  mrn: z.string(),
  clinicId: z.number().int(),
  clinicName: z.string().nullable(),
  nik: z.string().nullable(),
  passport: z.string().nullable(),
  nationality: z.enum(NATIONALITIES),
  /** The title in force: the one set, or the age-and-sex rule's when none was set. */
  title: z.enum(PATIENT_TITLES).nullable(),
  titleAuto: z.boolean(),
  name: z.string(),
  sex: z.enum(PATIENT_SEXES),
  /** DD/MM/YYYY */
  dob: z.string(),
  age: z.object({ years: z.number().int(), months: z.number().int() }),
  bloodGroup: z.enum(BLOOD_GROUPS).nullable(),
  rhesus: z.enum(RHESUS).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  villageCode: z.string().nullable(),
  payerType: z.enum(PAYER_TYPES),
  companyId: z.number().int().nullable(),
  insuranceName: z.string().nullable(),
  insuranceNumber: z.string().nullable(),
  emergencyName: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  emergencyRelation: z.string().nullable(),
  allergies: z.string().nullable(),
  ihsNumber: z.string().nullable(),
  motherNik: z.string().nullable(),
  /** The last SATUSEHAT identity lookup (ISO), and why it found no IHS number */
  ihsCheckedAt: z.string().nullable(),
  ihsMissingReason: z.enum(PATIENT_IHS_MISSING_REASONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

/** One row of the list and of a duplicate warning. */
export const patientSummarySchema = patientSchema.pick({
  uid: true,
  mrn: true,
  clinicId: true,
  clinicName: true,
  nik: true,
  passport: true,
  title: true,
  name: true,
  sex: true,
  dob: true,
  age: true,
  phone: true,
  address: true,
  payerType: true,
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

/**
 * Whether the caller may change and remove this patient: the shared master is read corporate-wide,
 * but changed only by staff of a clinic that registered or served the patient, or a corporate role.
 */
const mayChange = z.boolean();

/** A row of `GET patients`: the summary and whether the caller may change it. */
export const patientListRowSchema = patientSummarySchema.extend({ mayChange });
export type PatientListRow = z.infer<typeof patientListRowSchema>;

/** `GET patients/:uid`: the patient and whether the caller may change it. */
export const patientViewSchema = patientSchema.extend({ mayChange });
export type PatientView = z.infer<typeof patientViewSchema>;
