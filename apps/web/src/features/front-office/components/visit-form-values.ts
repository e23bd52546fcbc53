import type { Patient, PayerType } from '@klinikita/domain/patients/patient.schema';
import type { ServiceType } from '@klinikita/domain/registrations/registration.rules';

/** What the visit is for: a doctor consultation or one of the services. */
export type VisitService = 'doctor' | ServiceType;

/** The services in the order of their number-key shortcuts (1 to 6). */
export const VISIT_SERVICES: readonly VisitService[] = ['doctor', 'LAB', 'RAD', 'MCU', 'TREATMENT', 'PHYSIO'];

/** The visit form as typed; choices null until made. */
export interface VisitValues {
  service: VisitService;
  doctorId: number | null;
  payerType: PayerType;
  companyId: string | null;
  insuranceName: string;
  insuranceNumber: string;
  referrer: string;
  complaint: string;
}

export const emptyVisit = (): VisitValues => ({
  service: 'doctor',
  doctorId: null,
  payerType: 'self',
  companyId: null,
  insuranceName: '',
  insuranceNumber: '',
  referrer: '',
  complaint: '',
});

/** The payer fields a registration starts with: the patient's own payer on record. */
export function payerOf(
  patient: Pick<Patient, 'payerType'> &
    Partial<Pick<Patient, 'companyId' | 'insuranceName' | 'insuranceNumber'>>,
): Pick<VisitValues, 'payerType' | 'companyId' | 'insuranceName' | 'insuranceNumber'> {
  return {
    payerType: patient.payerType,
    companyId: patient.companyId ? String(patient.companyId) : null,
    insuranceName: patient.insuranceName ?? '',
    insuranceNumber: patient.insuranceNumber ?? '',
  };
}

/** Optional text left empty is not sent. */
const textOrNone = (text: string) => text.trim() || undefined;

/**
 * The body of `POST registrations/registrations`, before the shared schema checks it: only the
 * doctor of a consultation and only the payer fields of the chosen payer are sent.
 */
export function visitBody(v: VisitValues, clinicId: number, patientUid: string | null) {
  const doctor = v.service === 'doctor';
  return {
    clinicId,
    patientId: patientUid ?? '',
    orderType: doctor ? ('doctor' as const) : ('service' as const),
    serviceType: doctor ? null : v.service,
    doctorId: doctor ? v.doctorId : null,
    payerType: v.payerType,
    companyId: v.payerType === 'company' && v.companyId ? Number(v.companyId) : null,
    insuranceName: v.payerType === 'insurance' ? textOrNone(v.insuranceName) : undefined,
    insuranceNumber:
      v.payerType === 'insurance' || v.payerType === 'bpjs' ? textOrNone(v.insuranceNumber) : undefined,
    referrer: textOrNone(v.referrer),
    complaint: textOrNone(v.complaint),
  };
}
