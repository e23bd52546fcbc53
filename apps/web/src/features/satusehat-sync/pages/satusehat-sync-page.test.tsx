import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { grants } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { SatusehatSyncPage } from './satusehat-sync-page.tsx';

const API = '/api/clinic/v1/satu-sehat';
const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

const delivery = (over: Record<string, unknown>) => ({
  uid: 'd-1',
  kind: 'encounter',
  state: 'accepted',
  registrationId: 'reg-1',
  registrationNo: 'A-001',
  patientName: 'Budi Santoso',
  medicalRecordNo: 'RM-0001',
  attempts: 1,
  lastAttemptAt: '2026-11-26T02:00:00.000Z',
  nextAttemptAt: null,
  acceptedAt: null,
  lastStatus: 200,
  message: null,
  issueCode: null,
  expression: null,
  blockedReason: null,
  platformIds: [],
  ...over,
});

const accepted = delivery({
  acceptedAt: '2026-11-26T02:00:01.000Z',
  platformIds: [{ resourceType: 'Encounter', id: 'enc-9f2', local: 'Encounter' }],
});
const refused = delivery({
  uid: 'd-2',
  registrationId: 'reg-2',
  registrationNo: 'A-002',
  patientName: 'Sri Wahyuni',
  state: 'refused',
  lastStatus: 400,
  message: 'Encounter.period.start must not be before 2014-06-03',
  issueCode: 'value',
  expression: 'Encounter.period.start',
});
const blocked = delivery({
  uid: 'd-3',
  kind: 'dispense',
  registrationNo: 'A-003',
  state: 'blocked',
  attempts: 0,
  lastAttemptAt: null,
  lastStatus: null,
  blockedReason: 'drugNoKfa',
});

const page = (docs: unknown[], counts = { waiting: 0, accepted: 1, refused: 1, blocked: 1 }) => ({
  docs,
  page: 1,
  totalPages: 1,
  limit: 50,
  totalDocs: docs.length,
  counts,
});

describe('SatusehatSyncPage', { timeout: 30_000 }, () => {
  beforeEach(() =>
    sessionStore.signIn(
      makeUser({ role: { _id: 'r', role: 'Admin', menu: { access: grants(['/Setting/satuSehat']) } } }),
    ),
  );

  it('shows the clinic day’s deliveries with the platform’s words explained, and resends a refused one', async () => {
    let resent = false;
    const queries: URLSearchParams[] = [];
    const fetchMock = mockApi({
      [`${API}/deliveries`]: (_init, url) => {
        queries.push(url.searchParams);
        return ok(
          page(
            [
              accepted,
              resent ? { ...refused, state: 'waiting', nextAttemptAt: new Date().toISOString() } : refused,
              blocked,
            ],
            resent
              ? { waiting: 1, accepted: 1, refused: 0, blocked: 1 }
              : { waiting: 0, accepted: 1, refused: 1, blocked: 1 },
          ),
        );
      },
      [`${API}/deliveries/d-2/resend`]: () => {
        resent = true;
        return ok({ ...refused, state: 'waiting' }, 'Dikirim ulang: masuk antrean pengiriman');
      },
    });
    renderWithApp(<SatusehatSyncPage />);
    const table = await screen.findByRole('table', { name: 'Daftar pengiriman SATUSEHAT' });
    // the clinic's today by default
    expect(queries[0].get('date')).toBe(clinicDay('Asia/Jakarta'));
    expect(queries[0].get('clinicId')).toBe('1');
    expect(screen.getByRole('radio', { name: 'Semua (3)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Ditolak (1)' })).toBeInTheDocument();

    const rows = within(table).getAllByTestId('sync-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Diterima')).toBeInTheDocument();
    expect(within(rows[0]).getByText('enc-9f2')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /Kirim ulang/ })).toBeNull();
    expect(within(rows[1]).getByText('Ditolak')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Isi data tidak sesuai ketentuan SATUSEHAT.')).toBeInTheDocument();
    expect(
      within(rows[1]).getByText(/SATUSEHAT: Encounter.period.start must not be before 2014-06-03/),
    ).toBeInTheDocument();
    expect(within(rows[1]).getByText('Encounter.period.start', { selector: 'code' })).toBeInTheDocument();
    expect(within(rows[2]).getByText('Tertahan')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Penyerahan obat')).toBeInTheDocument();
    expect(within(rows[2]).getByText(/Obat belum memiliki kode KFA/)).toBeInTheDocument();
    expect(within(rows[2]).getByText('Belum dikirim')).toBeInTheDocument();

    fireEvent.click(within(rows[1]).getByRole('button', { name: /Kirim ulang/ }));
    expect(await screen.findByText('Dikirim ulang: masuk antrean pengiriman')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByText('Menunggu').length).toBeGreaterThan(0));
    expect(
      fetchMock.mock.calls.filter(
        ([u, init]) => String(u).endsWith('/deliveries/d-2/resend') && init?.method === 'POST',
      ),
    ).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Menunggu (1)' })).toBeInTheDocument();
  });

  it('filters by state, kind and search, asking the server each time', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      [`${API}/deliveries`]: (_init, url) => {
        queries.push(url.searchParams);
        return ok(
          page(url.searchParams.get('state') === 'refused' ? [refused] : [accepted, refused, blocked]),
        );
      },
    });
    renderWithApp(<SatusehatSyncPage />);
    await screen.findByRole('table', { name: 'Daftar pengiriman SATUSEHAT' });
    fireEvent.click(screen.getByRole('radio', { name: 'Ditolak (1)' }));
    await waitFor(() => expect(screen.getAllByTestId('sync-row')).toHaveLength(1));
    expect(queries.at(-1)?.get('state')).toBe('refused');

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari pasien, no. RM atau no. antrean' }), {
      target: { value: 'Sri' },
    });
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('Sri'));
    expect(queries.at(-1)?.get('state')).toBe('refused');

    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(queries.at(-1)?.get('date')).toBe('2026-11-20'));
  });

  it('says plainly when the day has nothing', async () => {
    mockApi({
      [`${API}/deliveries`]: () => ok(page([], { waiting: 0, accepted: 0, refused: 0, blocked: 0 })),
    });
    renderWithApp(<SatusehatSyncPage />);
    expect(await screen.findByText('Tidak ada pengiriman pada hari ini.')).toBeInTheDocument();
  });
});
