import { addDays } from '@klinikita/domain/common/clinic-day';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { holdAnswers } from '../../../test/held-answers.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import {
  API,
  ok,
  paged,
  patient,
  signInDoctor,
  today,
  visit,
  writtenLetter,
} from '../test/letters-fixtures.ts';
import { LettersPage } from './letters-page.tsx';

const older = visit({
  uid: 'e0',
  registration: { ...visit().registration, uid: 'r0', queueDate: '2026-09-09' },
  diagnoses: [{ code: 'I10', title: 'Hipertensi', primary: true }],
});

function api(letters: unknown[] = []) {
  return mockApi({
    [`${API}/consultations/patients`]: (_init, url) =>
      url.searchParams.get('search')
        ? paged([patient({ uid: 'p5', name: 'Budi Santoso', lastVisit: '2026-01-02T03:00:00.000Z' })])
        : paged([
            patient(),
            patient({ uid: 'p2', name: 'Sri Wahyuni', title: 'Ny', lastVisit: '2026-01-02T03:00:00.000Z' }),
          ]),
    [`${API}/consultations/patients/p1/encounters`]: () => paged([visit(), older]),
    [`${API}/consultations/patients/p5/encounters`]: () => paged([]),
    [`${API}/consultations/encounters/e1`]: () => ok(visit()),
    [`${API}/consultations/encounters/e0`]: () => ok(older),
    [`${API}/consultations/letters`]: (init) =>
      init?.method === 'POST' ? ok(writtenLetter(), 'Surat SKT/10/2026/00003 dibuat') : paged(letters),
  });
}

