import type { MenuAccess } from '@klinikita/domain/access/menu';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import type { Letter } from '@klinikita/domain/consultations/letter.schema';
import type { RecordPatient } from '@klinikita/domain/consultations/record.schema';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser } from '../../../test/render.tsx';

export const API = '/api/clinic/v1';
export const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });
export const paged = <T>(docs: T[]) =>
  ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });
export const today = clinicDay('Asia/Jakarta');

const menu = (route: string): MenuAccess => ({
  parent: { enabled: true, status: true, menu: { _id: route, menu: { name: route, route } } },
  childs: [],
});

export function signInDoctor() {
  sessionStore.signIn(
    makeUser({
      name: 'dr. Alexander Wijaya',
      DoctorId: 7,
      ClinicId: 10,
      clinics: [
        {
          id: 10,
          uid: 'c10',
          name: 'Klinik Pratama Klinikita Menteng',
          mcuSite: false,
          timeZone: 'Asia/Jakarta',
        },
      ],
      role: {
        _id: 'r',
        role: 'Doctor',
        menu: { access: ['/Doctor/itemSuratSehat', '/Doctor/doctor'].map(menu) },
      },
    }),
  );
}

export const patient = (over: Partial<RecordPatient> = {}): RecordPatient => ({
  uid: 'p1',
  mrn: 'RM-10-000079',
  name: 'Budi Hartono',
  title: 'Tn',
  sex: 'M',
  dob: '02/05/1979',
  age: { years: 47, months: 6 },
  nik: null,
  allergies: null,
  visits: 2,
  lastVisit: new Date().toISOString(),
  lastDiagnosis: 'I10 Hipertensi esensial (primer)',
  ...over,
});

export const visit = (over: Partial<Encounter> = {}): Encounter => ({
  uid: 'e1',
  status: 'signed',
  version: 3,
  clinic: { id: 10, name: 'Klinik Pratama Klinikita Menteng' },
  patient: { uid: 'p1', mrn: 'RM-10-000079', name: 'Budi Hartono' },
  registration: {
    uid: 'r1',
    queueNumber: 'A-013',
    status: 'Payment',
    queueDate: today,
    complaint: null,
    payerType: 'self',
  },
  doctor: { id: 7, name: 'dr. Alexander Wijaya' },
  systolic: 128,
  diastolic: 82,
  pulse: 78,
  respiratoryRate: null,
  temperature: 38.4,
  spo2: null,
  weight: 79,
  height: 170,
  bmi: 27.3,
  subjective: null,
  objective: null,
  assessment: null,
  plan: null,
  diagnoses: [{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut', primary: true }],
  procedures: [],
  prescription: [],
  orders: [],
  referral: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  signedAt: new Date().toISOString(),
  signedBy: { id: 5, name: 'dr. Alexander Wijaya' },
  addenda: [],
  serviceOrders: [],
  prescriptionStatus: null,
  letters: [],
  ...over,
});

export const writtenLetter = (over: Partial<Letter> = {}): Letter => ({
  uid: 'l9',
  kind: 'sick',
  number: 'SKT/10/2026/00003',
  createdAt: new Date().toISOString(),
  encounterId: 'e1',
  patient: { uid: 'p1', mrn: 'RM-10-000079', name: 'Budi Hartono' },
  clinic: { id: 10, name: 'Klinik Pratama Klinikita Menteng' },
  doctorName: 'dr. Alexander Wijaya',
  visitDate: today,
  purpose: null,
  healthy: null,
  notes: null,
  restFrom: today,
  restUntil: today,
  restDays: 1,
  referral: null,
  createdBy: { id: 5, name: 'dr. Alexander Wijaya' },
  ...over,
});
