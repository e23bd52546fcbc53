import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import type { DoctorProfile, DoctorSummary } from '@klinikita/domain/doctors/doctor.schema';
import type { DoctorRow } from './doctors.queries.ts';

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
    dob: toDDMMYYYY(row.dob),
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
