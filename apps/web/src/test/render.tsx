import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';

/** Shows the current path, so tests can see where a navigation went. */
export function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `ui` at `route` inside the app's providers and a memory router. */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Answers one path; `url` carries the query string for handlers that depend on it. */
type Handler = (init: RequestInit | undefined, url: URL) => { status?: number; body: unknown };

/** Stubs `fetch` with handlers by path (query string ignored); unknown paths answer 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0];
    const handler = handlers[path];
    const { status = 200, body } = handler
      ? handler(init, new URL(String(input), 'http://localhost'))
      : { status: 404, body: { status: false, message: 'Not found' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'u1',
    username: 'perawat',
    name: 'Siti Rahma',
    role: { _id: 'r1', role: 'Nurse', menu: { access: [] } },
    uidEmployee: 'e1',
    DoctorId: null,
    ClinicId: 1,
    corpId: 1,
    companyId: null,
    imageUrl: null,
    accountType: 'klinik',
    statusSetup: 'done',
    dataClinic: { name: 'Klinik Pratama Sehat', uid: 'c1', phoneNumber: null },
    dataCorporate: { id: 1, name: 'PT Sehat Bersama' },
    dataModul: { service: true, lab: true, pharmacy: true, payment: true, satusehat: false },
    menu: [],
    clinics: [{ id: 1, uid: 'c1', name: 'Klinik Pratama Sehat', mcuSite: false, timeZone: 'Asia/Jakarta' }],
    isMcuSite: false,
    timeZone: 'Asia/Jakarta',
    demo: true,
    mustChangePassword: false,
    ...overrides,
  };
}
