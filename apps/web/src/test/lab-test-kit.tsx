import type { MenuItem } from '@klinikita/domain/access/menu';
import type { LabPreAss, Registration } from '@klinikita/domain/registrations/registration.schema';
import { ModalsProvider } from '@mantine/modals';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { mockApi } from './render.tsx';

export const API = '/api/clinic/v1';
export const LAB_LIST = `${API}/registrations/registrations/lab/mcu/populate/labpreass`;
export const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];

/** The query strings of the lab list calls made so far. */
export const labListQueries = (calls: Calls) =>
  calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === LAB_LIST)
    .map((u) => Object.fromEntries(u.searchParams));

export const bodies = (calls: Calls, path: string, method: string) =>
  calls
    .filter(([u, init]) => String(u).split('?')[0] === `${API}/${path}` && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

/** The lab list envelope: the rows in `data`, paging beside it. */
export const labList = (rows: Registration[], totalDocs = rows.length) => ({
  body: { status: true, message: 'OK', data: rows, page: 1, totalPages: 1, limit: 50, totalDocs },
});

export const registration = (overrides: Partial<Registration> = {}): Registration => ({
  _id: 'r1',
  clinicId: 11,
  queueNumber: 'L-007',
  status: 'Waiting',
  orderType: 'service',
  serviceType: 'LAB',
  patient: {
    uid: 'p1',
    mrn: 'RM-11-000001',
    firstName: 'Budi',
    name: 'Budi Hartono',
    title: 'Tn',
    sex: 'M',
    dob: '15/05/1990',
    age: { years: 36, months: 6 },
    nik: null,
    phone: null,
    allergies: null,
  },
  doctor: null,
  payerType: 'self',
  company: null,
  insuranceName: null,
  insuranceNumber: null,
  referrer: null,
  complaint: null,
  room: 'Laboratorium',
  queueIDMobile: null,
  flaggingSamplingDone: false,
  dataLabPreAss: { isDone: false, radDone: false },
  queueDate: '2026-03-05',
  arrivedAt: '2026-03-05T01:00:00.000Z',
  calledAt: null,
  updatedAt: '2026-03-05T01:00:00.000Z',
  ...overrides,
});

export const labPreAss = (reg: Registration): LabPreAss => ({
  registration: reg,
  isDone: reg.dataLabPreAss.isDone,
  radDone: reg.dataLabPreAss.radDone,
  flaggingSamplingDone: reg.flaggingSamplingDone,
});

export const mcuClinic = {
  id: 11,
  uid: 'c11',
  name: 'Klinik MCU Kuningan',
  mcuSite: true,
  timeZone: 'Asia/Jakarta',
};
export const plainClinic = {
  id: 10,
  uid: 'c10',
  name: 'Klinik Menteng',
  mcuSite: false,
  timeZone: 'Asia/Jakarta',
};

export const menuItem = (code: string, route: string): MenuItem => ({
  code,
  name: code,
  key: `menu.${code}`,
  route,
  icon: null,
  enabled: true,
  children: [],
});

/** jsdom has no EventSource: a silent one, so the live subscription opens and closes quietly. */
export function stubEventSource() {
  class FakeEventSource {
    constructor(readonly url: string) {}
    addEventListener() {}
    close() {}
  }
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** The layouts provide the modals; a page tested alone needs them too. */
export const withModals = (ui: ReactElement) => <ModalsProvider>{ui}</ModalsProvider>;
