import { z } from 'zod';
import { roleRefSchema, toDmy } from '../employees/employees.mapper.ts';
import type { DoctorRow } from './doctors.queries.ts';

export const specialistSchema = z.object({ _id: z.string(), name: z.string() });

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

type ClinicRef = { id: number; name: string };

const isActive = (row: DoctorRow) => row.employeeActive && row.userActive !== false;

export function toDoctorProfile(row: DoctorRow, clinicList: ClinicRef[]): DoctorProfile {
  return {
    doctorId: row.doctorId,
    name: row.name,
    title: row.title,
    profile: row.profile,
    specialist: row.specialistName,
    specialistId: row.specialistUid,
    enabled: row.enabled,
    // the clinic the doctor works from: the login's clinic, else the first practice
    previousClinicId: row.userClinicId ?? row.employeeClinicId ?? clinicList[0]?.id ?? null,
    identificationNumber: row.icNumber,
    ihsNumber: row.ihsNumber,
    passport: row.passport,
    others: row.others,
    mobilePhone: row.phoneNumber,
    address: row.address,
    idEmploye: row.employeeId,
    uidEmployee: row.employeeUid,
    userId: row.userUid,
    photo: row.photo,
    dob: toDmy(row.dob),
    email: row.email,
    gender: row.gender,
    username: row.username,
    role: row.roleUid && row.roleName ? { _id: row.roleUid, role: row.roleName } : null,
    active: isActive(row),
    Clinics: clinicList.map((c) => ({ id: c.id, name: c.name, Doctor_Clinic: { ClinicId: c.id } })),
  };
}

export function toDoctorSummary(row: DoctorRow, clinicList: ClinicRef[]) {
  return {
    doctorId: row.doctorId,
    uidEmployee: row.employeeUid,
    name: row.name,
    title: row.title,
    specialist: row.specialistName,
    enabled: row.enabled,
    active: isActive(row),
    username: row.username,
    clinics: clinicList.map((c) => ({ id: c.id, name: c.name })),
    mobilePhone: row.phoneNumber,
    email: row.email,
    photo: row.photo,
  };
}
