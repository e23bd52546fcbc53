import type { EligibilityStatus } from '@klinikita/domain/insurers/insurer.schema';
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
  /** The insurer of the master paying an insurance or BPJS visit. */
  insurerUid: string | null;
  /** Whether the clerk checked eligibility with the insurer (then the fields below are sent). */
  eligibilityChecked: boolean;
  eligibilityStatus: EligibilityStatus;
  eligibilityReference: string;
  /** The plafon the insurer covers, as the number input holds it ('' when not given). */
  eligibilityCoveredAmount: number | string;
  eligibilityNote: string;
  referrer: string;
  complaint: string;
}

/** No insurer picked and no eligibility noted. */
const noInsurer = {
  insurerUid: null,
  eligibilityChecked: false,
  eligibilityStatus: 'eligible',
  eligibilityReference: '',
  eligibilityCoveredAmount: '',
  eligibilityNote: '',
} satisfies Partial<VisitValues>;
type InsurerFields = keyof typeof noInsurer;

export const emptyVisit = (): VisitValues => ({
  service: 'doctor',
  doctorId: null,
  payerType: 'self',
  companyId: null,
  insuranceName: '',
  insuranceNumber: '',
  ...noInsurer,
  referrer: '',
  complaint: '',
});

/** The payer fields a registration starts with: the patient's own payer on record. */
export function payerOf(
  patient: Pick<Patient, 'payerType'> &
    Partial<Pick<Patient, 'companyId' | 'insuranceName' | 'insuranceNumber'>>,
): Pick<VisitValues, 'payerType' | 'companyId' | 'insuranceName' | 'insuranceNumber' | InsurerFields> {
  return {
    payerType: patient.payerType,
    companyId: patient.companyId ? String(patient.companyId) : null,
    insuranceName: patient.insuranceName ?? '',
    insuranceNumber: patient.insuranceNumber ?? '',
    // the insurer is picked again from the master for each patient (matched on the record's name)
    ...noInsurer,
  };
}

/** The payer is an insurer: insurance or BPJS. */
export const isInsured = (payerType: PayerType) => payerType === 'insurance' || payerType === 'bpjs';

/** Optional text left empty is not sent. */
const textOrNone = (text: string) => text.trim() || undefined;

/**
 * The body of `POST registrations/registrations`, before the shared schema checks it: only the
 * doctor of a consultation and only the payer fields of the chosen payer are sent.
 */
export function visitBody(v: VisitValues, clinicId: number, patientUid: string | null) {
  const doctor = v.service === 'doctor';
  const insurerUid = isInsured(v.payerType) && v.insurerUid ? v.insurerUid : undefined;
  return {
    clinicId,
    patientId: patientUid ?? '',
    orderType: doctor ? ('doctor' as const) : ('service' as const),
    serviceType: doctor ? null : v.service,
    doctorId: doctor ? v.doctorId : null,
    payerType: v.payerType,
    companyId: v.payerType === 'company' && v.companyId ? Number(v.companyId) : null,
    // the insurer of the master names itself; the free text is for a corporate without one
    insuranceName: v.payerType === 'insurance' && !insurerUid ? textOrNone(v.insuranceName) : undefined,
    insuranceNumber: isInsured(v.payerType) ? textOrNone(v.insuranceNumber) : undefined,
    insurerUid,
    eligibility:
      insurerUid && v.eligibilityChecked
        ? {
            status: v.eligibilityStatus,
            reference: textOrNone(v.eligibilityReference),
            coveredAmount: v.eligibilityCoveredAmount === '' ? undefined : Number(v.eligibilityCoveredAmount),
            note: textOrNone(v.eligibilityNote),
          }
        : undefined,
    referrer: textOrNone(v.referrer),
    complaint: textOrNone(v.complaint),
  };
}
