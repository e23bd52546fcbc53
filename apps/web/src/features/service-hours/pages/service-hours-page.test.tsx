import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { grants } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { ServiceHoursPage } from './service-hours-page.tsx';

const API = '/api/clinic/v1';
const HOURS = `${API}/service-hours`;
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

const DESKS = ['LAB', 'RAD', 'MCU', 'TREATMENT', 'PHYSIO'];
const week = (days: Record<number, { capacity: number; slots: string[] }> = {}) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...(days[weekday] ?? { capacity: 0, slots: [] }) }));
const monSat = (capacity: number, slots: string[]) =>
  Object.fromEntries([2, 3, 4, 5, 6, 7].map((w) => [w, { capacity, slots }]));
const hours = {
  clinicId: 1,
  desks: DESKS.map((serviceType) => ({
    serviceType,
    days:
      serviceType === 'LAB'
        ? week(monSat(60, ['07:00 - 14:00']))
        : serviceType === 'PHYSIO'
          ? week(monSat(16, ['08:00 - 12:00', '15:00 - 19:00']))
          : week(),
  })),
};

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const sent = (calls: Calls, method: string) =>
  calls
    .filter(([, init]) => init?.method === method)
    .map(([u, init]) => ({ url: String(u), body: JSON.parse(String(init?.body)) }));

const signIn = (role: string, routes: string[] = []) =>
  sessionStore.signIn(makeUser({ role: { _id: 'r', role, menu: { access: grants(routes) } } }));

describe('ServiceHoursPage', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('Super Admin'));

  it('shows each desk’s hours and quota per weekday, Monday first', async () => {
    const fetchMock = mockApi({ [HOURS]: () => ok(hours) });
    renderWithApp(<ServiceHoursPage />);
    const table = await screen.findByRole('table', { name: 'Jam buka layanan per hari' });
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Layanan', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu']);
    const lab = within(table).getByRole('rowheader', { name: 'Laboratorium' }).closest('tr')!;
    const cells = within(lab).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('07:00–14:00Kuota 60/hari');
    expect(cells[6]).toHaveTextContent('Tutup');
    const physio = within(table).getByRole('rowheader', { name: 'Fisioterapi' }).closest('tr')!;
    expect(within(physio).getAllByRole('cell')[2]).toHaveTextContent('08:00–12:0015:00–19:00Kuota 16/hari');
    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://x').searchParams.get('clinicId')).toBe('1');
  });

  it('edits a day: refuses overlapping hours before sending, then saves and copies to the days chosen', async () => {
    const fetchMock = mockApi({
      [HOURS]: () => ok(hours),
      [`${HOURS}/LAB/1`]: () => ok({ serviceType: 'LAB', days: week() }, 'Jam layanan berhasil disimpan'),
      [`${HOURS}/LAB/1/copy`]: () => ok({ serviceType: 'LAB', days: week() }, 'Jam layanan berhasil disalin'),
    });
    renderWithApp(<ServiceHoursPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah jam Laboratorium hari Minggu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jam Laboratorium hari Minggu' });
    expect(within(dialog).getByText('Tutup hari ini. Tambah jam untuk membuka layanan.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Kapasitas harian' }), {
      target: { value: '20' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah jam' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah jam' }));
    const time = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    time('Mulai 1', '07:00');
    time('Selesai 1', '10:00');
    time('Mulai 2', '09:00');
    time('Selesai 2', '12:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Jadwal 09:00 - 12:00 bentrok dengan jadwal 07:00 - 10:00',
    );
    expect(within(dialog).getByRole('group', { name: 'Jam buka 2' })).toHaveTextContent(
      'Bentrok dengan jam lain di hari yang sama',
    );
    expect(sent(fetchMock.mock.calls, 'PUT')).toEqual([]);

    time('Mulai 2', '10:00');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sabtu' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(fetchMock.mock.calls, 'PUT')).toEqual([
      {
        url: `${HOURS}/LAB/1`,
        body: { clinicId: 1, capacity: 20, slots: ['07:00 - 10:00', '10:00 - 12:00'] },
      },
    ]);
    expect(sent(fetchMock.mock.calls, 'POST')).toEqual([
      { url: `${HOURS}/LAB/1/copy`, body: { clinicId: 1, toWeekdays: [7] } },
    ]);
    expect(await screen.findByText('Jam layanan berhasil disalin')).toBeInTheDocument();
  });

  it('keeps the input and marks the field when the server refuses', async () => {
    mockApi({
      [HOURS]: () => ok(hours),
      [`${HOURS}/PHYSIO/2`]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Jadwal 11:00 - 13:00 bentrok dengan jadwal 08:00 - 12:00',
          errors: [{ path: 'slots.1', message: 'Bentrok dengan jam lain di hari yang sama' }],
        },
      }),
    });
    renderWithApp(<ServiceHoursPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah jam Fisioterapi hari Senin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Mulai 2')).toHaveValue('15:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('bentrok dengan jadwal 08:00 - 12:00');
    expect(within(dialog).getByRole('group', { name: 'Jam buka 2' })).toHaveTextContent('Bentrok');
    expect(within(dialog).getByLabelText('Mulai 2')).toHaveValue('15:00');
    // removing a period leaves the others as typed
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus jam buka 1' }));
    expect(within(dialog).getByLabelText('Mulai 1')).toHaveValue('15:00');
  });

  it('only shows the hours to those who may read but not change them', async () => {
    signIn('Registration', ['/Registration/patient']);
    mockApi({ [HOURS]: () => ok(hours) });
    renderWithApp(<ServiceHoursPage />);
    await screen.findByRole('table');
    expect(screen.getByText(/Anda dapat melihat jadwal layanan/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ubah jam/ })).not.toBeInTheDocument();
  });
});
