// the shared issue messages come with every schema, in the browser as on the server
import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';

/** Messages of spec 5, to the letter. */
export const PROFILE_MESSAGES = {
  nameRequired: 'Nama Tidak Boleh Kosong',
  nameLength: 'Min 3 and Max 30 characters long.',
  passwordRequired: 'Password Tidak Boleh Kosong',
  confirmRequired: 'Konfirmasi Password Tidak Boleh Kosong',
  passwordMismatch: 'Password dan Konfirmasi Password Tidak Sama',
  icRequired: 'IC Number Tidak Boleh Kosong',
  phoneRequired: 'Phone Number Tidak Boleh Kosong',
  ihsNeedsNik: 'Harap Isi NIK untuk Mendapatkan Nomor IHS',
  emailInvalid: 'Email is not valid',
  incomplete: 'Complete and check the data first',
  saveConfirm: 'Save now ?',
  scheduleIncomplete: 'All field must be filled',
} as const;

/** Limits of spec 9. */
export const PROFILE_LIMITS = {
  nameMin: 3,
  nameMax: 30,
  phoneMax: 20,
  ihsMax: 20,
  doctorAddressMax: 150,
  staffAddressMax: 100,
  /** Not in the spec: a floor for new passwords (the spec only asks for non-empty). */
  passwordMin: 8,
  passwordMax: 128,
} as const;

const digits = (max: number) =>
  z.string().regex(/^\d*$/, 'validation.digitsOnly').max(max, 'validation.tooLong');
/** A text the spec requires: missing, null or blank gives the spec's own message, and only that one. */
const requiredText = (message: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? message : undefined) })
    .trim()
    .min(1, { message, abort: true });
const personName = requiredText(PROFILE_MESSAGES.nameRequired)
  .min(PROFILE_LIMITS.nameMin, PROFILE_MESSAGES.nameLength)
  .max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.nameLength);
const newPassword = z
  .string()
  .min(PROFILE_LIMITS.passwordMin, 'validation.passwordMin')
  .max(PROFILE_LIMITS.passwordMax, 'validation.tooLong');
/**
 * The current password, asked whenever users change their own password (a stolen session alone
 * cannot change it); the server checks it, an Admin setting someone else's sends none.
 */
export const currentPasswordSchema = z
  .string({ error: 'validation.currentPasswordRequired' })
  .min(1, 'validation.currentPasswordRequired')
  .max(200, 'validation.tooLong');

/**
 * The doctor / photo Edit Profile form of spec 2.5 and 5, as the browser checks it. Username,
 * health ID and specialist are shown read-only.
 */
export const doctorProfileFormSchema = z
  .object({
    name: personName,
    changePassword: z.boolean(),
    currentPassword: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    icNumber: z.string().trim().min(1, PROFILE_MESSAGES.icRequired).max(30, 'validation.tooLong'),
    ihsNumber: digits(PROFILE_LIMITS.ihsMax),
    phoneNumber: digits(PROFILE_LIMITS.phoneMax).min(1, PROFILE_MESSAGES.phoneRequired),
    address: z.string().max(PROFILE_LIMITS.doctorAddressMax, 'validation.tooLong'),
  })
  .superRefine((v, ctx) => {
    if (!v.changePassword) return;
    if (!v.currentPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: 'validation.currentPasswordRequired',
      });
    if (!v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: PROFILE_MESSAGES.passwordRequired });
    else if (v.password.length < PROFILE_LIMITS.passwordMin)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordMin' });
    if (!v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PROFILE_MESSAGES.confirmRequired });
    else if (v.password && v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PROFILE_MESSAGES.passwordMismatch });
  });
export type DoctorProfileForm = z.infer<typeof doctorProfileFormSchema>;

