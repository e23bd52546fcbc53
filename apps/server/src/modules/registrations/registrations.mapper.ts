import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import type { EligibilityStatus, InsurerKind } from '@klinikita/domain/insurers/insurer.schema';
import { ageLabel, ageParts } from '@klinikita/domain/patients/patient.rules';
import { PATIENT_TITLES, type PatientTitle, type PayerType } from '@klinikita/domain/patients/patient.schema';
import type {
  OrderType,
  RegistrationStatus,
  ServiceType,
} from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';

export interface RegistrationRow {
  id: number;
  uid: string;
  corpId: number;
  clinicId: number;
  patientId: number;
  orderType: OrderType;
  serviceType: ServiceType | null;
  doctorId: number | null;
  status: RegistrationStatus;
  queueDate: string;
  queueNumber: string;
  room: string;
  payerType: PayerType;
  companyId: number | null;
  companyName: string | null;
  insuranceName: string | null;
  insuranceNumber: string | null;
  /** The insurer of the master paying an insurance or BPJS visit, when noted. */
  insurer: { uid: string; name: string; kind: InsurerKind } | null;
  /** The eligibility checked with that insurer; null: not checked. */
  eligibility: {
    status: EligibilityStatus;
    reference: string | null;
    coveredAmount: number | null;
    note: string | null;
    checkedAt: Date | null;
  } | null;
  referrer: string | null;
  complaint: string | null;
  /** The doctor's order this service visit performs (null: registered at the front office). */
  serviceOrderUid: string | null;
  queueIdMobile: string | null;
  samplingDone: boolean;
  labDone: boolean;
  radDone: boolean;
  arrivedAt: Date;
  calledAt: Date | null;
  updatedAt: Date;
  patient: {
    uid: string;
    mrn: string;
    name: string;
    title: PatientTitle | null;
    sex: 'M' | 'F';
    /** YYYY-MM-DD */
    dob: string;
    nik: string | null;
    phone: string | null;
    allergies: string | null;
  };
  doctorName: string | null;
}

const calendarDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

function autoTitle(dob: string, sex: 'M' | 'F', at: Date): PatientTitle | null {
  const label = ageLabel(calendarDate(dob), sex, at);
  return label && PATIENT_TITLES.includes(label) ? label : null;
}

/** The first word of a name: what the lab sidebar shows (spec 2.7). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function toRegistration(row: RegistrationRow, at: Date = new Date()): Registration {
  return {
    _id: row.uid,
    clinicId: row.clinicId,
    queueNumber: row.queueNumber,
    status: row.status,
    orderType: row.orderType,
    serviceType: row.serviceType,
    patient: {
      uid: row.patient.uid,
      mrn: row.patient.mrn,
      firstName: firstNameOf(row.patient.name),
      name: row.patient.name,
      // the title in force: the one set, else the age-and-sex rule's (as the patient master answers it)
      title: row.patient.title ?? autoTitle(row.patient.dob, row.patient.sex, at),
      sex: row.patient.sex,
      dob: toDDMMYYYY(row.patient.dob) ?? '',
      age: ageParts(calendarDate(row.patient.dob), at),
      nik: row.patient.nik,
      phone: row.patient.phone,
      allergies: row.patient.allergies,
    },
    doctor: row.doctorId ? { doctorId: row.doctorId, name: row.doctorName ?? '' } : null,
    payerType: row.payerType,
    company: row.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null,
    insuranceName: row.insuranceName,
    insuranceNumber: row.insuranceNumber,
    insurer: row.insurer,
    eligibility: row.eligibility && {
      ...row.eligibility,
      checkedAt: row.eligibility.checkedAt?.toISOString() ?? null,
    },
    referrer: row.referrer,
    complaint: row.complaint,
    room: row.room,
    queueIDMobile: row.queueIdMobile,
    flaggingSamplingDone: row.samplingDone,
    dataLabPreAss: { isDone: row.labDone, radDone: row.radDone },
    queueDate: row.queueDate,
    arrivedAt: row.arrivedAt.toISOString(),
    calledAt: row.calledAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
