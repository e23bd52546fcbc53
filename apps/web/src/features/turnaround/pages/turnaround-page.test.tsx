import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { TurnaroundPage } from './turnaround-page.tsx';

const today = clinicDay('Asia/Jakarta');
const ENDPOINT = `${API}/dashboard/turnaround`;
const none = { missing: 0, negative: 0, otherDay: 0 };
const stats = (metric: string, n: number, median: number | null, p90: number | null) => ({
  metric,
  n,
  median,
  p90,
  withinTarget: null,
  withinTargetPercent: null,
  targetMinutes: null,
  excluded: none,
});
const answer = {
  clinicId: 10,
  from: today,
  to: today,
  timeZone: 'Asia/Jakarta',
  metrics: [
    { ...stats('doctorWait', 3, 30, 46), excluded: { missing: 0, negative: 1, otherDay: 1 } },
    stats('consultation', 4, 22.5, 35.5),
    {
      ...stats('pharmacyNonRacikan', 2, 30, 38),
      targetMinutes: 30,
      withinTarget: 1,
      withinTargetPercent: 50,
    },
    { ...stats('pharmacyRacikan', 1, 50, 50), targetMinutes: 60, withinTarget: 1, withinTargetPercent: 100 },
    stats('labTotal', 0, null, null),
    stats('labPreAnalytic', 0, null, null),
    stats('labAnalytic', 0, null, null),
  ],
  slices: [
    { ...stats('doctorWait', 3, 30, 46), dimension: 'doctor', key: '5', label: 'dr. Andi Wijaya' },
    { ...stats('doctorWait', 1, 30, 30), dimension: 'payer', key: 'bpjs', label: null },
    { ...stats('doctorWait', 2, 30, 46), dimension: 'payer', key: 'self', label: null },
    { ...stats('doctorWait', 1, 50, 50), dimension: 'hour', key: '9', label: null },
    { ...stats('doctorWait', 2, 20, 28), dimension: 'hour', key: '8', label: null },
  ],
};

const signIn = () =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 10,
      clinics: [plainClinic],
      role: {
        _id: 'r',
        role: 'Admin',
        menu: {
          access: [
            {
              parent: {
                enabled: true,
                status: true,
                menu: { _id: 'd', menu: { name: 'Dashboard', route: '/DashboardAdvance' } },
              },
              childs: [],
            },
          ],
        },
      },
    }),
  );

describe('turnaround dashboard', { timeout: 30_000 }, () => {
  it('shows each metric’s n, median, P90, the share within the standard and the exclusions, then the slices', async () => {
    signIn();
    const fetch = mockApi({ [ENDPOINT]: () => ok(answer) });
    renderWithApp(<TurnaroundPage />);
    const table = await screen.findByRole('table', { name: 'Waktu tunggu layanan' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;

    const wait = row('Pendaftaran → dipanggil dokter');
    expect(within(wait).getByText('3')).toBeInTheDocument();
    expect(within(wait).getByText('30 mnt')).toBeInTheDocument();
    expect(within(wait).getByText('46 mnt')).toBeInTheDocument();
    expect(within(wait).getByText('2')).toBeInTheDocument();
    expect(within(row('Dipanggil → pemeriksaan selesai')).getByText('22,5 mnt')).toBeInTheDocument();
    const plain = row('Farmasi: resep masuk → diserahkan (Non-racikan)');
    expect(within(plain).getByText('≤ 30 menit')).toBeInTheDocument();
    expect(within(plain).getByText('50%')).toBeInTheDocument();
    const racikan = row('Farmasi: resep masuk → diserahkan (Racikan)');
    expect(within(racikan).getByText('≤ 60 menit')).toBeInTheDocument();
    expect(within(racikan).getByText('100%')).toBeInTheDocument();
    expect(within(table).getByText('Sesuai standar')).toBeInTheDocument();
    expect(within(table).getByText('Dikecualikan')).toBeInTheDocument();

    const query = new URL(String(fetch.mock.calls[0][0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ clinicId: '10', from: today, to: today });

    const slices = screen.getByRole('table', { name: 'Rincian' });
    expect(within(slices).getByText('dr. Andi Wijaya')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Per penjamin'));
    expect(
      await within(screen.getByRole('table', { name: 'Rincian' })).findByText('BPJS'),
    ).toBeInTheDocument();
    expect(screen.getByText('Umum')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Per jam'));
    const hours = within(screen.getByRole('table', { name: 'Rincian' })).getAllByRole('row');
    expect(hours.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Kelompok'),
      expect.stringContaining('08.00–08.59'),
      expect.stringContaining('09.00–09.59'),
    ]);
  });

  it('refuses a range over 31 days in the browser, without asking the server', async () => {
    signIn();
    const fetch = mockApi({ [ENDPOINT]: () => ok(answer) });
    renderWithApp(<TurnaroundPage />);
    await screen.findByRole('table', { name: 'Waktu tunggu layanan' });
    fireEvent.change(screen.getByLabelText('Dari tanggal'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Sampai tanggal'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('Rentang tanggal paling lama 31 hari')).toBeInTheDocument();
    expect(fetch.mock.calls.every(([u]) => !String(u).includes('2026-03-01'))).toBe(true);
  });
});