/** `PATCH settings/doctors/profile/edit` (spec 7): the own profile, doctor or photo variant. */
export const profileEditSchema = z
  .object({
    doctorId: z.coerce.number().int().positive().optional(),
    uidEmployee: z.string().max(60).optional(),
    userId: z.string().max(60),
    idEmployee: z.coerce.number().int().positive().optional(),
    updateData: z.object({
      name: personName,
      password: newPassword.optional(),
      currentPassword: currentPasswordSchema.optional(),
      icNumber: requiredText(PROFILE_MESSAGES.icRequired).max(30, 'validation.tooLong'),
      ihsNumber: digits(PROFILE_LIMITS.ihsMax).optional(),
      phoneNumber: requiredText(PROFILE_MESSAGES.phoneRequired)
        .regex(/^\d*$/, 'validation.digitsOnly')
        .max(PROFILE_LIMITS.phoneMax, 'validation.tooLong'),
      address: z.string().max(PROFILE_LIMITS.doctorAddressMax, 'validation.tooLong').optional(),
      photo: z.string().max(300).nullable().optional(),
      // shown read-only; accepted so the spec's payload parses, never written from here
      username: z.string().optional(),
      previousClinicId: z.unknown().optional(),
      clinicId: z.unknown().optional(),
      uidClinic: z.unknown().optional(),
      specialist: z.unknown().optional(),
      specialistId: z.unknown().optional(),
    }),
  })
  .refine((v) => v.doctorId !== undefined || v.uidEmployee !== undefined, {
    message: 'validation.required',
    path: ['uidEmployee'],
  });
export type ProfileEditInput = z.infer<typeof profileEditSchema>;

/** DD/MM/YYYY, a real date of 1900–2100, not in the future (spec 5). */
export const dobSchema = dateSchema('ddmmyyyy').refine((text) => {
  const [d, m, y] = text.split('/').map(Number);
  return new Date(y, m - 1, d).getTime() <= Date.now();
}, 'validation.dobFuture');

/** The generic staff Edit User form of spec 2.6 and 5. */
export const staffProfileFormSchema = z
  .object({
    name: z.string().trim(),
    username: z.string().trim(),
    email: z.string().trim(),
    clinicId: z.number().int().nullable(),
    role: z.string(),
    title: z.string().max(50, 'validation.tooLong'),
    icNumber: z.string().max(30, 'validation.tooLong'),
    passport: z.string().max(30, 'validation.tooLong'),
    others: z.string().max(100, 'validation.tooLong'),
    dob: z.union([z.literal(''), dobSchema]),
    gender: z.enum(['M', 'F', 'N']),
    phoneNumber: digits(PROFILE_LIMITS.phoneMax),
    address: z.string().max(PROFILE_LIMITS.staffAddressMax, 'validation.tooLong'),
    changePassword: z.boolean(),
    /** The form edits the own account: a new password needs the current one (the server checks it). */
    currentPassword: z.string(),
    password: z.string(),
    retypePassword: z.string(),
  })
  .superRefine((v, ctx) => {
    const missing =
      !v.name ||
      !v.username ||
      !v.email ||
      v.clinicId === null ||
      !v.role ||
      (v.changePassword && (!v.currentPassword || !v.password || !v.retypePassword));
    if (missing) ctx.addIssue({ code: 'custom', path: [], message: PROFILE_MESSAGES.incomplete });
    if (v.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email))
      ctx.addIssue({ code: 'custom', path: ['email'], message: PROFILE_MESSAGES.emailInvalid });
    for (const field of ['name', 'username'] as const) {
      const len = v[field].length;
      if (len > 0 && (len < PROFILE_LIMITS.nameMin || len > PROFILE_LIMITS.nameMax))
        ctx.addIssue({ code: 'custom', path: [field], message: PROFILE_MESSAGES.nameLength });
    }
  });
export type StaffProfileForm = z.infer<typeof staffProfileFormSchema>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Generic staff form (spec 5): a missing name or username is 'Complete and check the data first'. */
const staffName = requiredText(PROFILE_MESSAGES.incomplete)
  .min(PROFILE_LIMITS.nameMin, PROFILE_MESSAGES.nameLength)
  .max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.nameLength);

