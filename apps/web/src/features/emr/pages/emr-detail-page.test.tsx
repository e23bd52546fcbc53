import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/render.tsx';
import {
  API,
  auditEntry,
  encounter,
  letter,
  ok,
  paged,
  recordPatient,
  renderAt,
  signIn,
  signInDoctor,
} from '../test/emr-fixtures.tsx';
import { EmrDetailPage } from './emr-detail-page.tsx';

const older = encounter({
  uid: 'e0',
  registration: { ...encounter().registration, uid: 'r0', queueNumber: 'A-002', queueDate: '2026-09-09' },
  systolic: 142,
  diastolic: 90,
  temperature: 38.4,
  diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
  prescription: [],
  procedures: [],
  serviceOrders: [],
  orders: [],
  letters: [],
  addenda: [
    {
      uid: 'a1',
      text: 'Hasil swab negatif.',
      createdAt: '2026-09-10T03:00:00.000Z',
      by: { id: 5, name: 'dr. Alexander Wijaya' },
    },
  ],
});

/** Where the record's first page ends (the server's cursor form). */
const CURSOR = '2026-11-23T02:00:00.123456Z_41';

/** What the server knows of the visits' deliveries to SATUSEHAT; another visit is left out. */
const SATUSEHAT: Record<string, { state: string | null }> = {
  r0: { state: 'accepted' },
  r1: { state: 'refused' },
  r2: { state: null },
};
const satusehatAnswer = (url: URL) =>
  ok(
    (url.searchParams.get('registrationIds') ?? '')
      .split(',')
      .filter((uid) => SATUSEHAT[uid])
      .map((uid) => ({ registrationId: uid, state: SATUSEHAT[uid].state, deliveries: [] })),
  );

function api(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    // the banner and the newest visit in one answer, the older one after the cursor
    [`${API}/consultations/patients/p1/record`]: (_init, url) =>
      url.searchParams.get('after') === CURSOR
        ? ok({ patient: null, visits: [older], next: null })
        : ok({ patient: recordPatient({ visits: 2 }), visits: [encounter()], next: CURSOR }),
    [`${API}/consultations/patients/p1/encounters`]: () => paged([encounter(), older], { limit: 100 }),
    [`${API}/consultations/letters`]: () =>
      paged([
        letter(),
        letter({
          uid: 'l2',
          kind: 'health',
          number: 'SKS/10/2026/00001',
          purpose: 'Melamar pekerjaan',
          healthy: true,
          restFrom: null,
          restUntil: null,
          restDays: null,
        }),
      ]),
    [`${API}/consultations/encounters/e1/addenda`]: () => ok(encounter()),
    [`${API}/satu-sehat/visits`]: (_init, url) => satusehatAnswer(url),
    [`${API}/audit/logs`]: () =>
      paged([auditEntry(), auditEntry({ id: 2, action: 'record.read', clinicId: null })]),
    ...over,
  });
}

const page = () => renderAt(<EmrDetailPage />, '/EMR/Detail/:id?', '/EMR/Detail/p1');

