import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { bodies, ok, summary, urls } from '../../../test/patient-test-kit.ts';
import { makeUser, renderWithApp } from '../../../test/render.tsx';
import { details, EventSourceStub, pickBudi, search, setup, textbox } from '../test/front-office-fixtures.ts';
import { FrontOfficePage } from './front-office-page.tsx';

describe('FrontOfficePage: refusals, new patients, the clinic', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', EventSourceStub);
    sessionStore.signIn(makeUser({ role: { _id: 'r', role: 'Registration', menu: { access: [] } } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server refusals beside the fields or above the button, and keeps the input', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        status: false,
        message: 'Data yang dikirim tidak valid',
        errors: [{ path: 'referrer', message: 'Terlalu panjang' }],
      },
    };
    const fetchMock = setup({ create: () => answer });
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    await pickBudi();
    fireEvent.click(await screen.findByRole('radio', { name: 'dr. Maya Sari' }));
    fireEvent.change(textbox('Perujuk'), { target: { value: 'RS Sehat' } });
    fireEvent.change(textbox('Keluhan'), { target: { value: 'Demam 3 hari' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Terlalu panjang')).toBeInTheDocument();
    expect(textbox('Perujuk')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Perujuk').value).toBe('RS Sehat');
    expect(textbox('Keluhan').value).toBe('Demam 3 hari');
    expect(screen.getByTestId('picked-patient')).toHaveTextContent('Tn. Budi Hartono');
    expect(screen.queryByRole('dialog')).toBeNull();

    answer = {
      status: 409,
      body: { status: false, message: 'Kuota dokter dr. Maya Sari hari ini sudah penuh (20 pasien)' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    const alert = await screen.findByRole('alert', { name: 'Pendaftaran ditolak' });
    expect(alert).toHaveTextContent('Kuota dokter dr. Maya Sari hari ini sudah penuh');
    expect(screen.getByRole('radio', { name: 'dr. Maya Sari' })).toHaveAttribute('aria-checked', 'true');
    // the quotas are fetched again after the refusal
    await waitFor(() =>
      expect(urls(fetchMock.mock.calls, 'registrations/doctors/available')).toHaveLength(2),
    );
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')[1]).toMatchObject({
      doctorId: 8,
      referrer: 'RS Sehat',
      complaint: 'Demam 3 hari',
    });
  });

  it('adds a new patient from the search text, and offers the patient already holding the NIK', async () => {
    const NIK = '3171014107850003';
    let answers: { status?: number; body: unknown }[] = [
      {
        status: 409,
        body: {
          status: false,
          message: `NIK ${NIK} sudah terdaftar atas nama Budi Hartono dengan No. RM RM-1-000123`,
          code: 'nikTaken',
          data: { candidates: [summary({ uid: 'p9', mrn: 'RM-1-000123' })] },
        },
      },
    ];
    const fetchMock = setup({ found: [], createPatient: () => answers.shift()! });
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    fireEvent.change(search(), { target: { value: 'Dewi Lestari' } });
    expect(await screen.findByText('Tidak ada pasien yang cocok dengan "Dewi Lestari".')).toBeInTheDocument();
    fireEvent.keyDown(search(), { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Pasien baru' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
    expect(field(/Nama lengkap/).value).toBe('Dewi Lestari');

    // the shared schema checks it first
    fireEvent.change(field(/NIK/), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan & pilih' }));
    expect(await within(dialog).findByText('NIK harus 16 digit angka')).toBeInTheDocument();
    expect(within(dialog).getByText('Pilih jenis kelamin')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'patients', 'POST')).toHaveLength(0);

    fireEvent.change(field(/NIK/), { target: { value: NIK } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Perempuan' }));
    fireEvent.change(field(/Tanggal lahir/), { target: { value: '01071985' } });
    expect(field(/Tanggal lahir/).value).toBe('01/07/1985');
    fireEvent.change(field(/Telepon/), { target: { value: '0812-1111-2222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan & pilih' }));
    expect(await within(dialog).findByText(/sudah terdaftar atas nama Budi Hartono/)).toBeInTheDocument();
    expect(field(/NIK/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Nama lengkap/).value).toBe('Dewi Lestari');
    expect(bodies(fetchMock.mock.calls, 'patients', 'POST')[0]).toMatchObject({
      clinicId: 1,
      nationality: 'WNI',
      nik: NIK,
      name: 'Dewi Lestari',
      sex: 'F',
      dob: '01/07/1985',
      phone: '081211112222',
      payerType: 'self',
      confirmDuplicate: false,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pilih pasien ini' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('picked-patient')).toHaveTextContent('Tn. Budi Hartono');
    expect(screen.getByText('RM-1-000123')).toBeInTheDocument();

    // a likely duplicate: saved anyway after the clerk checked, and chosen for the visit
    answers = [
      {
        status: 409,
        body: {
          status: false,
          message: 'Sudah ada pasien dengan nama dan tanggal lahir yang sama (1 data).',
          code: 'likelyDuplicate',
          data: {
            candidates: [summary({ uid: 'p7', mrn: 'RM-1-000007', name: 'Dewi Lestari', title: 'Ny' })],
          },
        },
      },
      ok(
        details({ uid: 'p20', mrn: 'RM-1-000020', name: 'Dewi Lestari', title: 'Ny', allergies: null }),
        'Pasien berhasil ditambahkan dengan No. RM RM-1-000020',
      ),
    ];
    fireEvent.keyDown(document.body, { key: 'F4' });
    const again = await screen.findByRole('dialog', { name: 'Pasien baru' });
    const field2 = (name: RegExp) => within(again).getByRole('textbox', { name }) as HTMLInputElement;
    expect(field2(/Nama lengkap/).value).toBe('');
    fireEvent.change(field2(/NIK/), { target: { value: NIK } });
    fireEvent.change(field2(/Nama lengkap/), { target: { value: 'Dewi Lestari' } });
    fireEvent.click(within(again).getByRole('radio', { name: 'Perempuan' }));
    fireEvent.change(field2(/Tanggal lahir/), { target: { value: '01/07/1985' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Simpan & pilih' }));
    expect(await within(again).findByText('RM-1-000007')).toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Tetap simpan sebagai pasien baru' }));
    await waitFor(() => expect(screen.getByTestId('picked-patient')).toHaveTextContent('Ny. Dewi Lestari'));
    expect(bodies(fetchMock.mock.calls, 'patients', 'POST').at(-1)).toMatchObject({
      nik: NIK,
      confirmDuplicate: true,
    });
    expect(
      await screen.findByText('Pasien berhasil ditambahkan dengan No. RM RM-1-000020'),
    ).toBeInTheDocument();
  });

  it('lets a user of several clinics choose the one they work at', async () => {
    const fetchMock = setup();
    sessionStore.signIn(
      makeUser({
        clinics: [
          { id: 1, uid: 'c1', name: 'Klinik Pratama Sehat', mcuSite: false, timeZone: 'Asia/Jakarta' },
          { id: 2, uid: 'c2', name: 'Klinik Sehat Makassar', mcuSite: false, timeZone: 'Asia/Makassar' },
        ],
      }),
    );
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    const box = screen.getByRole('combobox', { name: 'Klinik' });
    fireEvent.click(box);
    const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(within(list).getByRole('option', { name: 'Klinik Sehat Makassar', hidden: true }));
    await waitFor(() =>
      expect(
        urls(fetchMock.mock.calls, 'registrations/doctors/available').at(-1)!.searchParams.get('clinicId'),
      ).toBe('2'),
    );
    expect(
      urls(fetchMock.mock.calls, 'registrations/registrations').at(-1)!.searchParams.get('clinicId'),
    ).toBe('2');
    localStorage.clear();
  });
});
