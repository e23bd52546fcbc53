import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic, withModals } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { CompanyListPage, PartnerCompaniesPage } from './company-pages.tsx';

const page = (docs: unknown[]) => ok({ docs, page: 1, totalPages: 1, limit: 20, totalDocs: docs.length });
const access = (route: string) => ({
  parent: { enabled: true, status: true, menu: { _id: route, menu: { name: route, route } } },
  childs: [],
});
const signInWith = (...routes: string[]) =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 10,
      clinics: [plainClinic],
      role: { _id: 'r', role: 'Registration', menu: { access: routes.map(access) } },
    }),
  );
type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const sent = (calls: Calls, path: string, method: string) =>
  calls
    .filter(([u, init]) => String(u) === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

const summary = {
  uid: 'c1',
  name: 'PT Maju Bersama Logistik',
  code: 'MBL',
  legalName: 'PT Maju Bersama Logistik',
  npwp: '013456789012000',
  city: 'Jakarta Utara',
  phone: '021-44851234',
  picName: 'Ibu Ratna',
  paymentTermDays: 30,
  creditLimit: 150_000_000,
  cutoffDay: 25,
  active: true,
  employeeCount: 19,
};
const detail = {
  ...summary,
  address: 'Jl. Cakung Cilincing Raya No. 12',
  email: 'hrd@majubersama.example',
  billingCycle: 'monthly',
  ppnInvoiceRequired: true,
  ceilingPerVisit: 1_500_000,
  ceilingPerYear: 15_000_000,
  copayType: 'none',
  copayValue: 0,
  excludedGroups: ['mcu'],
  excludedServices: [],
};
const employee = {
  uid: 'e1',
  employeeNumber: 'MBL-0001',
  nik: '3171061203880001',
  name: 'Budi Santoso',
  birthDate: '1988-03-12',
  sex: 'M',
  department: 'Gudang',
  active: true,
  patient: { uid: 'p1', mrn: 'RM-10-000001' },
};

describe('partner company screens', { timeout: 30_000 }, () => {
  it('lists the companies, opens one and keeps the input with the server’s field message', async () => {
    signInWith('/Registration/perusahaanRekanan');
    const fetch = mockApi({
      [`${API}/partner-companies`]: () => page([summary]),
      [`${API}/partner-companies/c1`]: (init) =>
        init?.method === 'PUT'
          ? {
              status: 409,
              body: {
                status: false,
                message: 'Perusahaan PT Bank Nusantara sudah ada',
                errors: [{ path: 'name', message: 'partnerCompanies.nameTakenField' }],
              },
            }
          : ok(detail),
      [`${API}/partner-companies/c1/prices`]: () =>
        ok([
          {
            uid: 'pr1',
            serviceUid: 's1',
            serviceCode: 'KONS-UMUM',
            serviceName: 'Konsultasi Dokter Umum',
            price: 60_000,
            validFrom: '2026-01-01',
            validTo: null,
          },
        ]),
      [`${API}/partner-companies/c1/employees`]: () => page([employee]),
    });
    renderWithApp(<PartnerCompaniesPage />);
    expect(await screen.findByRole('button', { name: summary.name })).toBeInTheDocument();
    expect(screen.getByText('01.345.678.9-012.000')).toBeInTheDocument();
    expect(screen.getByText('Tempo 30 hari · tutup buku tgl 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah Perusahaan' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: summary.name }));
    expect(await screen.findByRole('tab', { name: 'Profil' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /Nama perusahaan/ });
    expect(name).toHaveValue(summary.name);
    fireEvent.change(name, { target: { value: 'PT Bank Nusantara' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nama perusahaan sudah dipakai')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nama perusahaan/ })).toHaveValue('PT Bank Nusantara');
    expect(sent(fetch.mock.calls, `${API}/partner-companies/c1`, 'PUT')[0]).toMatchObject({
      name: 'PT Bank Nusantara',
      npwp: '013456789012000',
      cutoffDay: 25,
      excludedGroups: ['mcu'],
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Syarat kredit & cakupan' }));
    const cutoff = await screen.findByRole('textbox', { name: 'Tanggal tutup buku' });
    fireEvent.change(cutoff, { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Tanggal tutup buku 1 sampai 28')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Harga kontrak' }));
    expect(await screen.findByText('KONS-UMUM · Konsultasi Dokter Umum')).toBeInTheDocument();
    expect(screen.getByText('Rp 60.000')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Karyawan' }));
    const table = await screen.findByRole('table', { name: 'Karyawan' });
    expect(await within(table).findByText('RM-10-000001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unduh template' })).toHaveAttribute(
      'href',
      `${API}/partner-companies/employees/template`,
    );
  });

  it('gives the company’s HR a portal account and deactivates one; a taken username stays in the form', async () => {
    signInWith('/Registration/perusahaanRekanan');
    const accounts = [{ uid: 'u1', username: 'hrd', name: 'Ratna Wulandari', active: true }];
    const fetch = mockApi({
      [`${API}/partner-companies`]: () => page([summary]),
      [`${API}/partner-companies/c1`]: () => ok(detail),
      [`${API}/partner-companies/c1/portal-users`]: (init) =>
        init?.method === 'POST'
          ? {
              status: 409,
              body: { status: false, message: 'Username sudah dipakai', errors: [] },
            }
          : ok(accounts),
      [`${API}/partner-companies/c1/portal-users/u1`]: () => ok({ ...accounts[0], active: false }),
    });
    renderWithApp(withModals(<PartnerCompaniesPage />));
    fireEvent.click(await screen.findByRole('button', { name: summary.name }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Akun portal' }));
    const table = await screen.findByRole('table', { name: 'Akun portal' });
    expect(await within(table).findByText('Ratna Wulandari')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Tambah Akun' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Password Tidak Boleh Kosong')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nama/ }), {
      target: { value: 'Dewi Lestari' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Username/ }), { target: { value: 'hrd' } });
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'rahasia-awal1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Username sudah dipakai')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Username/ })).toHaveValue('hrd');
    expect(sent(fetch.mock.calls, `${API}/partner-companies/c1/portal-users`, 'POST')[0]).toEqual({
      name: 'Dewi Lestari',
      username: 'hrd',
      password: 'rahasia-awal1',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));

    fireEvent.click(within(table).getByRole('button', { name: 'Nonaktifkan' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(sent(fetch.mock.calls, `${API}/partner-companies/c1/portal-users/u1`, 'PATCH')[0]).toEqual({
        active: false,
      }),
    );
  });

  it('lists the companies read only with their employees and terms', async () => {
    signInWith('/Registration/daftarPerusahaan');
    mockApi({ [`${API}/partner-companies`]: () => page([summary]) });
    renderWithApp(<CompanyListPage />);
    expect(await screen.findByRole('heading', { name: 'Daftar Perusahaan' })).toBeInTheDocument();
    expect(await screen.findByText('19')).toBeInTheDocument();
    expect(screen.getByText('Limit Rp 150.000.000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tambah Perusahaan' })).toBeNull();
  });
});
