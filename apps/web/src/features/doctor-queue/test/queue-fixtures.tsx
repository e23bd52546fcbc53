import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { ModalsProvider } from '@mantine/modals';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { DEMO_SCREENS, withScreens } from '../../../test/menu-grants.ts';
import { makeUser, type mockApi, renderWithApp } from '../../../test/render.tsx';

export const API = '/api/clinic/v1';
export const LIST_URL = `${API}/registrations/registrations`;
export const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });
export const page = (docs: Registration[]) =>
  ok({ docs, page: 1, totalPages: 1, limit: 1000, totalDocs: docs.length });

export const CLINIC_10 = {
  id: 10,
  uid: 'c10',
  name: 'Klinik Sehat Menteng',
  mcuSite: false,
  timeZone: 'Asia/Jakarta',
};
export const CLINIC_11 = {
  id: 11,
  uid: 'c11',
  name: 'Klinik MCU Cikini',
  mcuSite: true,
  timeZone: 'Asia/Jakarta',
};

export const CLINIC_12 = {
  id: 12,
  uid: 'c12',
  name: 'Klinik MCU Surabaya',
  mcuSite: true,
  timeZone: 'Asia/Jakarta',
};

/** A doctor with the demo doctor's menus. */
export const doctorUser = (overrides: Partial<SessionUser> = {}) =>
  makeUser({
    _id: 'u-doc',
    username: 'dokter',
    name: 'dr. Alexander Wijaya',
    ...withScreens('Doctor', DEMO_SCREENS.Doctor),
    DoctorId: 5,
    ClinicId: 10,
    clinics: [CLINIC_10],
    ...overrides,
  });

/** A nurse with the demo nurse's menus. */
export const nurseUser = (overrides: Partial<SessionUser> = {}) =>
  makeUser({
    ...withScreens('Nurse', DEMO_SCREENS.Nurse),
    ClinicId: 10,
    clinics: [CLINIC_10],
    ...overrides,
  });

export function signIn(user: SessionUser) {
  sessionStorage.clear();
  localStorage.clear();
  sessionStore.signIn(user, 't');
}

let seq = 0;
export function reg(overrides: Partial<Registration> & { queueNumber: string }): Registration {
  seq += 1;
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    _id: `r${seq}`,
    clinicId: 10,
    status: 'Waiting',
    orderType: 'doctor',
    serviceType: null,
    patient: {
      uid: `p${seq}`,
      mrn: `RM-10-00000${seq}`,
      firstName: 'Budi',
      name: 'Budi Hartono',
      title: 'Tn',
      sex: 'M',
      dob: '15/05/1990',
      age: { years: 36, months: 2 },
      nik: null,
      phone: null,
      allergies: null,
    },
    doctor: { doctorId: 5, name: 'dr. Alexander Wijaya' },
    payerType: 'self',
    company: null,
    insuranceName: null,
    insuranceNumber: null,
    referrer: null,
    complaint: null,
    room: 'Poli Umum',
    queueIDMobile: null,
    flaggingSamplingDone: false,
    dataLabPreAss: { isDone: false, radDone: false },
    queueDate: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
    arrivedAt: today.toISOString(),
    calledAt: null,
    updatedAt: today.toISOString(),
    ...overrides,
  };
}

/** jsdom has no EventSource: a stand-in whose events the test sends. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** Shows the current path and query, so tests can see where a navigation went. */
function SearchProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="url">{`${pathname}${search}`}</output>;
}

export const renderQueue = (ui: ReactElement, route = '/Doctor/doctor') =>
  renderWithApp(
    <ModalsProvider>
      {ui}
      <SearchProbe />
    </ModalsProvider>,
    { route },
  );

type Calls = ReturnType<typeof mockApi>['mock']['calls'];

/** The list queries made, as URLSearchParams. */
export const listQueries = (calls: Calls) =>
  calls
    .filter(([u, init]) => String(u).split('?')[0] === LIST_URL && (init?.method ?? 'GET') === 'GET')
    .map(([u]) => new URL(String(u), 'http://x').searchParams);

/** The JSON bodies of the PATCHes made. */
export const patches = (calls: Calls) =>
  calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) }));
