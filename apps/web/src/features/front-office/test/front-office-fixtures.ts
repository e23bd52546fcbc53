import type { Patient, PatientSummary } from '@klinikita/domain/patients/patient.schema';
import type { AvailableDoctor, Registration } from '@klinikita/domain/registrations/registration.schema';
import { fireEvent, screen } from '@testing-library/react';
import { API, ok, summary } from '../../../test/patient-test-kit.ts';
import { mockApi } from '../../../test/render.tsx';

/** The front office's server as its page tests see it, and the page's controls. */

export class EventSourceStub {
  addEventListener() {}
  close() {}
}

export const details = (overrides: Partial<Patient> = {}): Patient => ({
  ...summary(),
  nationality: 'WNI',
  titleAuto: true,
  bloodGroup: null,
  rhesus: null,
  email: null,
  provinceCode: null,
  cityCode: null,
  districtCode: null,
  villageCode: null,
  companyId: null,
  insuranceName: null,
  insuranceNumber: '0001234567890',
  emergencyName: null,
  emergencyPhone: null,
  emergencyRelation: null,
  allergies: 'Amoksisilin',
  ihsNumber: null,
  motherNik: null,
  ihsCheckedAt: null,
  ihsMissingReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const doctor = (overrides: Partial<AvailableDoctor> = {}): AvailableDoctor => ({
  doctorId: 7,
  name: 'dr. Andi Wijaya',
  title: null,
  specialist: 'Dokter Umum',
  room: 'Poli Umum',
  slots: ['08:00 - 12:00'],
  limit: 20,
  booked: 3,
  full: false,
  ...overrides,
});

export const registration = (overrides: Partial<Registration> = {}): Registration => ({
  _id: 'r1',
  clinicId: 1,
  queueNumber: 'A-012',
  status: 'Waiting',
  orderType: 'doctor',
  serviceType: null,
  patient: {
    uid: 'p1',
    mrn: 'RM-1-000001',
    firstName: 'Budi',
    name: 'Budi Hartono',
    title: 'Tn',
    sex: 'M',
    dob: '15/05/1990',
    age: { years: 36, months: 6 },
    nik: '3171011505900001',
    phone: '081234567890',
    allergies: 'Amoksisilin',
  },
  doctor: { doctorId: 7, name: 'dr. Andi Wijaya' },
  payerType: 'bpjs',
  company: null,
  insuranceName: null,
  insuranceNumber: '0001234567890',
  referrer: null,
  complaint: null,
  room: 'Poli Umum',
  queueIDMobile: null,
  flaggingSamplingDone: false,
  dataLabPreAss: { isDone: false, radDone: false },
  queueDate: '2026-03-05',
  arrivedAt: '2026-03-05T01:30:00.000Z',
  calledAt: null,
  updatedAt: '2026-03-05T01:30:00.000Z',
  ...overrides,
});

export const page = (docs: unknown[]) =>
  ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });

export interface Setup {
  doctors?: AvailableDoctor[];
  today?: Registration[];
  found?: PatientSummary[];
  create?: (body: Record<string, unknown>) => { status?: number; body: unknown };
  createPatient?: (body: Record<string, unknown>) => { status?: number; body: unknown };
}

export function setup({
  doctors = [doctor(), doctor({ doctorId: 8, name: 'dr. Maya Sari', specialist: 'Sp.A', room: 'Poli Anak' })],
  today = [],
  found = [summary()],
  create = () => ok(registration(), 'Pendaftaran berhasil. Nomor antrean A-012'),
  createPatient,
}: Setup = {}) {
  return mockApi({
    [`${API}/patients`]: (init, url) => {
      if (init?.method === 'POST') return createPatient!(JSON.parse(String(init.body)));
      return page(url.searchParams.get('search') ? found : []);
    },
    [`${API}/patients/p1`]: () => ok(details()),
    [`${API}/patients/p9`]: () => ok(details({ uid: 'p9', mrn: 'RM-1-000123', allergies: null })),
    [`${API}/patients/p20`]: () =>
      ok(details({ uid: 'p20', mrn: 'RM-1-000020', name: 'Dewi Lestari', title: 'Ny', allergies: null })),
    [`${API}/registrations/doctors/available`]: () => ok(doctors),
    [`${API}/registrations/companies`]: () => ok([{ id: 3, name: 'PT Maju Jaya', code: 'MJ' }]),
    [`${API}/registrations/registrations`]: (init) =>
      init?.method === 'POST' ? create(JSON.parse(String(init.body))) : page(today),
  });
}

export const search = () => screen.getByRole('combobox', { name: 'Cari pasien' }) as HTMLInputElement;
export const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

export async function pickBudi() {
  fireEvent.change(search(), { target: { value: 'budi' } });
  await screen.findByRole('option', { name: /Tn\. Budi Hartono/ });
  fireEvent.keyDown(search(), { key: 'Enter' });
  await screen.findByTestId('picked-patient');
}
