import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabConsumablesPanel } from './lab-consumables-panel.tsx';

const URL_ = `${API}/inventory/lab-consumables`;
const answer = (labLocation = true) =>
  ok({
    labLocation,
    lines: [
      { key: 'edta', itemUid: 'i-edta', itemName: 'Tabung EDTA 3 ml', baseUnit: 'pcs', quantity: 1 },
      { key: 'venipuncture', itemUid: 'i-jarum', itemName: 'Jarum vakum 21G', baseUnit: 'pcs', quantity: 1 },
      { key: 'venipuncture', itemUid: 'i-plester', itemName: 'Plester bulat', baseUnit: 'pcs', quantity: 1 },
    ],
  });

beforeEach(() =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 10,
      clinics: [plainClinic],
      role: { _id: 'r', role: 'Admin', menu: { access: [] } },
    }),
  ),
);

describe('the lab consumables list', { timeout: 30_000 }, () => {
  it('shows each container’s items and the blood draw’s set, read-only without stock.manage', async () => {
    mockApi({ [URL_]: () => answer() });
    renderWithApp(<LabConsumablesPanel clinicId={10} manage={false} />);
    const edta = (await screen.findByText('Tabung EDTA 3 ml')).closest('tr')!;
    expect(within(edta).getByText('Tabung EDTA (ungu)')).toBeInTheDocument();
    expect(within(edta).getByText('1 pcs')).toBeInTheDocument();
    expect(screen.getByText('Pengambilan darah (sekali per kunjungan)')).toBeInTheDocument();
    expect(screen.getByText('Plester bulat')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simpan daftar' })).not.toBeInTheDocument();
    expect(screen.queryByText(/belum memiliki lokasi stok berjenis Laboratorium/)).not.toBeInTheDocument();
  });

  it('warns when the clinic has no lab location', async () => {
    mockApi({ [URL_]: () => answer(false) });
    renderWithApp(<LabConsumablesPanel clinicId={10} manage={false} />);
    expect(await screen.findByText(/belum memiliki lokasi stok berjenis Laboratorium/)).toBeInTheDocument();
  });

  it('saves the edited list whole, and keeps it with the server’s message beside the line when refused', async () => {
    const puts: unknown[] = [];
    let refuse = true;
    mockApi({
      [URL_]: (init) => {
        if (init?.method !== 'PUT') return answer();
        puts.push(JSON.parse(String(init.body)));
        return refuse
          ? {
              status: 404,
              body: {
                status: false,
                message: 'Barang tidak ditemukan',
                errors: [{ path: 'lines.0.itemUid', message: 'Barang tidak ditemukan' }],
              },
            }
          : ok({ labLocation: true, lines: [] });
      },
    });
    renderWithApp(<LabConsumablesPanel clinicId={10} manage />);
    await screen.findByText('Plester bulat');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus Plester bulat' }));
    const quantity = screen.getByLabelText('Jumlah Jarum vakum 21G');
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan daftar' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      lines: [
        { key: 'edta', itemUid: 'i-edta', quantity: 1 },
        { key: 'venipuncture', itemUid: 'i-jarum', quantity: 2 },
      ],
    });
    const edta = (await screen.findByText('Tabung EDTA 3 ml')).closest('tr')!;
    expect(await within(edta).findByText('Barang tidak ditemukan')).toBeInTheDocument();
    expect(screen.queryByText('Plester bulat')).not.toBeInTheDocument();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Simpan daftar' }));
    await waitFor(() => expect(puts).toHaveLength(2));
  });
});
