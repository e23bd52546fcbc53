import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { McuEventsPage } from './mcu-events-page.tsx';

const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });
const access = (route: string) => ({
  parent: { enabled: true, status: true, menu: { _id: route, menu: { name: route, route } } },
  childs: [],
});

const event = {
  uid: 'ev1',
  name: 'MCU Berkala 2026',
  company: { uid: 'c1', name: 'PT Cikarang Baja', code: 'CKB' },
  clinicId: 11,
  clinicName: 'Klinikita MCU Center Cikarang',
  examType: 'periodic',
  startDate: '2026-11-27',
  endDate: '2026-11-28',
  status: 'open',
  packages: [{ jobGroup: 'Staf', packageUid: 'p1', code: 'MCU-DASAR', name: 'Paket Dasar' }],
  progress: { registered: 5, inProgress: 3, done: 2, approved: 1, total: 11 },
  createdAt: '2026-11-20T01:00:00.000Z',
};
const participant = {
  uid: 'pa1',
  eventUid: 'ev1',
  mcuNumber: 'CKB-0001',
  employeeNumber: 'K-1',
  nik: '3171011203880002',
  name: 'Budi Hartono',
  sex: 'M',
  birthDate: '1988-03-12',
  department: 'Produksi',
  job: 'Operator',
  jobGroup: 'Staf',
  package: { uid: 'p1', code: 'MCU-DASAR', name: 'Paket Dasar' },
  patient: { uid: 'pt1', mrn: 'RM-11-000001' },
  status: 'registered',
  consentToShare: false,
  registrationUid: null,
  checkedInAt: null,
};

describe('MCU events screen', { timeout: 30_000 }, () => {
  it('lists the events with their progress, opens one and checks a participant in', async () => {
    sessionStore.signIn(
      makeUser({
        ClinicId: 11,
        clinics: [{ ...plainClinic, id: 11, mcuSite: true }],
        role: {
          _id: 'r',
          role: 'Registration',
          menu: {
            access: [access('/Registration/daftarPerusahaan'), access('/Registration/perusahaanRekanan')],
          },
        },
      }),
    );
    const fetch = mockApi({
      [`${API}/mcu/events`]: () => page([event]),
      [`${API}/mcu/events/ev1`]: () => ok(event),
      [`${API}/mcu/events/ev1/participants`]: () => page([participant]),
      [`${API}/mcu/participants/pa1/check-in`]: () =>
        ok({
          participant: { ...participant, status: 'inProgress', registrationUid: 'r1' },
          registration: { uid: 'r1', queueNumber: 'M-001', clinicId: 11 },
        }),
    });
    renderWithApp(<McuEventsPage />);
    const open = await screen.findByRole('button', { name: event.name });
    const row = open.closest('tr') as HTMLElement;
    expect(within(row).getByText('PT Cikarang Baja')).toBeInTheDocument();
    expect(within(row).getByTestId('progress-inProgress')).toHaveTextContent('3');
    expect(within(row).getByTestId('progress-approved')).toHaveTextContent('1');

    fireEvent.click(open);
    const table = await screen.findByRole('table', { name: 'Peserta' });
    expect(await within(table).findByText('CKB-0001')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Check-in' }));
    expect(await screen.findByText('Budi Hartono check-in, antrean M-001')).toBeInTheDocument();
    // the checklist and labels are offered right away, and beside a checked-in row
    expect(await screen.findByTestId('mcu-checkin-checklist')).toHaveAttribute(
      'href',
      `${API}/mcu/participants/pa1/checklist.pdf`,
    );
    expect(
      fetch.mock.calls.some(
        ([u, init]) => String(u) === `${API}/mcu/participants/pa1/check-in` && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('prints the checklist of a checked-in participant', async () => {
    sessionStore.signIn(
      makeUser({
        ClinicId: 11,
        clinics: [{ ...plainClinic, id: 11, mcuSite: true }],
        role: {
          _id: 'r',
          role: 'Registration',
          menu: {
            access: [access('/Registration/daftarPerusahaan'), access('/Registration/perusahaanRekanan')],
          },
        },
      }),
    );
    mockApi({
      [`${API}/mcu/events`]: () => page([event]),
      [`${API}/mcu/events/ev1`]: () => ok(event),
      [`${API}/mcu/events/ev1/participants`]: () =>
        page([{ ...participant, status: 'inProgress', registrationUid: 'r1' }]),
    });
    renderWithApp(<McuEventsPage />);
    fireEvent.click(await screen.findByRole('button', { name: event.name }));
    const table = await screen.findByRole('table', { name: 'Peserta' });
    const print = await within(table).findByRole('link', { name: 'Cetak checklist dan label Budi Hartono' });
    expect(print).toHaveAttribute('href', `${API}/mcu/participants/pa1/checklist.pdf`);
    expect(print).toHaveAttribute('target', '_blank');
    expect(within(table).queryByRole('button', { name: 'Check-in' })).toBeNull();
    // no report before the stations are done
    expect(within(table).queryByRole('link', { name: 'Buka laporan MCU Budi Hartono' })).toBeNull();
  });

  it('opens the report of a participant whose stations are done, and of an approved one', async () => {
    sessionStore.signIn(
      makeUser({
        ClinicId: 11,
        clinics: [{ ...plainClinic, id: 11, mcuSite: true }],
        role: {
          _id: 'r',
          role: 'Registration',
          menu: { access: [access('/Registration/daftarPerusahaan')] },
        },
      }),
    );
    mockApi({
      [`${API}/mcu/events`]: () => page([event]),
      [`${API}/mcu/events/ev1`]: () => ok(event),
      [`${API}/mcu/events/ev1/participants`]: () =>
        page([
          { ...participant, status: 'done', registrationUid: 'r1' },
          { ...participant, uid: 'pa2', name: 'Sari Wulandari', status: 'approved', registrationUid: 'r2' },
        ]),
    });
    renderWithApp(<McuEventsPage />);
    fireEvent.click(await screen.findByRole('button', { name: event.name }));
    const table = await screen.findByRole('table', { name: 'Peserta' });
    const done = await within(table).findByRole('link', { name: 'Buka laporan MCU Budi Hartono' });
    expect(done).toHaveAttribute('href', `${API}/mcu/participants/pa1/report.pdf`);
    expect(done).toHaveAttribute('target', '_blank');
    expect(within(table).getByRole('link', { name: 'Buka laporan MCU Sari Wulandari' })).toHaveAttribute(
      'href',
      `${API}/mcu/participants/pa2/report.pdf`,
    );
  });
});