describe('EmrDetailPage', { timeout: 20_000 }, () => {
  beforeEach(() => signInDoctor());

  it('shows the banner with the allergies in red, then the visits newest first with everything they hold', async () => {
    api();
    page();
    const banner = await screen.findByRole('region', { name: 'Tn. Budi Hartono' });
    expect(within(banner).getByRole('alert')).toHaveTextContent('Alergi: Amoksisilin (ruam kulit)');
    expect(within(banner).getByText('RM-10-000079')).toBeInTheDocument();
    expect(within(banner).getByText('47 th 6 bl')).toBeInTheDocument();
    expect(within(banner).getByText('3171060205790001')).toBeInTheDocument();

    const visit = await screen.findByRole('article', { name: 'Kunjungan 23 Nov 2026' });
    expect(within(visit).getByText('Ditandatangani')).toBeInTheDocument();
    expect(
      within(visit).getByText('Klinik Pratama Klinikita Menteng · dr. Alexander Wijaya · Antrean A-013'),
    ).toBeInTheDocument();
    // out of the normal range: flagged
    expect(within(visit).getByText(/Tekanan darah: 150\/95 mmHg/)).toHaveTextContent('↑');
    expect(within(visit).getByText(/Nadi: 78/)).not.toHaveTextContent('↑');
    expect(within(visit).getByText('Kontrol rutin, tidak ada keluhan')).toBeInTheDocument();
    expect(within(visit).getByText('I10')).toBeInTheDocument();
    expect(within(visit).getByText('Utama')).toBeInTheDocument();
    expect(within(visit).getByText('93.94')).toBeInTheDocument();
    expect(within(visit).getByText('Amlodipin 5 mg')).toBeInTheDocument();
    expect(within(visit).getByText('Ambroxol 15 mg, CTM 1 mg')).toBeInTheDocument();
    expect(within(visit).getByText('L-005')).toBeInTheDocument();
    expect(within(visit).getByText('Hasil: Kolesterol 210 mg/dL')).toBeInTheDocument();
    expect(within(visit).getByRole('link', { name: 'SKT/10/2026/00001' })).toHaveAttribute(
      'href',
      `${API}/consultations/letters/l1/pdf`,
    );
    const print = within(visit).getByRole('link', { name: /Cetak kunjungan/ });
    expect(print).toHaveAttribute('href', `${API}/consultations/encounters/e1/pdf`);
    expect(print).toHaveAttribute('target', '_blank');
    expect(screen.getByText('1 dari 2 kunjungan')).toBeInTheDocument();
    // Super Admin's access trail is not a doctor's
    expect(screen.queryByRole('tab', { name: 'Jejak akses' })).toBeNull();
  });

  const urls = (fetchMock: ReturnType<typeof api>) =>
    fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x'));
  // the SATUSEHAT badges of a page of visits are one call of their own; the record is one call
  const calls = (fetchMock: ReturnType<typeof api>) =>
    urls(fetchMock).filter((u) => !u.pathname.includes('/satu-sehat/'));
  const satusehatCalls = (fetchMock: ReturnType<typeof api>) =>
    urls(fetchMock).filter((u) => u.pathname.includes('/satu-sehat/'));

  it('asks SATUSEHAT’s state of a page of signed visits in one call, not one per card', async () => {
    const visit = (uid: string, registration: string, queueDate: string, status: 'signed' | 'draft') =>
      encounter({
        uid,
        status,
        signedAt: status === 'signed' ? `${queueDate}T02:20:00.000Z` : null,
        registration: { ...encounter().registration, uid: registration, queueDate },
      });
    const firstPage = [
      visit('e1', 'r1', '2026-11-23', 'signed'),
      visit('e2', 'r2', '2026-11-20', 'signed'),
      visit('e3', 'r3', '2026-11-18', 'draft'),
      visit('e4', 'r4', '2026-11-16', 'signed'),
    ];
    const fetchMock = api({
      [`${API}/consultations/patients/p1/record`]: (_init, url) =>
        url.searchParams.get('after') === CURSOR
          ? ok({ patient: null, visits: [older], next: null })
          : ok({ patient: recordPatient({ visits: 5 }), visits: firstPage, next: CURSOR }),
    });
    page();
    const refused = await screen.findByRole('article', { name: 'Kunjungan 23 Nov 2026' });
    expect(await within(refused).findByText('SATUSEHAT: Ditolak')).toBeInTheDocument();
    // one call for the page's signed visits (a draft has nothing to send)
    expect(satusehatCalls(fetchMock).map((u) => [u.pathname, u.searchParams.get('registrationIds')])).toEqual(
      [[`${API}/satu-sehat/visits`, 'r1,r2,r4']],
    );
    // nothing to send yet, or a visit the server left out: no badge
    for (const name of ['Kunjungan 20 Nov 2026', 'Kunjungan 18 Nov 2026', 'Kunjungan 16 Nov 2026'])
      expect(within(screen.getByRole('article', { name })).queryByTestId('satusehat-visit-badge')).toBeNull();

    // the next page asks for its own visits only, once
    fireEvent.click(screen.getByRole('button', { name: 'Muat kunjungan lainnya' }));
    const old = await screen.findByRole('article', { name: 'Kunjungan 9 Sep 2026' });
    expect(await within(old).findByText('SATUSEHAT: Diterima')).toBeInTheDocument();
    expect(within(refused).getByText('SATUSEHAT: Ditolak')).toBeInTheDocument();
    expect(satusehatCalls(fetchMock).map((u) => u.searchParams.get('registrationIds'))).toEqual([
      'r1,r2,r4',
      'r0',
    ]);
  });

  it('asks nothing of SATUSEHAT for a user without its status permission', async () => {
    signIn('Nurse');
    const fetchMock = api();
    page();
    await screen.findByRole('article', { name: 'Kunjungan 23 Nov 2026' });
    await waitFor(() => expect(calls(fetchMock).length).toBeGreaterThan(0));
    expect(satusehatCalls(fetchMock)).toEqual([]);
    expect(screen.queryByTestId('satusehat-visit-badge')).toBeNull();
  });

  it('paints the banner and the newest visits from one answer, then older ones on "Muat kunjungan lainnya"', async () => {
    const fetchMock = api();
    page();
    await screen.findByRole('article', { name: 'Kunjungan 23 Nov 2026' });
    expect(screen.getAllByTestId('record-visit')).toHaveLength(1);
    // one round trip: no separate banner or visits call
    expect(calls(fetchMock).map((u) => u.pathname)).toEqual([`${API}/consultations/patients/p1/record`]);
    fireEvent.click(screen.getByRole('button', { name: 'Muat kunjungan lainnya' }));
    const old = await screen.findByRole('article', { name: 'Kunjungan 9 Sep 2026' });
    expect(within(old).getByText('Hasil swab negatif.')).toBeInTheDocument();
    expect(screen.getAllByTestId('record-visit')).toHaveLength(2);
    expect(screen.getByText('2 dari 2 kunjungan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Muat kunjungan lainnya' })).toBeNull();
    const pages = calls(fetchMock)
      .filter((u) => u.pathname.endsWith('/record'))
      .map((u) => [u.searchParams.get('after'), u.searchParams.get('limit')]);
    // a first page that fills the screen (drawn sooner), then larger pages
    expect(pages).toEqual([
      [null, '5'],
      [CURSOR, '20'],
    ]);
  });

  describe('as the doctor scrolls', () => {
    /** jsdom lays nothing out: the observers are told by the test when the end comes into view. */
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    beforeEach(() => {
      observers.length = 0;
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          targets: Element[] = [];
          constructor(public callback: IntersectionObserverCallback) {
            observers.push(this);
          }
          observe(target: Element) {
            this.targets.push(target);
          }
          disconnect() {
            this.targets = [];
          }
        },
      );
    });
    afterEach(() => vi.unstubAllGlobals());
    const scrollToEnd = () =>
      act(() => {
        for (const o of observers.filter((x) => x.targets.length))
          o.callback(
            o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            o as unknown as IntersectionObserver,
          );
      });

    it('loads the next page when the end of the list comes near, showing that it loads', async () => {
      const fetchMock = api();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const answer = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) => {
        if (String(input).includes('after=')) await held;
        return answer(input, init);
      });
      page();
      await screen.findByRole('article', { name: 'Kunjungan 23 Nov 2026' });
      expect(screen.queryByRole('article', { name: 'Kunjungan 9 Sep 2026' })).toBeNull();
      scrollToEnd();
      expect(await screen.findByText('Memuat kunjungan…')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Muat kunjungan lainnya' })).toBeNull();
      release();
      expect(await screen.findByRole('article', { name: 'Kunjungan 9 Sep 2026' })).toBeInTheDocument();
      expect(screen.queryByText('Memuat kunjungan…')).toBeNull();
      // the end again: nothing more to load
      scrollToEnd();
      expect(calls(fetchMock).filter((u) => u.pathname.endsWith('/record'))).toHaveLength(2);
    });
  });

  it('lets a doctor add an addendum to a signed visit, refusing an empty one', async () => {
    const fetchMock = api();
    page();
    const visit = await screen.findByRole('article', { name: 'Kunjungan 23 Nov 2026' });
    fireEvent.click(within(visit).getByRole('button', { name: 'Tambah addendum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah addendum' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan addendum' }));
    expect(await within(dialog).findByText('Isi catatan tambahan')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Isi addendum/ }), {
      target: { value: 'Hasil lab: kolesterol 210' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan addendum' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tambah addendum' })).toBeNull());
    const posted = fetchMock.mock.calls.filter(
      ([u, init]) => String(u).endsWith('/addenda') && init?.method === 'POST',
    );
    expect(posted.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { text: 'Hasil lab: kolesterol 210' },
    ]);
  });

  it('draws the vitals over the visits and lists every reading, and lists the diagnoses and letters', async () => {
    api();
    page();
    await screen.findByRole('article', { name: 'Kunjungan 23 Nov 2026' });
    fireEvent.click(screen.getByRole('tab', { name: 'Tren tanda vital' }));
    const chart = await screen.findByRole('img', { name: /^Suhu: 9 Sep 2026 38.4, 23 Nov 2026 36.6/ });
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Tabel tanda vital per kunjungan' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]).getByText('38,4')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Diagnosis' }));
    const diagnoses = await screen.findByRole('table', { name: 'Riwayat diagnosis' });
    expect(within(diagnoses).getByText('J06.9')).toBeInTheDocument();
    expect(within(diagnoses).getByText('I10')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Surat' }));
    const letters = await screen.findByRole('table', { name: 'Surat pasien' });
    expect(
      await within(letters).findByText('Istirahat 3 hari, 23 Nov 2026 – 25 Nov 2026'),
    ).toBeInTheDocument();
    expect(within(letters).getByText('Melamar pekerjaan · Sehat')).toBeInTheDocument();
    expect(within(letters).getByRole('link', { name: 'Cetak surat SKS/10/2026/00001' })).toHaveAttribute(
      'href',
      `${API}/consultations/letters/l2/pdf`,
    );
  });

  it('shows Super Admin who read the record', async () => {
    signIn('Super Admin');
    const fetchMock = api();
    page();
    fireEvent.click(await screen.findByRole('tab', { name: 'Jejak akses' }));
    const table = await screen.findByRole('table', { name: 'Log audit' });
    expect(await within(table).findByText('Mencetak surat')).toBeInTheDocument();
    expect(within(table).getByText('Membuka rekam medis')).toBeInTheDocument();
    expect(within(table).getAllByText('10.0.0.7')).toHaveLength(2);
    const audit = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === `${API}/audit/logs`)!;
    expect(audit.searchParams.get('patientId')).toBe('p1');
    // a Super Admin is no doctor: no addendum
    expect(screen.queryByRole('button', { name: 'Tambah addendum' })).toBeNull();
  });

  it('says so when the record is not there', async () => {
    api({
      [`${API}/consultations/patients/p1/record`]: () => ({
        status: 404,
        body: { status: false, message: 'Pasien tidak ditemukan' },
      }),
    });
    page();
    expect(
      await screen.findByText(
        'Rekam medis tidak ditemukan atau pasien belum pernah diperiksa di klinik Anda.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
