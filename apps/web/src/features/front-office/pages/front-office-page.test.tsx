import type { Patient, PatientSummary } from '@klinikita/domain/patients/patient.schema';
import type { AvailableDoctor, Registration } from '@klinikita/domain/registrations/registration.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, summary, urls } from '../../../test/patient-test-kit.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { FrontOfficePage } from './front-office-page.tsx';

class EventSourceStub {
  addEventListener() {}
  close() {}
}

const details = (overrides: Partial<Patient> = {}): Patient => ({
  ...summary(),
  nationality: 'WNI',
  titleAuto: true,
  bloodGroup: null,
  rhesus: null,
  email: null,
  provinceCode: null,
  cityCode: null,
  districtCode: null,
  villageCode: null,
  companyId: null,
  insuranceName: null,
  insuranceNumber: '0001234567890',
  emergencyName: null,
  emergencyPhone: null,
  emergencyRelation: null,
  allergies: 'Amoksisilin',
  ihsNumber: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const doctor = (overrides: Partial<AvailableDoctor> = {}): AvailableDoctor => ({
  doctorId: 7,
  name: 'dr. Andi Wijaya',
  title: null,
  specialist: 'Dokter Umum',
  room: 'Poli Umum',
  slots: ['08:00 - 12:00'],
  limit: 20,
  booked: 3,
  full: false,
  ...overrides,
});

const registration = (overrides: Partial<Registration> = {}): Registration => ({
  _id: 'r1',
  clinicId: 1,
  queueNumber: 'A-012',
  status: 'Waiting',
  orderType: 'doctor',
  serviceType: null,
  patient: {
    uid: 'p1',
    mrn: 'RM-1-000001',
    firstName: 'Budi',
    name: 'Budi Hartono',
    title: 'Tn',
    sex: 'M',
    dob: '15/05/1990',
    age: { years: 36, months: 6 },
    nik: '3171011505900001',
    phone: '081234567890',
    allergies: 'Amoksisilin',
  },
  doctor: { doctorId: 7, name: 'dr. Andi Wijaya' },
  payerType: 'bpjs',
  company: null,
  insuranceName: null,
  insuranceNumber: '0001234567890',
  referrer: null,
  complaint: null,
  room: 'Poli Umum',
  queueIDMobile: null,
  flaggingSamplingDone: false,
  dataLabPreAss: { isDone: false, radDone: false },
  queueDate: '2026-03-05',
  arrivedAt: '2026-03-05T01:30:00.000Z',
  calledAt: null,
  updatedAt: '2026-03-05T01:30:00.000Z',
  ...overrides,
});

const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });

interface Setup {
  doctors?: AvailableDoctor[];
  today?: Registration[];
  found?: PatientSummary[];
  create?: (body: Record<string, unknown>) => { status?: number; body: unknown };
  createPatient?: (body: Record<string, unknown>) => { status?: number; body: unknown };
}

function setup({
  doctors = [doctor(), doctor({ doctorId: 8, name: 'dr. Maya Sari', specialist: 'Sp.A', room: 'Poli Anak' })],
  today = [],
  found = [summary()],
  create = () => ok(registration(), 'Pendaftaran berhasil. Nomor antrean A-012'),
  createPatient,
}: Setup = {}) {
  return mockApi({
    [`${API}/patients`]: (init, url) => {
      if (init?.method === 'POST') return createPatient!(JSON.parse(String(init.body)));
      return page(url.searchParams.get('search') ? found : []);
    },
    [`${API}/patients/p1`]: () => ok(details()),
    [`${API}/patients/p9`]: () => ok(details({ uid: 'p9', mrn: 'RM-1-000123', allergies: null })),
    [`${API}/patients/p20`]: () =>
      ok(details({ uid: 'p20', mrn: 'RM-1-000020', name: 'Dewi Lestari', title: 'Ny', allergies: null })),
    [`${API}/registrations/doctors/available`]: () => ok(doctors),
    [`${API}/registrations/companies`]: () => ok([{ id: 3, name: 'PT Maju Jaya', code: 'MJ' }]),
    [`${API}/registrations/registrations`]: (init) =>
      init?.method === 'POST' ? create(JSON.parse(String(init.body))) : page(today),
  });
}