/** `PATCH settings/employee` (spec 7): own profile, or any employee for /Setting/employee. */
export const employeeEditSchema = z.object({
  uidEmployee: z.string().min(1, 'validation.required').max(60),
  userId: z.string().max(60).optional(),
  updateData: z.object({
    name: staffName,
    username: staffName,
    email: requiredText(PROFILE_MESSAGES.incomplete).regex(EMAIL_PATTERN, PROFILE_MESSAGES.emailInvalid),
    gender: z.enum(['M', 'F', 'N']).optional(),
    dob: z.union([z.literal(''), dobSchema]).optional(),
    icNumber: z.string().max(30, 'validation.tooLong').optional(),
    /** The SATUSEHAT IHS number fetched by the NIK (/Setting/employee) */
    ihsNumber: digits(PROFILE_LIMITS.ihsMax).optional(),
    passport: z.string().max(30, 'validation.tooLong').optional(),
    others: z.string().max(100, 'validation.tooLong').optional(),
    address: z.string().max(PROFILE_LIMITS.staffAddressMax, 'validation.tooLong').optional(),
    phoneNumber: digits(PROFILE_LIMITS.phoneMax).optional(),
    password: newPassword.optional(),
    /** Required with `password` on the own account; an Admin setting another's sends none. */
    currentPassword: currentPasswordSchema.optional(),
    /** Only /Setting/employee may change these; the own-profile dialog shows them read-only. */
    clinicId: z.coerce.number().int().positive().optional(),
    uidClinic: z.string().optional(),
    role: z.string().optional(),
    active: z.boolean().optional(),
  }),
});
export type EmployeeEditInput = z.infer<typeof employeeEditSchema>;

// ---- Master data: /MasterDokter and /Setting/employee (issue 3) ----

/** Logins are typed on every device: letters, digits and . _ - @ only. */
const usernameSchema = staffName.regex(/^[A-Za-z0-9._@-]+$/, 'staffApi.usernameChars');
const requiredPassword = requiredText(PROFILE_MESSAGES.passwordRequired)
  .min(PROFILE_LIMITS.passwordMin, 'validation.passwordMin')
  .max(PROFILE_LIMITS.passwordMax, 'validation.tooLong');
const requiredPhone = requiredText(PROFILE_MESSAGES.phoneRequired)
  .regex(/^\d*$/, 'validation.digitsOnly')
  .max(PROFILE_LIMITS.phoneMax, 'validation.tooLong');
const optionalEmail = z
  .string()
  .trim()
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), PROFILE_MESSAGES.emailInvalid);
const optionalDob = z.union([z.literal(''), dobSchema]);
const genderSchema = z.enum(['M', 'F', 'N']);
/** A specialist by its `_id` (the list's uid); a numeric id is accepted too. */
const specialistRef = z.union([z.string().max(60), z.number().int().positive()]).nullable();
const clinicIdList = z
  .array(z.coerce.number().int().positive('validation.invalid'))
  .min(1, PROFILE_MESSAGES.incomplete)
  .max(50, 'validation.tooLong');

const pageQuery = {
  search: z.string().trim().max(50, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1, 'validation.invalid').default(1),
  limit: z.coerce.number().int().min(1, 'validation.invalid').max(100, 'validation.invalid').default(20),
  clinicId: z.coerce.number().int().positive('validation.invalid').optional(),
};
const booleanQuery = z
  .enum(['true', 'false'], { error: 'validation.invalid' })
  .transform((v) => v === 'true')
  .optional();

/** `GET settings/master/doctors/where`: one doctor by `id`, or a page of the corporate's doctors. */
export const doctorListQuerySchema = z.object({
  id: z.coerce.number().int().positive('validation.invalid').optional(),
  ...pageQuery,
  enabled: booleanQuery,
});
export type DoctorListQuery = z.infer<typeof doctorListQuerySchema>;

/** `GET settings/employees`: a page of the staff in the caller's clinics. */
export const employeeListQuerySchema = z.object({ ...pageQuery, active: booleanQuery });
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

