import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { vi } from 'vitest';
import type { mockApi } from '../../../test/render.tsx';

export const API = '/api/clinic/v1';
export const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });
export const fail = (status: number, message: string) => ({ status, body: { status: false, message } });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];

/** The URLs called on `path` (under the API base) with `method` (GET by default). */
export const urls = (calls: Calls, path: string, method = 'GET') =>
  calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === `${API}/${path}`);

export const bodies = (calls: Calls, path: string, method: string) =>
  calls
    .filter(([u, init]) => String(u).split('?')[0] === `${API}/${path}` && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

export const registration = (overrides: Partial<Registration> = {}): Registration => ({
  _id: 'r1',
  clinicId: 1,
  queueNumber: 'A-001',
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
    age: { years: 36, months: 0 },
    nik: null,
    phone: null,
    allergies: null,
  },
  doctor: { doctorId: 5, name: 'dr. Sari Dewi' },
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
  queueDate: '2026-03-05',
  arrivedAt: '2026-03-05T01:15:00.000Z',
  calledAt: null,
  updatedAt: '2026-03-05T01:15:00.000Z',
  ...overrides,
});

/** A stand-in for the browser's EventSource: tests push events into the open streams. */
export class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown = {}) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
