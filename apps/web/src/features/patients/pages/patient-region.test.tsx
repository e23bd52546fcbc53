import type { PatientView } from '@klinikita/domain/patients/patient.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, summary, type } from '../../../test/patient-test-kit.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { regionHandlers } from '../components/region-test-kit.ts';
import { PatientAddPage, PatientEditPage } from './patient-form-page.tsx';

const box = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

/** Opens a select and clicks one of its options. */
async function choose(name: string, option: string) {
  await waitFor(() => expect(box(name)).toBeEnabled());
  fireEvent.click(box(name));
  const list = await waitFor(() => document.getElementById(box(name).getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(box(name).value).toBe(option));
}

const storedPatient = (over: Partial<PatientView> = {}): PatientView => ({
  ...summary({ uid: 'p1' }),
  nationality: 'WNI',
  titleAuto: true,
  bloodGroup: null,
  rhesus: null,
  email: null,
  provinceCode: '31',
  cityCode: '31.71',
  districtCode: '31.71.01',
  villageCode: '31.71.01.1002',
  companyId: null,
  insuranceName: null,
  insuranceNumber: '0001234567890',
  emergencyName: null,
  emergencyPhone: null,
  emergencyRelation: null,
  allergies: null,
  ihsNumber: null,
  motherNik: null,
  ihsCheckedAt: null,
  ihsMissingReason: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  mayChange: true,
  ...over,
});

describe('Patient form: region', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ ClinicId: 1 })));

  it('sends the chosen province, city, district and village codes', async () => {
    const fetchMock = mockApi({
      ...regionHandlers(),
      [`${API}/patients`]: () =>
        ok(summary({ uid: 'p2' }), 'Pasien berhasil ditambahkan dengan No. RM RM-1-000002'),
    });
    renderWithApp(<PatientAddPage />, { route: '/MasterPasien/add' });
    type(/NIK/, '3171011505900001');
    type(/Nama lengkap/, 'Budi Hartono');
    fireEvent.click(screen.getByRole('radio', { name: 'Laki-laki' }));
    type(/Tanggal lahir/, '15051990');
    await choose('Provinsi', 'DKI Jakarta');
    await choose('Kabupaten/Kota', 'Kota Jakarta Pusat');
    await choose('Kecamatan', 'Gambir');
    await choose('Kelurahan/Desa', 'Kebon Kelapa');
    save();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/MasterPasien$/));
    expect(bodies(fetchMock.mock.calls, 'patients', 'POST')[0]).toMatchObject({
      provinceCode: '31',
      cityCode: '31.71',
      districtCode: '31.71.01',
      villageCode: '31.71.01.1002',
    });
  });

  it('shows the stored region by name; another city clears the district and village', async () => {
    const fetchMock = mockApi({
      ...regionHandlers(),
      [`${API}/patients/p1`]: (init) =>
        init?.method === 'PATCH' ? ok(storedPatient(), 'Data pasien berhasil disimpan') : ok(storedPatient()),
    });
    renderWithApp(<PatientEditPage />, { route: '/MasterPasien/edit?id=p1' });
    expect(await screen.findByTestId('stored-region')).toHaveTextContent(
      'Wilayah: Kebon Kelapa, Gambir, Kota Jakarta Pusat, DKI Jakarta',
    );
    await waitFor(() => expect(box('Kelurahan/Desa').value).toBe('Kebon Kelapa'));
    expect(box('Provinsi').value).toBe('DKI Jakarta');
    expect(box('Kabupaten/Kota').value).toBe('Kota Jakarta Pusat');
    expect(box('Kecamatan').value).toBe('Gambir');

    await choose('Kabupaten/Kota', 'Kota Jakarta Selatan');
    expect(box('Kecamatan').value).toBe('');
    expect(box('Kelurahan/Desa').value).toBe('');
    expect(box('Kelurahan/Desa')).toBeDisabled();
    save();
    await waitFor(() => expect(bodies(fetchMock.mock.calls, 'patients/p1', 'PATCH')).toHaveLength(1));
    expect(bodies(fetchMock.mock.calls, 'patients/p1', 'PATCH')[0]).toMatchObject({
      provinceCode: '31',
      cityCode: '31.74',
      districtCode: '',
      villageCode: '',
    });
  });

  it('puts the server’s region refusal beside its select, and a new choice clears it', async () => {
    mockApi({
      ...regionHandlers(),
      [`${API}/patients/p1`]: (init) =>
        init?.method === 'PATCH'
          ? {
              status: 400,
              body: {
                status: false,
                message: 'Data yang dikirim tidak valid',
                errors: [
                  { path: 'villageCode', message: 'Kelurahan/desa tidak berada di kecamatan yang dipilih' },
                ],
              },
            }
          : ok(storedPatient()),
    });
    renderWithApp(<PatientEditPage />, { route: '/MasterPasien/edit?id=p1' });
    await waitFor(() => expect(box('Kelurahan/Desa').value).toBe('Kebon Kelapa'));
    save();
    expect(
      await screen.findByText('Kelurahan/desa tidak berada di kecamatan yang dipilih'),
    ).toBeInTheDocument();
    expect(box('Kelurahan/Desa')).toHaveAttribute('aria-invalid', 'true');
    await choose('Kelurahan/Desa', 'Gambir');
    expect(
      screen.queryByText('Kelurahan/desa tidak berada di kecamatan yang dipilih'),
    ).not.toBeInTheDocument();
  });

  it('offers no form for a patient the caller may not change, and says why', async () => {
    const fetchMock = mockApi({
      ...regionHandlers(),
      [`${API}/patients/p1`]: () => ok(storedPatient({ mayChange: false })),
    });
    renderWithApp(<PatientEditPage />, { route: '/MasterPasien/edit?id=p1' });
    expect(
      await screen.findByText(
        'Data pasien ini hanya dapat diubah atau dihapus oleh staf klinik yang mendaftarkan atau pernah melayani pasien ini, atau oleh Admin korporat.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simpan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Kembali ke daftar' })).toHaveAttribute('href', '/MasterPasien');
    expect(bodies(fetchMock.mock.calls, 'patients/p1', 'PATCH')).toHaveLength(0);
  });
});