const posted = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === `${API}/consultations/letters` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('LettersPage', { timeout: 20_000 }, () => {
  beforeEach(() => signInDoctor());

  it("lists today's own patients; picking one opens the latest visit with its findings", async () => {
    api();
    renderWithApp(<LettersPage />, { route: '/Doctor/itemSuratSehat' });
    const list = await screen.findByRole('list', { name: 'Pasien' });
    const budi = await within(list).findByRole('button', { name: 'Tn. Budi Hartono' });
    // seen on another day: not one of today's
    expect(within(list).queryByRole('button', { name: 'Ny. Sri Wahyuni' })).toBeNull();
    fireEvent.click(budi);
    expect(
      await screen.findByText(
        'Tekanan darah 128/82 mmHg · Nadi 78 x/mnt · Suhu 38,4 °C · Berat badan 79 kg · Tinggi badan 170 cm · IMT 27,3',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('J06.9 Infeksi saluran pernapasan atas akut (utama)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Kunjungan /, pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(window.location.search).size).toBe(0));
  });

  it('refuses a health certificate without purpose and verdict, then writes it and offers the PDF', async () => {
    const fetchMock = api();
    renderWithApp(<LettersPage />, { route: '/Doctor/itemSuratSehat?patient=p1&encounter=e1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan surat' }));
    expect(await screen.findByText('Isi keperluan surat')).toBeInTheDocument();
    expect(screen.getByText('Pilih hasil pemeriksaan: sehat atau tidak sehat')).toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(0);

    fireEvent.change(screen.getByRole('combobox', { name: /Keperluan/ }), {
      target: { value: 'Melamar pekerjaan' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Sehat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan surat' }));
    await screen.findByText('Surat SKT/10/2026/00003 dibuat');
    expect(posted(fetchMock)).toEqual([
      { kind: 'health', encounterId: 'e1', purpose: 'Melamar pekerjaan', healthy: true, notes: null },
    ]);
    const pdf = screen.getByRole('link', { name: /Cetak PDF/ });
    expect(pdf).toHaveAttribute('href', `${API}/consultations/letters/l9/pdf`);
    expect(pdf).toHaveAttribute('target', '_blank');
  });

  it('writes a sick-leave letter showing the last day of rest, and puts the server refusal next to the field', async () => {
    const fetchMock = api();
    renderWithApp(<LettersPage />, { route: '/Doctor/itemSuratSehat?patient=p1&encounter=e1' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Surat Keterangan Sakit' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Lama istirahat/ }), { target: { value: '3' } });
    const until = addDays(today, 2);
    const weekday = new Intl.DateTimeFormat('id-ID', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${until}T00:00:00Z`));
    expect(await screen.findByText(`Istirahat sampai dengan ${weekday}`)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Lama istirahat/ }), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan surat' }));
    expect(await screen.findByText('Lama istirahat 1–14 hari')).toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Lama istirahat/ }), { target: { value: '2' } });
    // the server has the last word: its field errors land on the form
    mockApi({
      [`${API}/consultations/encounters/e1`]: () => ok(visit()),
      [`${API}/consultations/patients/p1/encounters`]: () => paged([visit()]),
      [`${API}/consultations/patients`]: () => paged([patient()]),
      [`${API}/consultations/letters`]: (init) =>
        init?.method === 'POST'
          ? {
              status: 400,
              body: {
                status: false,
                message: 'Data tidak valid',
                errors: [{ path: 'restFrom', message: 'Tanggal mulai istirahat tidak valid' }],
              },
            }
          : paged([]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan surat' }));
    expect(await screen.findByText('Tanggal mulai istirahat tidak valid')).toBeInTheDocument();
  });

  it("lists the patient's letters with print links, this visit's marked, and finds other patients by search", async () => {
    const fetchMock = api([
      writtenLetter(),
      writtenLetter({
        uid: 'l1',
        kind: 'health',
        number: 'SKS/10/2026/00001',
        encounterId: 'e0',
        visitDate: '2026-09-09',
        purpose: 'Melamar pekerjaan',
        healthy: true,
        restFrom: null,
        restUntil: null,
        restDays: null,
      }),
    ]);
    renderWithApp(<LettersPage />, { route: '/Doctor/itemSuratSehat?patient=p1&encounter=e1' });
    const table = await screen.findByRole('table', { name: 'Surat pasien ini' });
    const sick = (await within(table).findByText('SKT/10/2026/00003')).closest('tr')!;
    const health = within(table).getByText('SKS/10/2026/00001').closest('tr')!;
    // this visit's letters stand out from the patient's others
    expect(sick.getAttribute('style')).toContain('teal-0');
    expect(health.getAttribute('style') ?? '').not.toContain('teal-0');
    expect(within(health).getByText('Melamar pekerjaan · Sehat')).toBeInTheDocument();
    expect(within(health).getByRole('link', { name: 'Cetak surat SKS/10/2026/00001' })).toHaveAttribute(
      'href',
      `${API}/consultations/letters/l1/pdf`,
    );
    const letterCall = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === `${API}/consultations/letters`)!;
    expect(letterCall.searchParams.get('patientId')).toBe('p1');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari pasien' }), {
      target: { value: 'santoso' },
    });
    expect(await screen.findByRole('button', { name: 'Tn. Budi Santoso' })).toBeInTheDocument();
    expect(screen.getByText('Hasil pencarian')).toBeInTheDocument();
  });

  it('Enter in the patient search picks from the answer to what is typed, never from the list before it', async () => {
    const network = holdAnswers(api(), (u) => u.searchParams.get('search') === 'santoso');
    renderWithApp(<LettersPage />, { route: '/Doctor/itemSuratSehat' });
    const list = await screen.findByRole('list', { name: 'Pasien' });
    const hartono = await within(list).findByRole('button', { name: 'Tn. Budi Hartono' });
    expect(hartono).toHaveAttribute('data-highlighted');
    const box = screen.getByRole('searchbox', { name: 'Cari pasien' });
    fireEvent.change(box, { target: { value: 'santoso' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(network.asked).toHaveLength(1));
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(hartono).toHaveAttribute('aria-pressed', 'false');
    expect(
      screen.getByText('Pilih pasien hari ini atau cari pasien, lalu pilih kunjungannya.'),
    ).toBeInTheDocument();

    network.release();
    const santoso = await within(list).findByRole('button', { name: 'Tn. Budi Santoso' });
    await waitFor(() => expect(santoso).toHaveAttribute('aria-pressed', 'true'));
  });

  it('offers only the days a sick leave may start on and refuses another without asking the server', async () => {
    const fetchMock = api();
    renderWithApp(<LettersPage />, { route: '/Doctor/itemSuratSehat?patient=p1&encounter=e0' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Surat Keterangan Sakit' }));
    const restFrom = screen.getByLabelText(/Mulai istirahat/);
    // the visit of 9 September: rest starts that day or the next
    expect(restFrom).toHaveValue('2026-09-09');
    expect(restFrom).toHaveAttribute('min', '2026-09-09');
    expect(restFrom).toHaveAttribute('max', '2026-09-10');
    fireEvent.change(restFrom, { target: { value: '2001-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan surat' }));
    expect(
      await screen.findByText('Istirahat tidak dapat dimulai sebelum tanggal kunjungan'),
    ).toBeInTheDocument();
    fireEvent.change(restFrom, { target: { value: '2026-09-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan surat' }));
    expect(
      await screen.findByText('Istirahat dimulai pada tanggal kunjungan atau sehari sesudahnya'),
    ).toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(0);
    fireEvent.change(restFrom, { target: { value: '2026-09-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan surat' }));
    await screen.findByText('Surat SKT/10/2026/00003 dibuat');
    expect(posted(fetchMock)).toEqual([
      { kind: 'sick', encounterId: 'e0', restFrom: '2026-09-10', restDays: 1, notes: null },
    ]);
  });

  it('writes no letter from a draft note: it says the doctor signs first', async () => {
    mockApi({
      [`${API}/consultations/patients`]: () => paged([patient()]),
      [`${API}/consultations/patients/p1/encounters`]: () => paged([visit({ status: 'draft' })]),
      [`${API}/consultations/encounters/e1`]: () => ok(visit({ status: 'draft' })),
      [`${API}/consultations/letters`]: () => paged([]),
    });
    renderWithApp(<LettersPage />, { route: '/Doctor/itemSuratSehat?patient=p1&encounter=e1' });
    expect(
      await screen.findByText(
        'Catatan kunjungan masih draf. Surat dapat dibuat setelah dokter menandatangani catatan pemeriksaan.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simpan surat' })).toBeDisabled();
  });
});
