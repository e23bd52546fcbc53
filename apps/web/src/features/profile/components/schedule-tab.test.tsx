import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/render.tsx';
import { API, bodyOf, ok, refused, renderWithModals } from '../test/profile-fixtures.tsx';
import { ScheduleTab } from './schedule-tab.tsx';

type Reply = { status?: number; body: unknown };
const schedule = {
  '1': { booking: ['08:00 - 12:00', '16:00 - 20:00'], limit: 20 },
  '2': { booking: [], limit: 0 },
  '3': { booking: [], limit: 0 },
  '4': { booking: [], limit: 0 },
  '5': { booking: [], limit: 0 },
  '6': { booking: [], limit: 0 },
  '7': { booking: [], limit: 0 },
};

function setup(replies: Partial<Record<'limit' | 'add' | 'update' | 'delete', () => Reply>> = {}) {
  const fetchMock = mockApi({
    [`${API}/reservation/doctor-schedule/5`]: () => ok(schedule),
    [`${API}/assesments/doctors/5`]: replies.limit ?? (() => ok(undefined, 'Limit berhasil disimpan')),
    [`${API}/assesments/doctors/add-schedule`]:
      replies.add ?? (() => ok(['08:00 - 12:00'], 'Jadwal berhasil ditambahkan')),
    [`${API}/assesments/doctors/update-time-schedule`]:
      replies.update ?? (() => ok(undefined, 'Success update schedule')),
    [`${API}/assesments/doctors/delete-schedule`]:
      replies.delete ?? (() => ok(undefined, 'Jadwal berhasil dihapus')),
  });
  renderWithModals(<ScheduleTab doctorId={5} clinicId={10} />);
  return fetchMock;
}

const callTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.find(([url]) => String(url).split('?')[0] === `${API}/${path}`);
const slotDialog = () => screen.getByRole('dialog', { name: /jam praktik/ });

describe('ScheduleTab (Pengaturan Jadwal)', () => {
  it('shows the week from Minggu to Sabtu with the day’s slots and limit', async () => {
    const fetchMock = setup();
    expect(await screen.findByRole('button', { name: '08:00 - 12:00' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toBe(`${API}/reservation/doctor-schedule/5?clinicId=10`);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Minggu',
      'Senin',
      'Selasa',
      'Rabu',
      'Kamis',
      'Jumat',
      'Sabtu',
    ]);
    expect(screen.getByLabelText(/^Limit/)).toHaveValue('20');
  });

  it('saves the limit, showing the server message, or the dialog error', async () => {
    const fetchMock = setup();
    await screen.findByRole('button', { name: '08:00 - 12:00' });
    fireEvent.change(screen.getByLabelText(/^Limit/), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('dialog-success')).toHaveTextContent('Limit berhasil disimpan');
    const [, init] = callTo(fetchMock, 'assesments/doctors/5')!;
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({ dayToChange: 1, limit: 15, clinicId: 10 });
  });

  it("shows 'error' when the limit save fails", async () => {
    setup({ limit: () => refused(400, 'Harus bilangan bulat mulai 0') });
    await screen.findByRole('button', { name: '08:00 - 12:00' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('dialog-error')).toHaveTextContent(/^error$/);
  });

  it("adds a slot: 'All field must be filled', then the spec payload", async () => {
    const fetchMock = setup();
    await screen.findByRole('button', { name: '08:00 - 12:00' });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah jam praktik' }));
    const dialog = slotDialog();
    fireEvent.change(within(dialog).getByLabelText('Jam mulai'), { target: { value: '13:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('All field must be filled');
    expect(callTo(fetchMock, 'assesments/doctors/add-schedule')).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText('Jam selesai'), { target: { value: '15:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('dialog-success')).toHaveTextContent('Jadwal berhasil ditambahkan');
    const [, init] = callTo(fetchMock, 'assesments/doctors/add-schedule')!;
    expect(init?.method).toBe('POST');
    expect(bodyOf(init)).toEqual({
      clinicIdWeb: 10,
      dokterIdWeb: 5,
      newBookingTime: '13:00 - 15:00',
      bookingDay: 1,
    });
  });

  it('shows the server message when adding fails', async () => {
    setup({ add: () => refused(409, 'Jadwal bertabrakan dengan 08:00 - 12:00') });
    await screen.findByRole('button', { name: '08:00 - 12:00' });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah jam praktik' }));
    fireEvent.change(within(slotDialog()).getByLabelText('Jam mulai'), { target: { value: '09:00' } });
    fireEvent.change(within(slotDialog()).getByLabelText('Jam selesai'), { target: { value: '10:00' } });
    fireEvent.click(within(slotDialog()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('dialog-error')).toHaveTextContent(
      'Jadwal bertabrakan dengan 08:00 - 12:00',
    );
  });

  it("edits a slot: prefilled, 'All field must be filled', then 'Success update schedule'", async () => {
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: '16:00 - 20:00' }));
    const dialog = slotDialog();
    expect(within(dialog).getByLabelText('Jam mulai')).toHaveValue('16:00');
    fireEvent.change(within(dialog).getByLabelText('Jam selesai'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('All field must be filled');

    fireEvent.change(within(dialog).getByLabelText('Jam selesai'), { target: { value: '21:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('dialog-success')).toHaveTextContent('Success update schedule');
    const [, init] = callTo(fetchMock, 'assesments/doctors/update-time-schedule')!;
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({
      clinicIDWeb: 10,
      dokterIdWeb: 5,
      newBookingTime: '16:00 - 21:00',
      bookingDay: 1,
      indexToChange: 1,
      bookingTime: '16:00 - 20:00',
    });
  });

  it.each([
    [400, 'Jam selesai harus setelah jam mulai', 'dialog-warning', 'Jam selesai harus setelah jam mulai'],
    [409, 'Jadwal telah diubah', 'dialog-error', 'Jadwal telah diubah'],
    [500, 'api.internal', 'dialog-error', /^error$/],
  ])('shows an update refusal %i as the spec says', async (status, message, testId, shown) => {
    setup({ update: () => refused(status, message) });
    fireEvent.click(await screen.findByRole('button', { name: '08:00 - 12:00' }));
    fireEvent.change(within(slotDialog()).getByLabelText('Jam selesai'), { target: { value: '11:00' } });
    fireEvent.click(within(slotDialog()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId(testId)).toHaveTextContent(shown);
  });

  it('deletes a slot: the spec payload, the server message, and the dialog closes', async () => {
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: '16:00 - 20:00' }));
    fireEvent.click(within(slotDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('dialog-success')).toHaveTextContent('Jadwal berhasil dihapus');
    const [, init] = callTo(fetchMock, 'assesments/doctors/delete-schedule')!;
    expect(init?.method).toBe('DELETE');
    expect(bodyOf(init)).toEqual({
      clinicIDWeb: 10,
      dokterIdWeb: 5,
      indexToChange: 1,
      bookingDay: 1,
      bookingTime: '16:00 - 20:00',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /jam praktik/ })).not.toBeInTheDocument(),
    );
  });

  it("shows 'err' when deleting fails", async () => {
    setup({ delete: () => refused(409, 'Jadwal telah diubah') });
    fireEvent.click(await screen.findByRole('button', { name: '16:00 - 20:00' }));
    fireEvent.click(within(slotDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('dialog-error')).toHaveTextContent(/^err$/);
  });
});
