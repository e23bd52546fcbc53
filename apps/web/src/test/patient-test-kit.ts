import type { PatientSummary } from '@klinikita/domain/patients/patient.schema';
import { fireEvent, screen } from '@testing-library/react';
import type { mockApi } from './render.tsx';

export const API = '/api/clinic/v1';
export const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];

/** The URLs called on `path` (under the API base), with their query strings. */
export const urls = (calls: Calls, path: string) =>
  calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === `${API}/${path}`);

/** The JSON bodies sent to `path` with `method`. */
export const bodies = (calls: Calls, path: string, method: string) =>
  calls
    .filter(([u, init]) => String(u).split('?')[0] === `${API}/${path}` && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

export const input = (label: RegExp | string) =>
  screen.getByRole('textbox', { name: label }) as HTMLInputElement;
export const type = (label: RegExp | string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

export const summary = (overrides: Partial<PatientSummary> = {}): PatientSummary => ({
  uid: 'p1',
  mrn: 'RM-1-000001',
  clinicId: 1,
  clinicName: 'Klinik Pratama Sehat',
  nik: '3171011505900001',
  passport: null,
  title: 'Tn',
  name: 'Budi Hartono',
  sex: 'M',
  dob: '15/05/1990',
  age: { years: 36, months: 6 },
  phone: '081234567890',
  address: 'Jl. Melati 1',
  payerType: 'bpjs',
  ...overrides,
});
