import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { CompanyListRoute } from './company-list-page.tsx';

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
      role: { _id: 'r', role: 'Cashier', menu: { access: routes.map(access) } },
    }),
  );
const company = {
  uid: 'c1',
  name: 'PT Maju Bersama Logistik',
  code: 'MBL',
  legalName: null,
  npwp: null,
  city: 'Jakarta Utara',
  phone: null,
  picName: null,
  paymentTermDays: 30,
  creditLimit: null,
  cutoffDay: 25,
  active: true,
  employeeCount: 19,
};

describe('/Registration/daftarPerusahaan', { timeout: 30_000 }, () => {
  it('shows the read-only company list to a user who reads the companies only', async () => {
    // the cashier's payment screen grants company.read, not the MCU events
    signInWith('/Payment/payment');
    mockApi({ [`${API}/partner-companies`]: () => page([company]) });
    renderWithApp(<CompanyListRoute />);
    expect(await screen.findByRole('heading', { name: 'Daftar Perusahaan' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: company.name })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Kegiatan MCU' })).toBeNull();
  });

  it('switches between the MCU events and the company list for a user who may see both', async () => {
    signInWith('/Registration/daftarPerusahaan');
    mockApi({
      [`${API}/mcu/events`]: () => page([]),
      [`${API}/partner-companies`]: () => page([company]),
    });
    renderWithApp(<CompanyListRoute />);
    expect(await screen.findByRole('heading', { name: 'MCU Perusahaan' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Daftar Perusahaan' }));
    expect(await screen.findByRole('button', { name: company.name })).toBeInTheDocument();
    expect(screen.getByText('Tempo 30 hari · tutup buku tgl 25')).toBeInTheDocument();
  });
});
