import { listHeldPrescriptions } from '@klinikita/domain/pharmacy/pharmacy-held';
import { listRegistrations } from '@klinikita/domain/registrations/registrations.contract';
import { listReleasedLabPatients } from '@klinikita/domain/results/lab-print.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { DoctorQueueSidebar } from '../../features/doctor-queue/components/doctor-queue-sidebar.tsx';
import {
  API,
  CLINIC_10,
  CLINIC_11,
  doctorUser,
  LIST_URL,
  listQueries,
  nurseUser,
  ok,
  page,
  reg,
  renderQueue,
  signIn,
  stubEventSource,
} from '../../features/doctor-queue/test/queue-fixtures.tsx';
import { todayRegistrationsParams } from '../../features/front-office/api/first-reads.ts';
import { REGISTRATIONS_PATH } from '../../shared/registrations/registration-query.ts';
import {
  useAvailableDoctors,
  usePartnerCompanies,
  useRegistrations,
} from '../../shared/registrations/registrations-api.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { mockApi } from '../../test/render.tsx';
import { earlyReadLoader, earlyReadRoute } from './early-read-routes.ts';

const runLoader = (path: string, params: Record<string, string> = {}) =>
  earlyReadLoader(path)!({
    params,
    request: new Request(`http://localhost${path}`),
    context: undefined,
  } as unknown as LoaderFunctionArgs);

function mockQueue() {
  return mockApi({
    [LIST_URL]: (init, url) => {
      expect(new Headers(init?.headers).get('service')).toBe('registration');
      return page(
        url.searchParams.get('status')?.startsWith('Examination')
          ? [reg({ queueNumber: 'A-002', status: 'Examination' })]
          : [reg({ queueNumber: 'A-003', status: 'Waiting' })],
      );
    },
    [`${API}/registrations/doctors/available`]: () => ok([]),
    [`${API}/lab-results/released-patients`]: () => ok([]),
    [`${API}/pharmacy/held`]: () => ok([]),
  });
}

describe('early reads of the doctor’s screen', { timeout: 20_000 }, () => {
  beforeEach(() => stubEventSource());

  it('the route asks for both queue lists, and the sidebar takes those answers instead of asking again', async () => {
    expect(`/${REGISTRATIONS_PATH}`).toBe(listRegistrations.path);
    signIn(doctorUser());
    const fetchMock = mockQueue();
    runLoader('/Doctor/doctor');
    const early = listQueries(fetchMock.mock.calls);
    expect(early.map((q) => q.get('status')).sort()).toEqual([
      'Examination_Paid_Prescription Waiting_Payment',
      'Waiting_Queueing_Skip',
    ]);
    expect(early.every((q) => q.get('doctor.doctorId') === '5' && q.get('clinicId') === '10')).toBe(true);

    renderQueue(<DoctorQueueSidebar />);
    const waiting = await screen.findByRole('list', { name: 'Menunggu' });
    expect(within(waiting).getByRole('link').textContent).toContain('A-003');
    expect(await screen.findByRole('list', { name: 'Pemeriksaan' })).toBeInTheDocument();
    expect(listQueries(fetchMock.mock.calls)).toHaveLength(2);
    // the sidebar's marks too: each asked once, by the route, with the contracts' paths
    await screen.findByText('Patient List');
    const paths = fetchMock.mock.calls.map(([u]) => String(u).split('?')[0]);
    for (const contract of [listReleasedLabPatients, listHeldPrescriptions])
      expect(paths.filter((p) => p === `${API}${contract.path}`)).toHaveLength(1);
  });

  it('follows the clinic the user works on and every doctor for a nurse', () => {
    signIn(nurseUser({ clinics: [CLINIC_10, CLINIC_11] }));
    localStorage.setItem('klinikita.workingClinic', '11');
    const fetchMock = mockQueue();
    runLoader('/Doctor/doctor');
    const early = listQueries(fetchMock.mock.calls);
    expect(early).toHaveLength(2);
    expect(early.every((q) => q.get('clinicId') === '11' && !q.has('doctor.doctorId'))).toBe(true);
    // held prescriptions are a doctor's own: a nurse's screen never asks for them
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/pharmacy/held'))).toBe(false);
  });

  it('sends nothing for a visitor nobody signed in', () => {
    sessionStore.signOut();
    const fetchMock = mockQueue();
    runLoader('/Doctor/doctor');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('early reads of the front office', () => {
  it('the route asks for today’s doctors, the companies and today’s registrations; the screen’s queries take them', async () => {
    signIn(nurseUser({ clinics: [CLINIC_10, CLINIC_11] }));
    localStorage.setItem('klinikita.workingClinic', '11');
    const fetchMock = mockApi({
      [`${API}/registrations/doctors/available`]: () => ok([]),
      [`${API}/registrations/companies`]: () => ok([]),
      [LIST_URL]: () => page([]),
    });
    runLoader('/Registration/patient');
    expect(fetchMock.mock.calls.map(([u]) => String(u).replace(API, '')).sort()).toEqual([
      '/registrations/companies',
      '/registrations/doctors/available?clinicId=11',
      '/registrations/registrations?clinicId=11&order=arrivedAt_-1&limit=20',
    ]);

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => [useAvailableDoctors(11), usePartnerCompanies(), useRegistrations(todayRegistrationsParams(11))],
      { wrapper },
    );
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('early-read routes', () => {
  it('run their loader on arriving at the screen, not again for a new search on it', () => {
    const route = earlyReadRoute('/Doctor/doctor');
    expect(route.loader).toBeTypeOf('function');
    expect(
      route.shouldRevalidate?.({
        currentUrl: new URL('http://x/Doctor/doctor'),
        nextUrl: new URL('http://x/Doctor/doctor?id=r1'),
      } as never),
    ).toBe(false);
    // a screen without early reads gets neither
    expect(earlyReadRoute('/Setting/employee')).toEqual({});
  });
});
