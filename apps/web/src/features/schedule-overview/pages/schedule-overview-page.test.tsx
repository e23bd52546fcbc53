import { addDays } from '@klinikita/domain/common/clinic-day';
import type { ScheduleWeek } from '@klinikita/domain/services/schedule-overview.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ScheduleOverviewPage } from './schedule-overview-page.tsx';

const WEEK = '/api/clinic/v1/schedule/week';
const ok = (data?: unknown) => ({ body: { status: true, message: 'OK', data } });

const days = (start: string) => Array.from({ length: 7 }, (_, i) => addDays(start, i));
const cells = (start: string, of: (i: number) => { slots: string[]; limit: number; booked: number }) =>
  days(start).map((day, i) => ({ day, ...of(i) }));

function weekFrom(start: string): ScheduleWeek {
  return {
    start,
    days: days(start),
    specialists: [
      { id: 1, name: 'Dokter Umum' },
      { id: 2, name: 'Penyakit Dalam' },
    ],
    clinics: [
      {
        clinicId: 10,
        name: 'Klinik Menteng',
        today: addDays(start, 1),
        doctors: [
          {
            doctorId: 7,
            name: 'dr. Alexander Wijaya',
            specialist: 'Dokter Umum',
            cells: cells(start, (i) =>
              i < 5
                ? { slots: ['08:00 - 12:00', '16:00 - 20:00'], limit: 30, booked: i === 1 ? 30 : 3 }
                : { slots: [], limit: 0, booked: 0 },
            ),
          },
        ],
        desks: [
          {
            serviceType: 'LAB',
            cells: cells(start, (i) =>
              i < 6 ? { slots: ['07:00 - 14:00'], limit: 60, booked: 5 } : { slots: [], limit: 0, booked: 0 },
            ),
          },
          {
            serviceType: 'TREATMENT',
            cells: cells(start, () => ({ slots: ['08:00 - 20:00'], limit: 0, booked: 2 })),
          },
        ],
      },
      { clinicId: 11, name: 'MCU Center Cikarang', today: addDays(start, 1), doctors: [], desks: [] },
    ],
  };
}

/** Opens a Mantine select and clicks an option of its own list. */
async function pick(label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const queries = (calls: Calls) =>
  calls.map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));

describe('ScheduleOverviewPage', { timeout: 30_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(
      makeUser({
        role: { _id: 'r', role: 'Admin', menu: { access: [] } },
        clinics: [
          { id: 10, uid: 'c10', name: 'Klinik Menteng', mcuSite: false, timeZone: 'Asia/Jakarta' },
          { id: 11, uid: 'c11', name: 'MCU Center Cikarang', mcuSite: true, timeZone: 'Asia/Jakarta' },
        ],
      }),
    ),
  );

  it('shows the week as a grid: doctors and desks by clinic, booked / limit per day, today marked', async () => {
    const fetchMock = mockApi({
      [WEEK]: (_init, url) => ok(weekFrom(url.searchParams.get('start') ?? '2026-03-02')),
    });
    renderWithApp(<ScheduleOverviewPage />);
    const grid = await screen.findByRole('table', { name: 'Jadwal praktik 2 Maret – 8 Maret 2026' });
    expect(queries(fetchMock.mock.calls)[0]).toEqual({});
    const heads = within(grid).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual([
      'Dokter / layanan',
      'Sen, 2 Mar',
      'Sel, 3 MarHari ini',
      'Rab, 4 Mar',
      'Kam, 5 Mar',
      'Jum, 6 Mar',
      'Sab, 7 Mar',
      'Min, 8 Mar',
    ]);
    expect(heads[2]).toHaveAttribute('aria-current', 'date');
    expect(within(grid).getByRole('rowheader', { name: 'Klinik Menteng' })).toBeInTheDocument();
    const alex = within(grid)
      .getByRole('rowheader', { name: /dr\. Alexander Wijaya/ })
      .closest('tr')!;
    const day = within(alex).getAllByRole('cell');
    expect(day[0]).toHaveTextContent('08:00–12:0016:00–20:003 / 30');
    expect(within(day[1]).getByLabelText('30 terisi dari batas 30')).toBeInTheDocument();
    expect(day[6]).toHaveTextContent('Libur');
    const lab = within(grid)
      .getByRole('rowheader', { name: /Laboratorium/ })
      .closest('tr')!;
    expect(within(lab).getAllByRole('cell')[0]).toHaveTextContent('07:00–14:005 / 60');
    const treatment = within(grid)
      .getByRole('rowheader', { name: /Tindakan/ })
      .closest('tr')!;
    expect(
      within(within(treatment).getAllByRole('cell')[0]).getByLabelText('2 terisi, tanpa batas'),
    ).toHaveTextContent('2 / –');
    expect(within(grid).getByText('Belum ada jadwal di klinik ini.')).toBeInTheDocument();
  });

  it('goes to the next and previous week and back to this one', async () => {
    const fetchMock = mockApi({
      [WEEK]: (_init, url) => ok(weekFrom(url.searchParams.get('start') ?? '2026-03-02')),
    });
    renderWithApp(<ScheduleOverviewPage />);
    await screen.findByText('2 Maret – 8 Maret 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Minggu depan' }));
    expect(await screen.findByText('9 Maret – 15 Maret 2026')).toBeInTheDocument();
    expect(queries(fetchMock.mock.calls).at(-1)).toEqual({ start: '2026-03-09' });
    fireEvent.click(screen.getByRole('button', { name: 'Minggu lalu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Minggu lalu' }));
    await waitFor(() => expect(queries(fetchMock.mock.calls).at(-1)).toEqual({ start: '2026-02-23' }));
    fireEvent.click(screen.getByRole('button', { name: 'Minggu ini' }));
    expect(await screen.findByText('2 Maret – 8 Maret 2026')).toBeInTheDocument();
  });

  it('filters by clinic and by specialty on the server', async () => {
    const fetchMock = mockApi({ [WEEK]: () => ok(weekFrom('2026-03-02')) });
    renderWithApp(<ScheduleOverviewPage />);
    await screen.findByRole('table');
    await pick('Spesialis', 'Penyakit Dalam');
    await waitFor(() => expect(queries(fetchMock.mock.calls).at(-1)).toEqual({ specialistId: '2' }));
    await pick('Klinik', 'MCU Center Cikarang');
    await waitFor(() =>
      expect(queries(fetchMock.mock.calls).at(-1)).toEqual({ specialistId: '2', clinicId: '11' }),
    );
  });
});
