import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, input, ok, summary, type } from '../../../test/patient-test-kit.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { PatientAddPage } from './patient-form-page.tsx';

const NIK = '3171011505900001';

/** DD/MM/YYYY of the day `years` years before today (minus one day, so the birthday has passed). */
function yearsAgo(years: number) {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

const title = () => (screen.getByRole('combobox', { name: /Sapaan/ }) as HTMLInputElement).value;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

function fillValid() {
  type(/NIK/, NIK);
  type(/Nama lengkap/, 'Budi Hartono');
  fireEvent.click(screen.getByRole('radio', { name: 'Laki-laki' }));
  type(/Tanggal lahir/, '15051990');
}

describe('Patient form', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ ClinicId: 1 })));

  it('shows the shared schema messages beside the fields and keeps the input', async () => {
    const fetchMock = mockApi({});
    renderWithApp(<PatientAddPage />, { route: '/MasterPasien/add' });
    type(/NIK/, '12ab34');
    expect(input(/NIK/).value).toBe('1234');
    type(/Tanggal lahir/, '31022000');
    expect(input(/Tanggal lahir/).value).toBe('31/02/2000');
    save();
    expect(await screen.findByText('NIK harus 16 digit angka')).toBeInTheDocument();
    expect(screen.getByText('Nama pasien wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Pilih jenis kelamin')).toBeInTheDocument();
    expect(screen.getByText('Format tanggal DD/MM/YYYY')).toBeInTheDocument();
    expect(input(/NIK/).value).toBe('1234');
    expect(input(/NIK/)).toHaveAttribute('aria-invalid', 'true');

    // the rules across fields: a foreigner without NIK needs a passport
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: 'WNA' }));
    save();
    expect(await screen.findByText('Nomor paspor wajib diisi untuk WNA tanpa NIK')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'patients', 'POST')).toHaveLength(0);
  });

  it('fills sex and birth date from a valid NIK, and lets the clerk change them', async () => {
    mockApi({});
    renderWithApp(<PatientAddPage />, { route: '/MasterPasien/add' });
    type(/NIK/, '317101410785');
    expect(input(/Tanggal lahir/).value).toBe('');
    type(/NIK/, '3171014107850003');
    expect(input(/Tanggal lahir/).value).toBe('01/07/1985');
    expect(screen.getByRole('radio', { name: 'Perempuan' })).toBeChecked();
    expect(title()).toBe('Ny');

    fireEvent.click(screen.getByRole('radio', { name: 'Laki-laki' }));
    type(/Tanggal lahir/, '02071985');
    expect(screen.getByRole('radio', { name: 'Laki-laki' })).toBeChecked();
    expect(input(/Tanggal lahir/).value).toBe('02/07/1985');
  });

  it('suggests the title from birth date and sex, and keeps an override', async () => {
    mockApi({});
    renderWithApp(<PatientAddPage />, { route: '/MasterPasien/add' });
    expect(title()).toBe('');
    type(/Tanggal lahir/, yearsAgo(30));
    expect(screen.getByTestId('age-now')).toHaveTextContent('Umur 30 th 0 bl');
    fireEvent.click(screen.getByRole('radio', { name: 'Perempuan' }));
    expect(title()).toBe('Ny');
    type(/Tanggal lahir/, yearsAgo(20));
    expect(title()).toBe('Nn');
    fireEvent.click(screen.getByRole('radio', { name: 'Laki-laki' }));
    expect(title()).toBe('Tn');
    type(/Tanggal lahir/, yearsAgo(1));
    expect(title()).toBe('By');
    type(/Tanggal lahir/, yearsAgo(8));
    expect(title()).toBe('An');

    const box = screen.getByRole('combobox', { name: /Sapaan/ });
    fireEvent.click(box);
    const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(within(list).getByRole('option', { name: 'Tn', hidden: true }));
    expect(title()).toBe('Tn');
    expect(screen.getByText(/Saran: An/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pakai saran' }));
    expect(title()).toBe('An');
  });

  it('shows likely duplicates and resends with confirmDuplicate on "Tetap simpan"', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      [`${API}/patients`]: () =>
        ++calls === 1
          ? {
              status: 409,
              body: {
                status: false,
                message: 'Sudah ada pasien dengan nama dan tanggal lahir yang sama (1 data).',
                code: 'likelyDuplicate',
                data: { candidates: [summary({ uid: 'p7', mrn: 'RM-1-000007', nik: null })] },
              },
            }
          : ok(summary({ uid: 'p8' }), 'Pasien berhasil ditambahkan dengan No. RM RM-1-000008'),
    });
    renderWithApp(<PatientAddPage />, { route: '/MasterPasien/add' });
    fillValid();
    save();
    const dialog = await screen.findByRole('dialog', { name: 'Kemungkinan pasien ganda' });
    expect(within(dialog).getByText('RM-1-000007')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'patients', 'POST')[0]).toMatchObject({
      clinicId: 1,
      nik: NIK,
      name: 'Budi Hartono',
      sex: 'M',
      dob: '15/05/1990',
      confirmDuplicate: false,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tetap simpan' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/MasterPasien$/));
    const sent = bodies(fetchMock.mock.calls, 'patients', 'POST');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ nik: NIK, confirmDuplicate: true });
    expect(
      await screen.findByText('Pasien berhasil ditambahkan dengan No. RM RM-1-000008'),
    ).toBeInTheDocument();
  });

  it('puts nikTaken on the NIK field with a link to the patient holding it', async () => {
    mockApi({
      [`${API}/patients`]: () => ({
        status: 409,
        body: {
          status: false,
          message: `NIK ${NIK} sudah terdaftar atas nama Budi dengan No. RM RM-1-000123`,
          code: 'nikTaken',
          data: { candidates: [summary({ uid: 'p9', mrn: 'RM-1-000123' })] },
        },
      }),
    });
    renderWithApp(<PatientAddPage />, { route: '/MasterPasien/add' });
    fillValid();
    save();
    expect(await screen.findByText(/sudah terdaftar atas nama Budi/)).toBeInTheDocument();
    expect(input(/NIK/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/Nama lengkap/).value).toBe('Budi Hartono');
    expect(screen.getByRole('link', { name: 'Buka data pasien RM-1-000123' })).toHaveAttribute(
      'href',
      '/MasterPasien/edit?id=p9',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/MasterPasien$/);
  });

  it('asks a newborn without a NIK for the mother’s NIK and sends it', async () => {
    const fetchMock = mockApi({
      [`${API}/patients`]: () =>
        ok(summary({ uid: 'p8' }), 'Pasien berhasil ditambahkan dengan No. RM RM-1-000008'),
    });
    renderWithApp(<PatientAddPage />, { route: '/MasterPasien/add' });
    expect(screen.queryByRole('textbox', { name: /NIK ibu/ })).toBeNull();
    type(/Nama lengkap/, 'By. Ny. Sari');
    fireEvent.click(screen.getByRole('radio', { name: 'Perempuan' }));
    type(/Tanggal lahir/, yearsAgo(0));
    type(/NIK ibu/, '3171065505');
    save();
    expect(await screen.findByText('NIK harus 16 digit angka')).toBeInTheDocument();
    type(/NIK ibu/, '3171065505900503');
    save();
    await waitFor(() => expect(bodies(fetchMock.mock.calls, 'patients', 'POST')).toHaveLength(1));
    expect(bodies(fetchMock.mock.calls, 'patients', 'POST')[0]).toMatchObject({
      nik: '',
      motherNik: '3171065505900503',
    });
  });
});
