import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, urls } from '../../../test/patient-test-kit.ts';
import { makeUser, renderWithApp } from '../../../test/render.tsx';
import { EventSourceStub, pickBudi, setup } from '../test/front-office-fixtures.ts';
import { FrontOfficePage } from './front-office-page.tsx';

const CHECK = `${API}/service-hours/check`;

type Warning = { code: string; message: string; params: Record<string, string | number> };

/** The front office's server, with the schedule check answering `warningsFor` by its query. */
function withCheck(warningsFor: (query: URLSearchParams) => Warning[]) {
  const fetchMock = setup();
  const original = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== CHECK) return original(input, init);
    const { body } = ok({ day: '2026-03-02', time: '23:30', warnings: warningsFor(url.searchParams) });
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return fetchMock;
}

const outsideHours: Warning = {
  code: 'doctorOutsideHours',
  message: 'dr. Andi Wijaya praktik 08:00–12:00 hari ini; sekarang 23:30',
  params: { name: 'dr. Andi Wijaya', hours: '08:00–12:00', time: '23:30' },
};

describe('FrontOfficePage: schedule warnings', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', EventSourceStub);
    sessionStore.signIn(makeUser({ role: { _id: 'r', role: 'Registration', menu: { access: [] } } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('warns under the doctor chosen outside practice hours, and still registers', async () => {
    const fetchMock = withCheck((q) => (q.get('doctorId') === '7' ? [outsideHours] : []));
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    await pickBudi();
    expect(screen.queryByTestId('visit-warnings')).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: 'dr. Andi Wijaya' }));
    const warning = await screen.findByTestId('visit-warnings');
    expect(warning).toHaveAttribute('role', 'status');
    expect(warning).toHaveTextContent('Perhatian sebelum mendaftar');
    expect(warning).toHaveTextContent('dr. Andi Wijaya praktik 08:00–12:00 hari ini; sekarang 23:30');
    expect(warning).toHaveTextContent('Pendaftaran tetap dapat dilanjutkan.');
    expect(
      Object.fromEntries(urls(fetchMock.mock.calls, 'service-hours/check').at(-1)!.searchParams),
    ).toEqual({
      clinicId: '1',
      doctorId: '7',
    });
    // another doctor without a warning: the alert goes
    fireEvent.click(screen.getByRole('radio', { name: 'dr. Maya Sari' }));
    await waitFor(() => expect(screen.queryByTestId('visit-warnings')).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: 'dr. Andi Wijaya' }));
    await screen.findByTestId('visit-warnings');

    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByRole('dialog', { name: 'Tiket antrean' })).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toHaveLength(1);
  });

  it('warns of a service desk’s hours and a full day, naming the desk', async () => {
    withCheck((q): Warning[] =>
      q.get('serviceType') === 'LAB'
        ? [
            {
              code: 'deskOutsideHours',
              message: '',
              params: { desk: 'LAB', hours: '07:00–14:00', time: '15:10' },
            },
            { code: 'quotaReached', message: '', params: { limit: 60, booked: 60 } },
          ]
        : [],
    );
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    await pickBudi();
    fireEvent.click(screen.getByRole('radio', { name: 'Laboratorium' }));
    const warning = await screen.findByTestId('visit-warnings');
    const items = within(warning)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Laboratorium buka 07:00–14:00 hari ini; sekarang 15:10',
      'Kuota hari ini 60, sudah 60 terdaftar',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Radiologi' }));
    await waitFor(() => expect(screen.queryByTestId('visit-warnings')).toBeNull());
  });
});
