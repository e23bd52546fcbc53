import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { mockApi } from '../../../test/render.tsx';
import { API, doctorProfile, doctorUser, ok, renderWithModals } from '../test/profile-fixtures.tsx';
import { DoctorAgendaPage, todayWeekday } from './doctor-agenda-page.tsx';

describe('DoctorAgendaPage (Lihat Jadwal)', () => {
  it("shows the doctor's week at each clinic of the session where they practise", async () => {
    sessionStore.signIn(doctorUser({ clinics: [{ id: 10, uid: 'c10', name: 'Klinik Sehat Menteng' }] }), 't');
    const fetchMock = mockApi({
      [`${API}/settings/myprofile/doctors/edit/profile`]: () => ok(doctorProfile),
      [`${API}/reservation/doctor-schedule/5`]: () =>
        ok({ '1': { booking: ['08:00 - 12:00'], limit: 20 }, '4': { booking: [], limit: 5 } }),
    });
    renderWithModals(<DoctorAgendaPage />);
    const table = await screen.findByRole('table', { name: 'Klinik Sehat Menteng' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent?.replace('Hari ini', ''))).toEqual([
      'Minggu',
      'Senin',
      'Selasa',
      'Rabu',
      'Kamis',
      'Jumat',
      'Sabtu',
    ]);
    expect(await within(rows[0]).findByText('08:00 - 12:00')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('20');
    expect(rows[3]).toHaveTextContent('Tidak praktik');
    // clinic 11 is the doctor's but not in this session's scope: not asked for
    const asked = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((u) => u.includes('doctor-schedule'));
    expect(asked).toEqual([`${API}/reservation/doctor-schedule/5?clinicId=10`]);
  });

  it('counts weekdays from Sunday = 1 in the clinic time zone', () => {
    // Saturday 23:30 UTC is already Sunday in Jakarta
    expect(todayWeekday('Asia/Jakarta', new Date('2026-11-21T23:30:00Z'))).toBe(1);
    expect(todayWeekday('UTC', new Date('2026-11-21T23:30:00Z'))).toBe(7);
  });
});