const search = () => screen.getByRole('combobox', { name: 'Cari pasien' }) as HTMLInputElement;
const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function pickBudi() {
  fireEvent.change(search(), { target: { value: 'budi' } });
  await screen.findByRole('option', { name: /Tn\. Budi Hartono/ });
  fireEvent.keyDown(search(), { key: 'Enter' });
  await screen.findByTestId('picked-patient');
}

describe('FrontOfficePage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', EventSourceStub);
    sessionStore.signIn(makeUser({ role: { _id: 'r', role: 'Registration', menu: { access: [] } } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('finds a patient from the search box, registers the doctor visit and shows the ticket', async () => {
    const fetchMock = setup({
      today: [
        registration({
          _id: 'r0',
          queueNumber: 'L-004',
          orderType: 'service',
          serviceType: 'LAB',
          doctor: null,
        }),
      ],
    });
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    await waitFor(() => expect(search()).toHaveFocus());
    // today's list of the clinic, latest first
    const today = await screen.findByRole('list', { name: 'Daftar pendaftaran hari ini' });
    expect(within(today).getByText('L-004')).toBeInTheDocument();
    expect(within(today).getByText('Menunggu')).toBeInTheDocument();
    const listQuery = urls(fetchMock.mock.calls, 'registrations/registrations').at(-1)!.searchParams;
    expect(Object.fromEntries(listQuery)).toEqual({ clinicId: '1', order: 'arrivedAt_-1', limit: '20' });

    fireEvent.change(search(), { target: { value: 'budi' } });
    const option = await screen.findByRole('option', { name: /Tn\. Budi Hartono/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(urls(fetchMock.mock.calls, 'patients').at(-1)!.searchParams.get('search')).toBe('budi');
    // ↓ goes to "new patient", ↑ back to Budi
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /sebagai pasien baru/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.keyDown(search(), { key: 'ArrowUp' });
    fireEvent.keyDown(search(), { key: 'Enter' });

    const card = await screen.findByRole('region', { name: 'Pasien' });
    expect(within(card).getByText('Tn. Budi Hartono')).toBeInTheDocument();
    expect(within(card).getByText('RM-1-000001')).toBeInTheDocument();
    expect(within(card).getByText(/NIK 3171011505900001/)).toHaveTextContent('36 th 6 bl');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Amoksisilin');
    // the payer on record comes along
    expect(screen.getByRole('radio', { name: 'BPJS' })).toBeChecked();
    await waitFor(() => expect(textbox('No. kartu BPJS').value).toBe('0001234567890'));

    const andi = await screen.findByRole('radio', { name: 'dr. Andi Wijaya' });
    expect(andi).toHaveTextContent('3/20 pasien');
    expect(andi).toHaveTextContent('08:00 - 12:00');
    fireEvent.click(andi);
    expect(andi).toHaveAttribute('aria-checked', 'true');
    fireEvent.change(textbox('Perujuk'), { target: { value: 'dr. Sari (Puskesmas Menteng)' } });
    fireEvent.keyDown(textbox('Perujuk'), { key: 'Enter', ctrlKey: true });

    const ticket = await screen.findByRole('dialog', { name: 'Tiket antrean' });
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toEqual([
      {
        clinicId: 1,
        patientId: 'p1',
        orderType: 'doctor',
        serviceType: null,
        doctorId: 7,
        payerType: 'bpjs',
        companyId: null,
        insuranceNumber: '0001234567890',
        referrer: 'dr. Sari (Puskesmas Menteng)',
      },
    ]);
    expect(within(ticket).getByTestId('ticket-number')).toHaveTextContent('A-012');
    expect(within(ticket).getByText('Tn. Budi Hartono')).toBeInTheDocument();
    expect(within(ticket).getByText('Konsultasi dokter · dr. Andi Wijaya')).toBeInTheDocument();
    expect(within(ticket).getByText(/Poli Umum/)).toBeInTheDocument();
    // 01:30 UTC is 08:30 in Jakarta
    expect(within(ticket).getByText(/Kamis, 5 Maret 2026, 08\.30/)).toBeInTheDocument();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(within(ticket).getByRole('button', { name: 'Cetak tiket' }));
    expect(print).toHaveBeenCalled();

    // the form is ready for the next patient
    expect(screen.queryByTestId('picked-patient')).toBeNull();
    expect(textbox('Perujuk').value).toBe('');
    fireEvent.click(within(ticket).getByRole('button', { name: 'Pasien berikutnya' }));
    await waitFor(() => expect(search()).toHaveFocus());
  });

  it('registers a service visit with its number key, without a doctor', async () => {
    const fetchMock = setup({
      create: () =>
        ok(
          registration({
            queueNumber: 'L-005',
            orderType: 'service',
            serviceType: 'LAB',
            doctor: null,
            room: 'Laboratorium',
          }),
        ),
    });
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    await pickBudi();
    // the focus moved on to the service; its number key chooses
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Konsultasi dokter' })).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: '2' });
    expect(screen.getByRole('radio', { name: 'Laboratorium' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Laboratorium' })).toHaveFocus();
    // typing text is not a shortcut
    fireEvent.keyDown(textbox('Perujuk'), { key: '3' });
    expect(screen.getByRole('radio', { name: 'Laboratorium' })).toBeChecked();
    fireEvent.keyDown(document.body, { key: 'F2' });
    expect(search()).toHaveFocus();
    const lab = screen.getByRole('radio', { name: 'Laboratorium' });
    lab.focus();
    fireEvent.keyDown(lab, { key: '/' });
    expect(search()).toHaveFocus();
    expect(screen.queryByRole('radiogroup', { name: 'Dokter praktik hari ini' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Umum' }));
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    const ticket = await screen.findByRole('dialog', { name: 'Tiket antrean' });
    expect(within(ticket).getByTestId('ticket-number')).toHaveTextContent('L-005');
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')[0]).toEqual({
      clinicId: 1,
      patientId: 'p1',
      orderType: 'service',
      serviceType: 'LAB',
      doctorId: null,
      payerType: 'self',
      companyId: null,
    });
  });

  it('asks for the patient and the doctor before sending anything', async () => {
    const fetchMock = setup();
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    await screen.findByRole('radio', { name: 'dr. Maya Sari' });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Pilih pasien terlebih dahulu')).toBeInTheDocument();
    expect(screen.getByText('Pilih dokter')).toBeInTheDocument();
    expect(search()).toHaveFocus();
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toHaveLength(0);
  });

  it('shows a full doctor as not selectable and chooses the only one with room left', async () => {
    setup({
      doctors: [
        doctor({ booked: 20, full: true }),
        doctor({ doctorId: 8, name: 'dr. Maya Sari', limit: 0, booked: 5 }),
      ],
    });
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    const andi = await screen.findByRole('radio', { name: 'dr. Andi Wijaya' });
    const maya = screen.getByRole('radio', { name: 'dr. Maya Sari' });
    expect(andi).toHaveAttribute('aria-disabled', 'true');
    expect(andi).toHaveTextContent('Kuota penuh');
    expect(andi).toHaveTextContent('20/20 pasien');
    expect(maya).toHaveTextContent('5 pasien · tanpa batas');
    await waitFor(() => expect(maya).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(andi);
    expect(andi).toHaveAttribute('aria-checked', 'false');
    expect(maya).toHaveAttribute('aria-checked', 'true');
  });

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
