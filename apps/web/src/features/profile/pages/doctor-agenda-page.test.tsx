import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { mockApi } from '../../../test/render.tsx';
import { API, doctorProfile, doctorUser, ok, renderWithModals } from '../test/profile-fixtures.tsx';
import { DoctorAgendaPage, todayWeekday, weekStart } from './doctor-agenda-page.tsx';

/** A registration with the fields the agenda shows. */
const booking = (id: string, queueNumber: string, queueDate: string, name: string, status: string) =>
  ({
    _id: id,
    clinicId: 10,
    queueNumber,
    queueDate,
    status,
    orderType: 'doctor',
    patient: { name, title: 'Tn', firstName: name.split(' ')[0] },
    doctor: { doctorId: 5, name: 'dr. Alexander Wijaya' },
  }) as unknown as Registration;

const LIST = `${API}/registrations/registrations`;

describe('DoctorAgendaPage (Lihat Jadwal)', () => {
  afterEach(() => vi.useRealTimers());

  it("shows the doctor's week at each clinic of the session where they practise, with the patients booked each day", async () => {
    // Tuesday 24 November 2026 in Jakarta: the week runs from Sunday the 22nd to Saturday the 28th
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    sessionStore.signIn(
      doctorUser({
        clinics: [
          { id: 10, uid: 'c10', name: 'Klinik Sehat Menteng', mcuSite: false, timeZone: 'Asia/Jakarta' },
        ],
      }),
      't',
    );
    const fetchMock = mockApi({
      [`${API}/settings/myprofile/doctors/edit/profile`]: () => ok(doctorProfile),
      [`${API}/reservation/doctor-schedule/5`]: () =>
        ok({ '1': { booking: ['08:00 - 12:00'], limit: 20 }, '4': { booking: [], limit: 5 } }),
      [LIST]: (_init, url) =>
        ok({
          docs:
            url.searchParams.get('startDate') === '22_11_2026'
              ? [
                  booking('r2', 'A-002', '2026-11-22', 'Joko Susilo', 'Cancelled'),
                  booking('r1', 'A-001', '2026-11-22', 'Budi Hartono', 'Waiting'),
                  booking('r3', 'A-001', '2026-11-24', 'Andi Wijaya', 'Examination'),
                ]
              : [],
          page: 1,
          totalPages: 1,
          limit: 1000,
          totalDocs: 3,
        }),
    });
    renderWithModals(<DoctorAgendaPage />);
    const table = await screen.findByRole('table', { name: 'Klinik Sehat Menteng' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Minggu22 Nov',
      'Senin23 Nov',
      'Selasa24 NovHari ini',
      'Rabu25 Nov',
      'Kamis26 Nov',
      'Jumat27 Nov',
      'Sabtu28 Nov',
    ]);
    expect(await within(rows[0]).findByText('08:00 - 12:00')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('20');
    expect(rows[3]).toHaveTextContent('Tidak praktik');

    // the patients of each day under its slots: count against the limit (a cancelled visit takes no place)
    expect(await within(rows[0]).findByTestId('agenda-count')).toHaveTextContent('1 / 20 pasien');
    const sunday = within(rows[0]).getByRole('list', { name: 'Pasien Minggu 22 Nov' });
    expect(
      within(sunday)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A-001Tn. Budi HartonoMenunggu', 'A-002Tn. Joko SusiloBatal']);
    expect(within(rows[2]).getByTestId('agenda-count')).toHaveTextContent('1 pasien');
    expect(rows[2]).toHaveTextContent('A-001Tn. Andi WijayaPemeriksaan');
    expect(within(rows[1]).queryByTestId('agenda-count')).not.toBeInTheDocument();
    const weekQuery = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .find((u) => u.pathname === LIST)?.searchParams;
    expect(Object.fromEntries(weekQuery ?? [])).toEqual({
      clinicId: '10',
      order: 'arrivedAt_1',
      limit: '1000',
      orderType: 'doctor',
      'doctor.doctorId': '5',
      startDate: '22_11_2026',
      endDate: '29_11_2026',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Minggu berikutnya' }));
    await waitFor(() => expect(screen.getByTestId('agenda-week')).toHaveTextContent('29 Nov – 5 Des'));
    expect(await within(table).findAllByText('Belum ada pasien terdaftar')).toHaveLength(1);
    expect(within(table).queryByText('Hari ini')).not.toBeInTheDocument();
    // clinic 11 is the doctor's but not in this session's scope: not asked for
    const asked = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((u) => u.includes('doctor-schedule'));
    expect(new Set(asked)).toEqual(new Set([`${API}/reservation/doctor-schedule/5?clinicId=10`]));
  });

  it('counts weekdays from Sunday = 1 in the clinic time zone', () => {
    // Saturday 23:30 UTC is already Sunday in Jakarta
    expect(todayWeekday('Asia/Jakarta', new Date('2026-11-21T23:30:00Z'))).toBe(1);
    expect(todayWeekday('UTC', new Date('2026-11-21T23:30:00Z'))).toBe(7);
    expect(weekStart('Asia/Jakarta', 0, new Date('2026-11-21T23:30:00Z'))).toEqual(new Date(2026, 10, 22));
    expect(weekStart('UTC', -1, new Date('2026-11-21T23:30:00Z'))).toEqual(new Date(2026, 10, 8));
  });
});
