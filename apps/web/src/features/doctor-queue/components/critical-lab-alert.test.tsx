import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { CriticalLabAlert } from './critical-lab-alert.tsx';

const RELEASED = '/api/clinic/v1/lab-results/released-patients';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });
const hb = { nameId: 'Hemoglobin', nameEn: 'Haemoglobin', value: 6.2, unit: 'g/dL', flag: 'LL' };
const k = { nameId: 'Kalium', nameEn: 'Potassium', value: 6.8, unit: 'mmol/L', flag: 'HH' };
const release = (patientUid: string, patientName: string, releasedAt: string, criticalValues: object[]) => ({
  patientUid,
  patientName,
  releasedAt,
  critical: criticalValues.length > 0,
  criticalValues,
});

/** What the live `lab.result.released` does: the lab results queries refetch. */
function LiveRelease() {
  const client = useQueryClient();
  return (
    <button type="button" onClick={() => void client.invalidateQueries({ queryKey: ['labResults'] })}>
      live
    </button>
  );
}

const alerts = () => screen.queryAllByTestId('critical-lab-alert');

describe('CriticalLabAlert', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => notifications.clean());
    sessionStore.signIn(makeUser({ _id: 'doc1', username: 'dokter' }));
  });

  it('tells the doctor of a critical release once, and again of a newer one', async () => {
    let list = [
      release('p1', 'Budi Santoso', '2026-11-26T03:00:00.000Z', [hb, k]),
      release('p2', 'Ani Lestari', '2026-11-26T03:05:00.000Z', []),
    ];
    const fetchMock = mockApi({ [RELEASED]: () => ok(list) });
    const fetches = () => fetchMock.mock.calls.filter(([u]) => String(u).startsWith(RELEASED)).length;
    const view = renderWithApp(
      <>
        <CriticalLabAlert />
        <LiveRelease />
      </>,
    );

    expect(await screen.findByText('Nilai kritis: Budi Santoso')).toBeInTheDocument();
    const [alert] = alerts();
    expect(within(alert).getByText('Hemoglobin 6,2 g/dL (Kritis rendah)')).toBeInTheDocument();
    expect(within(alert).getByText('Kalium 6,8 mmol/L (Kritis tinggi)')).toBeInTheDocument();
    expect(screen.queryByText(/Ani Lestari/)).toBeNull();
    expect(localStorage.getItem('klinikita.labCriticalAnnounced.doc1')).toContain('2026-11-26T03:00:00.000Z');

    // the doctor closes it; a refetch (the live event of another release) does not bring it back
    act(() => notifications.clean());
    await waitFor(() => expect(alerts()).toHaveLength(0));
    list = [...list, release('p4', 'Dewi Anggraini', '2026-11-26T03:10:00.000Z', [])];
    const before = fetches();
    fireEvent.click(screen.getByRole('button', { name: 'live' }));
    await waitFor(() => expect(fetches()).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(alerts()).toHaveLength(0);

    // nor does a reload of the screen (the mark is kept in this browser)
    view.unmount();
    const reloaded = renderWithApp(
      <>
        <CriticalLabAlert />
        <LiveRelease />
      </>,
    );
    await waitFor(() => expect(fetches()).toBe(before + 2));
    await new Promise((r) => setTimeout(r, 50));
    expect(alerts()).toHaveLength(0);

    // an amendment released later with a critical value is told anew
    list = [release('p1', 'Budi Santoso', '2026-11-26T05:00:00.000Z', [k]), ...list.slice(1)];
    fireEvent.click(screen.getByRole('button', { name: 'live' }));
    expect(await screen.findByText('Nilai kritis: Budi Santoso')).toBeInTheDocument();
    expect(alerts()).toHaveLength(1);
    expect(within(alerts()[0]).getByText('Kalium 6,8 mmol/L (Kritis tinggi)')).toBeInTheDocument();
    expect(within(alerts()[0]).queryByText(/Hemoglobin/)).toBeNull();
    reloaded.unmount();
  });

  it('stays until closed', async () => {
    mockApi({ [RELEASED]: () => ok([release('p3', 'Citra Dewi', '2026-11-26T04:00:00.000Z', [hb])]) });
    renderWithApp(<CriticalLabAlert />);
    const title = await screen.findByText('Nilai kritis: Citra Dewi');
    // Mantine's autoClose would remove it after 4 s; it is still there after the wait
    await new Promise((r) => setTimeout(r, 4500));
    expect(title).toBeInTheDocument();
  }, 10_000);
});
