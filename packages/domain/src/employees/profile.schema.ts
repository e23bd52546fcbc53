import { z } from 'zod';

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
const personName = z
  .string()
  .trim()
  .min(1, PROFILE_MESSAGES.nameRequired)
  .min(PROFILE_LIMITS.nameMin, PROFILE_MESSAGES.nameLength)
  .max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.nameLength);
const newPassword = z
  .string()
  .min(PROFILE_LIMITS.passwordMin, 'validation.passwordMin')
  .max(PROFILE_LIMITS.passwordMax, 'validation.tooLong');

/**
 * The doctor / photo Edit Profile form of spec 2.5 and 5, as the browser checks it. Username,
 * health ID and specialist are shown read-only.
 */
export const doctorProfileFormSchema = z
  .object({
    name: personName,
    changePassword: z.boolean(),
    password: z.string(),
    confirmPassword: z.string(),
    icNumber: z.string().trim().min(1, PROFILE_MESSAGES.icRequired).max(30, 'validation.tooLong'),
    ihsNumber: digits(PROFILE_LIMITS.ihsMax),
    phoneNumber: digits(PROFILE_LIMITS.phoneMax).min(1, PROFILE_MESSAGES.phoneRequired),
    address: z.string().max(PROFILE_LIMITS.doctorAddressMax, 'validation.tooLong'),
  })
  .superRefine((v, ctx) => {
    if (!v.changePassword) return;
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
      icNumber: z.string().trim().min(1, PROFILE_MESSAGES.icRequired).max(30, 'validation.tooLong'),
      ihsNumber: digits(PROFILE_LIMITS.ihsMax).optional(),
      phoneNumber: digits(PROFILE_LIMITS.phoneMax).min(1, PROFILE_MESSAGES.phoneRequired),
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

/** DD/MM/YYYY, a real date, not in the future (spec 5). */
export const dobSchema = z
  .string()
  .regex(/^\d{2}\/\d{2}\/\d{4}$/, 'validation.dateFormat')
  .refine((text) => {
    const [d, m, y] = text.split('/').map(Number);
    const date = new Date(y, m - 1, d);
    return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
  }, 'validation.dateFormat')
  .refine((text) => {
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
      (v.changePassword && (!v.password || !v.retypePassword));
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

/** `PATCH settings/employee` (spec 7): own profile, or any employee for /Setting/employee. */
export const employeeEditSchema = z.object({
  uidEmployee: z.string().min(1, 'validation.required').max(60),
  userId: z.string().max(60).optional(),
  updateData: z.object({
    name: z
      .string()
      .trim()
      .min(PROFILE_LIMITS.nameMin, PROFILE_MESSAGES.nameLength)
      .max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.nameLength),
    username: z
      .string()
      .trim()
      .min(PROFILE_LIMITS.nameMin, PROFILE_MESSAGES.nameLength)
      .max(PROFILE_LIMITS.nameMax, PROFILE_MESSAGES.nameLength),
    email: z
      .string()
      .trim()
      .min(1, PROFILE_MESSAGES.incomplete)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, PROFILE_MESSAGES.emailInvalid),
    gender: z.enum(['M', 'F', 'N']).optional(),
    dob: z.union([z.literal(''), dobSchema]).optional(),
    icNumber: z.string().max(30, 'validation.tooLong').optional(),
    passport: z.string().max(30, 'validation.tooLong').optional(),
    others: z.string().max(100, 'validation.tooLong').optional(),
    address: z.string().max(PROFILE_LIMITS.staffAddressMax, 'validation.tooLong').optional(),
    phoneNumber: digits(PROFILE_LIMITS.phoneMax).optional(),
    password: newPassword.optional(),
    /** Only /Setting/employee may change these; the own-profile dialog shows them read-only. */
    clinicId: z.coerce.number().int().positive().optional(),
    uidClinic: z.string().optional(),
    role: z.string().optional(),
    active: z.boolean().optional(),
  }),
});
export type EmployeeEditInput = z.infer<typeof employeeEditSchema>;
