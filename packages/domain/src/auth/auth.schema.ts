// the shared issue messages come with every schema, in the browser as on the server

import { menuAccessSchema, menuItemSchema } from '../access/menu.schema.ts';
import { ACCOUNT_TYPES } from '../access/roles.ts';
import { z } from '../common/zod-config.ts';

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'validation.usernameRequired').max(100, 'validation.tooLong'),
  password: z.string().min(1, 'validation.passwordRequired').max(200, 'validation.tooLong'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Module flags of the user's clinic (`dataModul`); `service` drives the doctor sidebar buttons. */
export const dataModulSchema = z.object({
  service: z.boolean(),
  lab: z.boolean(),
  pharmacy: z.boolean(),
  payment: z.boolean(),
  satusehat: z.boolean(),
});
export type DataModul = z.infer<typeof dataModulSchema>;

export const clinicRefSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  /** The spec's "special MCU site" (clinics 11 and 12 in the demo). */
  mcuSite: z.boolean(),
  timeZone: z.string(),
});

/** The session user of spec 3, as `GET users` answers it. */
export const sessionUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.object({
    _id: z.string(),
    role: z.string(),
    menu: z.object({ access: z.array(menuAccessSchema) }),
  }),
  uidEmployee: z.string().nullable(),
  DoctorId: z.number().int().nullable(),
  ClinicId: z.number().int().nullable(),
  corpId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  statusSetup: z.string(),
  dataClinic: z.object({ name: z.string(), uid: z.string(), phoneNumber: z.string().nullable() }).nullable(),
  dataCorporate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The partner company of a company (HR portal) user — its name heads their screens. */
  dataCompany: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  dataModul: dataModulSchema,
  /** Server-built sidebar tree (spec 2.3), only routes whose screen exists. */
  menu: z.array(menuItemSchema),
  /** Clinics the session may touch. */
  clinics: z.array(clinicRefSchema),
  isMcuSite: z.boolean(),
  timeZone: z.string(),
  demo: z.boolean(),
  /**
   * An Admin chose this password (a new account or a reset): until the user picks their own, the
   * server answers only this session, the password change and logout.
   */
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResultSchema = z.object({ token: z.string(), user: sessionUserSchema });
