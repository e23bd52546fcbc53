import { z } from '../common/zod-config.ts';
import { roleRefSchema } from '../employees/employee.schema.ts';

export const specialistSchema = z.object({ _id: z.string(), name: z.string() });
export type Specialist = z.infer<typeof specialistSchema>;

const clinicRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** Doctor profile of spec 3 (with the ids the edit calls send back). */
export const doctorProfileSchema = z.object({
  doctorId: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  profile: z.string().nullable(),
  specialist: z.string().nullable(),
  specialistId: z.string().nullable(),
  enabled: z.boolean(),
  previousClinicId: z.number().int().nullable(),
  identificationNumber: z.string().nullable(),
  ihsNumber: z.string().nullable(),
  passport: z.string().nullable(),
  others: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  address: z.string().nullable(),
  idEmploye: z.number().int(),
  uidEmployee: z.string(),
  userId: z.string().nullable(),
  photo: z.string().nullable(),
  dob: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.enum(['M', 'F', 'N']),
  username: z.string().nullable(),
  role: roleRefSchema.nullable(),
  active: z.boolean(),
  Clinics: z.array(clinicRefSchema.extend({ Doctor_Clinic: z.object({ ClinicId: z.number().int() }) })),
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

/** One row of the /MasterDokter list. */
export const doctorSummarySchema = z.object({
  doctorId: z.number().int(),
  uidEmployee: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  specialist: z.string().nullable(),
  enabled: z.boolean(),
  active: z.boolean(),
  username: z.string().nullable(),
  clinics: z.array(clinicRefSchema),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  photo: z.string().nullable(),
});
export type DoctorSummary = z.infer<typeof doctorSummarySchema>;
