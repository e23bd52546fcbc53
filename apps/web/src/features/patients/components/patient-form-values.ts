import { ageLabel, ageParts } from '@klinikita/domain/patients/patient.rules';
import {
  type BLOOD_GROUPS,
  type NATIONALITIES,
  PATIENT_TITLES,
  type PAYER_TYPES,
  type Patient,
  type PatientTitle,
  type RHESUS,
} from '@klinikita/domain/patients/patient.schema';
import { parseDob } from '../../../shared/patients/patient-inputs.ts';
import { emptyRegion, type RegionValue } from './region-value.ts';

/** The patient form as typed: text as entered, choices null until made; region codes '' until chosen. */
export interface PatientFormValues extends RegionValue {
  clinicId: string | null;
  nationality: (typeof NATIONALITIES)[number];
  nik: string;
  /** A newborn without a NIK: the mother's, by which SATUSEHAT knows the baby */
  motherNik: string;
  passport: string;
  /** The title the clerk chose; null follows the age-and-sex rule. */
  title: PatientTitle | null;
  name: string;
  sex: 'M' | 'F' | null;
  dob: string;
  bloodGroup: (typeof BLOOD_GROUPS)[number] | null;
  rhesus: (typeof RHESUS)[number] | null;
  phone: string;
  email: string;
  address: string;
  payerType: (typeof PAYER_TYPES)[number];
  /** The partner company paying (its id as the Select keeps it), for a company payer. */
  companyId: string | null;
  insuranceName: string;
  insuranceNumber: string;
  emergencyName: string;
  emergencyPhone: string;
  emergencyRelation: string;
  allergies: string;
}

export const emptyPatientForm = (clinicId: number | null): PatientFormValues => ({
  clinicId: clinicId === null ? null : String(clinicId),
  nationality: 'WNI',
  nik: '',
  motherNik: '',
  passport: '',
  title: null,
  name: '',
  sex: null,
  dob: '',
  bloodGroup: null,
  rhesus: null,
  phone: '',
  email: '',
  address: '',
  ...emptyRegion(),
  payerType: 'self',
  companyId: null,
  insuranceName: '',
  insuranceNumber: '',
  emergencyName: '',
  emergencyPhone: '',
  emergencyRelation: '',
  allergies: '',
});

export const patientFormOf = (p: Patient): PatientFormValues => ({
  clinicId: String(p.clinicId),
  nationality: p.nationality,
  nik: p.nik ?? '',
  motherNik: p.motherNik ?? '',
  passport: p.passport ?? '',
  title: p.titleAuto ? null : p.title,
  name: p.name,
  sex: p.sex,
  dob: p.dob,
  bloodGroup: p.bloodGroup,
  rhesus: p.rhesus,
  phone: p.phone ?? '',
  email: p.email ?? '',
  address: p.address ?? '',
  provinceCode: p.provinceCode ?? '',
  cityCode: p.cityCode ?? '',
  districtCode: p.districtCode ?? '',
  villageCode: p.villageCode ?? '',
  payerType: p.payerType,
  companyId: p.companyId === null ? null : String(p.companyId),
  insuranceName: p.insuranceName ?? '',
  insuranceNumber: p.insuranceNumber ?? '',
  emergencyName: p.emergencyName ?? '',
  emergencyPhone: p.emergencyPhone ?? '',
  emergencyRelation: p.emergencyRelation ?? '',
  allergies: p.allergies ?? '',
});

/** The title the rule of spec 9 gives for the typed birth date and sex. */
export function suggestedTitle(dob: string, sex: 'M' | 'F' | null, today: Date = new Date()) {
  const date = parseDob(dob, today);
  if (!date || !sex) return null;
  const label = ageLabel(date, sex, today);
  return label && PATIENT_TITLES.includes(label) ? label : null;
}

/**
 * The fields the API takes, from the form: only the identity document of the chosen nationality
 * and only the payer fields of the chosen payer are kept.
 */
export function patientBody(v: PatientFormValues) {
  const insurer = v.payerType === 'insurance';
  const numbered = insurer || v.payerType === 'bpjs';
  return {
    nationality: v.nationality,
    nik: v.nationality === 'WNI' ? v.nik : '',
    // only a citizen without a NIK of their own (a newborn) is known by the mother's
    motherNik: v.nationality === 'WNI' && !v.nik ? v.motherNik : '',
    passport: v.nationality === 'WNA' ? v.passport : '',
    title: v.title,
    name: v.name,
    sex: v.sex ?? undefined,
    dob: v.dob,
    bloodGroup: v.bloodGroup,
    rhesus: v.rhesus,
    phone: v.phone,
    email: v.email,
    address: v.address,
    provinceCode: v.provinceCode,
    cityCode: v.cityCode,
    districtCode: v.districtCode,
    villageCode: v.villageCode,
    payerType: v.payerType,
    companyId: v.payerType === 'company' && v.companyId ? Number(v.companyId) : null,
    insuranceName: insurer ? v.insuranceName : '',
    insuranceNumber: numbered ? v.insuranceNumber : '',
    emergencyName: v.emergencyName,
    emergencyPhone: v.emergencyPhone,
    emergencyRelation: v.emergencyRelation,
    allergies: v.allergies,
  };
}
