import type { MenuAccess } from '@klinikita/domain/access/menu';
import type { AuditEntry } from '@klinikita/domain/audit/audit.schema';
import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import type { Letter } from '@klinikita/domain/consultations/letter.schema';
import type { RecordPatient } from '@klinikita/domain/consultations/record.schema';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { LocationProbe, makeUser } from '../../../test/render.tsx';

export const API = '/api/clinic/v1';
export const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });
export const paged = <T,>(
  docs: T[],
  over: { page?: number; totalPages?: number; limit?: number; totalDocs?: number } = {},
) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length, ...over });

const menu = (route: string): MenuAccess => ({
  parent: { enabled: true, status: true, menu: { _id: route, menu: { name: route, route } } },
  childs: [],
});

const CLINICS = [
  { id: 10, uid: 'c10', name: 'Klinik Pratama Klinikita Menteng', mcuSite: false, timeZone: 'Asia/Jakarta' },
];

/** Signs in a doctor (clinic 10) holding the given menus. */
export function signInDoctor(
  routes: string[] = ['/EMR', '/Doctor/patient', '/Doctor/doctor', '/Doctor/itemSuratSehat'],
) {
  sessionStore.signIn(
    makeUser({
      username: 'dokter',
      name: 'dr. Alexander Wijaya',
      DoctorId: 7,
      ClinicId: 10,
      clinics: CLINICS,
      role: { _id: 'r', role: 'Doctor', menu: { access: routes.map(menu) } },
    }),
  );
}

export function signIn(role: string, routes: string[] = []) {
  sessionStore.signIn(
    makeUser({
      clinics: CLINICS,
      ClinicId: 10,
      role: { _id: 'r', role, menu: { access: routes.map(menu) } },
    }),
  );
}

/** Renders `ui` under `path` (with its parameters) at `route`. */
export function renderAt(ui: ReactElement, path: string, route: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

export const recordPatient = (over: Partial<RecordPatient> = {}): RecordPatient => ({
  uid: 'p1',
  mrn: 'RM-10-000079',
  name: 'Budi Hartono',
  title: 'Tn',
  sex: 'M',
  dob: '02/05/1979',
  age: { years: 47, months: 6 },
  nik: '3171060205790001',
  allergies: 'Amoksisilin (ruam kulit)',
  visits: 3,
  lastVisit: '2026-11-23T02:00:00.000Z',
  lastDiagnosis: 'I10 Hipertensi esensial (primer)',
  ...over,
});

export const encounter = (over: Partial<Encounter> = {}): Encounter => ({
  uid: 'e1',
  status: 'signed',
  version: 3,
  clinic: { id: 10, name: 'Klinik Pratama Klinikita Menteng' },
  patient: { uid: 'p1', mrn: 'RM-10-000079', name: 'Budi Hartono' },
  registration: {
    uid: 'r1',
    queueNumber: 'A-013',
    status: 'Prescription Waiting',
    queueDate: '2026-11-23',
    complaint: 'Kontrol',
    payerType: 'self',
  },
  doctor: { id: 7, name: 'dr. Alexander Wijaya' },
  systolic: 150,
  diastolic: 95,
  pulse: 78,
  respiratoryRate: 16,
  temperature: 36.6,
  spo2: 99,
  weight: 79,
  height: 170,
  bmi: 27.3,
  subjective: 'Kontrol rutin, tidak ada keluhan',
  objective: 'KU baik',
  assessment: 'Hipertensi terkontrol',
  plan: 'Lanjut terapi',
  diagnoses: [{ code: 'I10', title: 'Hipertensi esensial (primer)', primary: true }],
  procedures: [{ code: '93.94', title: 'Nebulisasi' }],
  prescription: [
    {
      kind: 'drug',
      drugId: 'd1',
      name: 'Amlodipin 5 mg',
      ingredients: [],
      dose: '1 tablet',
      frequency: '1x sehari',
      route: 'oral',
      durationDays: 30,
      quantity: 30,
      unit: 'tablet',
      instructions: null,
    },
    {
      kind: 'compound',
      name: 'Racikan batuk',
      ingredients: [
        { name: 'Ambroxol', amount: '15 mg' },
        { name: 'CTM', amount: '1 mg' },
      ],
      compoundForm: 'puyer',
      dose: '1 bungkus',
      frequency: '3x sehari',
      route: 'oral',
      durationDays: null,
      quantity: 10,
      unit: 'bungkus',
    },
  ],
  orders: [{ serviceType: 'LAB', items: ['Kolesterol Total'], note: null }],
  referral: null,
  createdAt: '2026-11-23T02:00:00.000Z',
  updatedAt: '2026-11-23T02:20:00.000Z',
  signedAt: '2026-11-23T02:20:00.000Z',
  signedBy: { id: 5, name: 'dr. Alexander Wijaya' },
  addenda: [],
  serviceOrders: [
    {
      uid: 'so1',
      serviceType: 'LAB',
      items: ['Kolesterol Total'],
      note: null,
      registrationId: 'r9',
      queueNumber: 'L-005',
      status: 'Waiting',
      result: 'Kolesterol 210 mg/dL',
      resultAt: null,
    },
  ],
  prescriptionStatus: 'waiting',
  letters: [{ uid: 'l1', kind: 'sick', number: 'SKT/10/2026/00001', createdAt: '2026-11-23T02:30:00.000Z' }],
  ...over,
});

export const letter = (over: Partial<Letter> = {}): Letter => ({
  uid: 'l1',
  kind: 'sick',
  number: 'SKT/10/2026/00001',
  createdAt: '2026-11-23T02:30:00.000Z',
  encounterId: 'e1',
  patient: { uid: 'p1', mrn: 'RM-10-000079', name: 'Budi Hartono' },
  clinic: { id: 10, name: 'Klinik Pratama Klinikita Menteng' },
  doctorName: 'dr. Alexander Wijaya',
  visitDate: '2026-11-23',
  purpose: null,
  healthy: null,
  notes: null,
  restFrom: '2026-11-23',
  restUntil: '2026-11-25',
  restDays: 3,
  referral: null,
  createdBy: { id: 5, name: 'dr. Alexander Wijaya' },
  ...over,
});

export const auditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: '2026-11-23T03:00:00.000Z',
  user: { id: 5, name: 'dr. Alexander Wijaya', role: 'Doctor' },
  clinicId: 10,
  action: 'letter.print',
  entity: 'letter',
  entityId: 'l1',
  patient: { uid: 'p1', name: 'Budi Hartono', mrn: 'RM-10-000079' },
  ip: '10.0.0.7',
  ...over,
});
