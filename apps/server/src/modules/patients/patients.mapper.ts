import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import { ageLabel, ageParts } from '@klinikita/domain/patients/patient.rules';
import { PATIENT_TITLES, type Patient, type PatientSummary } from '@klinikita/domain/patients/patient.schema';
import type { patients } from '../../db/schema/index.ts';

export type PatientRow = typeof patients.$inferSelect & { clinicName: string | null };

/** 'YYYY-MM-DD' as a local calendar date (no time-zone shift). */
const calendarDate = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** The title in force: the one set, else the age-and-sex rule's of today (a baby's By grows up). */
function titleOf(row: PatientRow, at: Date) {
  if (row.title) return { title: row.title, titleAuto: false };
  const label = ageLabel(calendarDate(row.dob), row.sex, at);
  return { title: label && PATIENT_TITLES.includes(label) ? label : null, titleAuto: true };
}

export function toPatient(row: PatientRow, at: Date = new Date()): Patient {
  return {
    uid: row.uid,
    mrn: row.mrn,
    clinicId: row.clinicId,
    clinicName: row.clinicName,
    nik: row.nik,
    passport: row.passport,
    nationality: row.nationality,
    ...titleOf(row, at),
    name: row.name,
    sex: row.sex,
    dob: toDDMMYYYY(row.dob) ?? '',
    age: ageParts(calendarDate(row.dob), at),
    bloodGroup: row.bloodGroup,
    rhesus: row.rhesus,
    phone: row.phone,
    email: row.email,
    address: row.address,
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    districtCode: row.districtCode,
    villageCode: row.villageCode,
    payerType: row.payerType,
    companyId: row.companyId,
    insuranceName: row.insuranceName,
    insuranceNumber: row.insuranceNumber,
    emergencyName: row.emergencyName,
    emergencyPhone: row.emergencyPhone,
    emergencyRelation: row.emergencyRelation,
    allergies: row.allergies,
    ihsNumber: row.ihsNumber,
    motherNik: row.motherNik,
    ihsCheckedAt: row.ihsCheckedAt?.toISOString() ?? null,
    ihsMissingReason: row.ihsMissingReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPatientSummary(row: PatientRow, at: Date = new Date()): PatientSummary {
  const p = toPatient(row, at);
  return {
    uid: p.uid,
    mrn: p.mrn,
    clinicId: p.clinicId,
    clinicName: p.clinicName,
    nik: p.nik,
    passport: p.passport,
    title: p.title,
    name: p.name,
    sex: p.sex,
    dob: p.dob,
    age: p.age,
    phone: p.phone,
    address: p.address,
    payerType: p.payerType,
  };
}
