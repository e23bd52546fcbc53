import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { InsurancePage } from './insurer-pages.tsx';

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
      role: { _id: 'r', role: 'Admin', menu: { access: routes.map(access) } },
    }),
  );
type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const sent = (calls: Calls, path: string, method: string) =>
  calls
    .filter(([u, init]) => String(u) === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

const admedika = {
  uid: 'i1',
  name: 'AdMedika (TPA)',
  code: 'ADM',
  kind: 'tpa',
  contactName: 'Provider Relations',
  phone: '021-29380900',
  email: 'provider@admedika.example',
  address: 'Plaza Kuningan',
  paymentTermDays: 30,
  ceilingPerVisit: 750_000,
  ceilingPerYear: 10_000_000,
  copayType: 'fixed',
  copayValue: 25_000,
  excludedGroups: ['mcu'],
  active: true,
};

describe('the insurance screen', { timeout: 30_000 }, () => {
  it('lists the insurers with their coverage and keeps the input with the server’s field message', async () => {
    signInWith('/MedicalServices/Insurance');
    const fetch = mockApi({
      [`${API}/insurers`]: (init) =>
        init?.method === 'POST'
          ? {
              status: 409,
              body: {
                status: false,
                message: 'Penjamin AdMedika (TPA) sudah ada',
                errors: [{ path: 'name', message: 'insurers.nameTakenField' }],
              },
            }
          : page([admedika]),
    });
    renderWithApp(<InsurancePage />);
    expect(await screen.findByRole('heading', { name: 'Asuransi' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'AdMedika (TPA)' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Asuransi' });
    expect(within(table).getByText('TPA')).toBeInTheDocument();
    expect(within(table).getByText(/Plafon per kunjungan \(Rp\): Rp 750\.000/)).toBeInTheDocument();
    expect(within(table).getByText(/Iur biaya: Rp 25\.000/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Tambah penjamin' }));
    const name = await screen.findByRole('textbox', { name: /Nama/ });
    // the schema's message first, without a call
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nama penjamin wajib diisi')).toBeInTheDocument();
    expect(sent(fetch.mock.calls, `${API}/insurers`, 'POST')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'AdMedika (TPA)' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Plafon per kunjungan (Rp)' }), {
      target: { value: '500000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nama penjamin sudah dipakai')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nama/ })).toHaveValue('AdMedika (TPA)');
    expect(sent(fetch.mock.calls, `${API}/insurers`, 'POST')[0]).toMatchObject({
      name: 'AdMedika (TPA)',
      kind: 'insurer',
      ceilingPerVisit: 500_000,
      ceilingPerYear: null,
      copayType: 'none',
    });
  });

  it('is read only without the Asuransi menu’s management', async () => {
    signInWith('/Registration/daftarPerusahaan');
    mockApi({ [`${API}/insurers`]: () => page([admedika]) });
    renderWithApp(<InsurancePage />);
    expect(await screen.findByText('AdMedika (TPA)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tambah penjamin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nonaktifkan' })).toBeNull();
  });
});