/** `POST settings/doctors`: a doctor is an employee, a doctor record and a login with the Doctor role. */
export const doctorCreateSchema = z.object({
  name: personName,
  title: z.string().trim().max(50, 'validation.tooLong').default(''),
  profile: z.string().trim().max(1000, 'validation.tooLong').default(''),
  specialistId: specialistRef.optional(),
  clinicIds: clinicIdList,
  username: usernameSchema,
  password: requiredPassword,
  email: optionalEmail.default(''),
  gender: genderSchema.default('N'),
  dob: optionalDob.default(''),
  icNumber: requiredText(PROFILE_MESSAGES.icRequired).max(30, 'validation.tooLong'),
  ihsNumber: digits(PROFILE_LIMITS.ihsMax).default(''),
  passport: z.string().trim().max(30, 'validation.tooLong').default(''),
  others: z.string().trim().max(100, 'validation.tooLong').default(''),
  phoneNumber: requiredPhone,
  address: z.string().trim().max(PROFILE_LIMITS.doctorAddressMax, 'validation.tooLong').default(''),
});
export type DoctorCreateInput = z.infer<typeof doctorCreateSchema>;

/**
 * `PATCH settings/doctors` (spec 7): only the fields sent change. `clinicIds` sets the doctor's
 * clinics; the spec's single `clinicId` replaces `previousClinicId`.
 */
export const doctorUpdateSchema = z.object({
  doctorId: z.coerce.number().int().positive('validation.invalid'),
  userId: z.string().max(60).optional(),
  updateData: z.object({
    name: personName.optional(),
    title: z.string().trim().max(50, 'validation.tooLong').optional(),
    profile: z.string().trim().max(1000, 'validation.tooLong').optional(),
    specialist: specialistRef.optional(),
    specialistId: specialistRef.optional(),
    enabled: z.boolean().optional(),
    clinicIds: clinicIdList.optional(),
    clinicId: z.coerce.number().int().positive('validation.invalid').optional(),
    previousClinicId: z.coerce.number().int().positive('validation.invalid').nullable().optional(),
    uidClinic: z.string().optional(),
    username: usernameSchema.optional(),
    password: newPassword.optional(),
    /** Required with `password` when the doctor is the caller. */
    currentPassword: currentPasswordSchema.optional(),
    role: z.string().max(60).optional(),
    gender: genderSchema.optional(),
    dob: optionalDob.optional(),
    icNumber: requiredText(PROFILE_MESSAGES.icRequired).max(30, 'validation.tooLong').optional(),
    ihsNumber: digits(PROFILE_LIMITS.ihsMax).optional(),
    passport: z.string().trim().max(30, 'validation.tooLong').optional(),
    others: z.string().trim().max(100, 'validation.tooLong').optional(),
    email: optionalEmail.optional(),
    address: z.string().trim().max(PROFILE_LIMITS.doctorAddressMax, 'validation.tooLong').optional(),
    phoneNumber: requiredPhone.optional(),
  }),
});
export type DoctorUpdateInput = z.infer<typeof doctorUpdateSchema>;

/** `POST settings/employees`: a staff member with a login (spec 2.6 fields). */
export const employeeCreateSchema = z.object({
  name: staffName,
  username: usernameSchema,
  password: requiredPassword,
  email: requiredText(PROFILE_MESSAGES.incomplete).regex(EMAIL_PATTERN, PROFILE_MESSAGES.emailInvalid),
  role: requiredText(PROFILE_MESSAGES.incomplete).max(60),
  clinicId: z.coerce.number({ error: PROFILE_MESSAGES.incomplete }).int().positive('validation.invalid'),
  gender: genderSchema.default('N'),
  dob: optionalDob.default(''),
  icNumber: z.string().trim().max(30, 'validation.tooLong').default(''),
  ihsNumber: digits(PROFILE_LIMITS.ihsMax).optional(),
  passport: z.string().trim().max(30, 'validation.tooLong').default(''),
  others: z.string().trim().max(100, 'validation.tooLong').default(''),
  phoneNumber: digits(PROFILE_LIMITS.phoneMax).default(''),
  address: z.string().trim().max(PROFILE_LIMITS.staffAddressMax, 'validation.tooLong').default(''),
});
export type EmployeeCreateInput = z.infer<typeof employeeCreateSchema>;
