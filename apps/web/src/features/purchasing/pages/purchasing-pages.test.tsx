import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { PurchaseOrderPage } from './purchase-order-page.tsx';
import { SupplierPage } from './supplier-page.tsx';

const today = clinicDay('Asia/Jakarta');
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
      role: { _id: 'r', role: 'Pharmacy', menu: { access: routes.map(access) } },
    }),
  );
type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const sent = (calls: Calls, path: string, method: string) =>
  calls
    .filter(([u, init]) => String(u) === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

const enseval = {
  uid: 's1',
  name: 'PT Enseval Putera Megatrading',
  npwp: '013456789012000',
  address: 'Jakarta',
  phone: '021-4603060',
  contactPerson: 'Bapak Hendra',
  email: null,
  paymentTermsDays: 30,
  active: true,
};
const totals = {
  subtotal: 450_000,
  discount: 45_000,
  dpp: 405_000,
  ppnPercent: 11,
  ppn: 44_550,
  total: 449_550,
};
const order = {
  ...totals,
  uid: 'po1',
  number: 'PO/10/202611/0002',
  clinicId: 10,
  status: 'partially_received',
  supplier: { uid: 's1', name: enseval.name },
  location: { uid: 'loc-g', name: 'Gudang' },
  orderDate: today,
  expectedDate: null,
  lineCount: 1,
  version: 3,
  note: null,
  cancelReason: null,
  closeReason: null,
  supplierPaymentTermsDays: 30,
  lines: [
    {
      line: 0,
      itemUid: 'd1',
      itemName: 'Amoxicillin 500 mg',
      unit: 'BOX',
      factor: 100,
      baseUnit: 'tablet',
      quantity: 10,
      price: 45_000,
      discountPercent: 10,
      net: 405_000,
      received: 5,
      receivedBase: 500,
      open: 5,
    },
  ],
  receipts: [],
};

describe('purchasing screens', { timeout: 30_000 }, () => {
  it('lists suppliers, refuses a bad NPWP in the form and shows the server’s field message, keeping the input', async () => {
    signInWith('/supplier');
    const fetch = mockApi({
      [`${API}/purchasing/suppliers`]: (init) =>
        init?.method === 'POST'
          ? {
              status: 409,
              body: {
                status: false,
                message: 'Supplier PT Enseval Putera Megatrading sudah ada',
                errors: [{ path: 'name', message: 'purchasing.supplierExistsField' }],
              },
            }
          : page([enseval]),
    });
    renderWithApp(<SupplierPage />);
    expect(await screen.findByText(enseval.name)).toBeInTheDocument();
    expect(screen.getByText('30 hari')).toBeInTheDocument();
    expect(screen.getByText('01.345.678.9-012.000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah supplier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nama supplier' }), {
      target: { value: enseval.name },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^NPWP/ }), { target: { value: '12.34' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('NPWP harus 15 atau 16 angka')).toBeInTheDocument();
    expect(sent(fetch.mock.calls, `${API}/purchasing/suppliers`, 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^NPWP/ }), {
      target: { value: '01.345.678.9-012.000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Nama supplier sudah dipakai')).toBeInTheDocument();
    expect(sent(fetch.mock.calls, `${API}/purchasing/suppliers`, 'POST')[0]).toMatchObject({
      name: enseval.name,
      npwp: '013456789012000',
      paymentTermsDays: 30,
    });
    expect(within(dialog).getByRole('textbox', { name: 'Nama supplier' })).toHaveValue(enseval.name);
  });

  it('opens an order, offers its open quantity to receive and shows a refusal under the line’s quantity', async () => {
    signInWith('/purchaseOrder');
    const fetch = mockApi({
      [`${API}/purchasing/orders`]: () => page([order]),
      [`${API}/purchasing/orders/po1`]: () => ok(order),
      [`${API}/purchasing/receipts`]: () => ({
        status: 400,
        body: {
          status: false,
          message: 'Baris 1 melebihi sisa pesanan: sisa 500 tablet',
          errors: [{ path: 'lines.0.quantity', message: 'purchasing.overOrderedField' }],
        },
      }),
    });
    renderWithApp(<PurchaseOrderPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buka PO/10/202611/0002' }));
    const detail = await screen.findByRole('dialog');
    expect(await within(detail).findByText('Amoxicillin 500 mg')).toBeInTheDocument();
    expect(within(detail).getByText('Diterima sebagian')).toBeInTheDocument();
    expect(within(detail).getByText('Rp 449.550')).toBeInTheDocument();
    fireEvent.click(within(detail).getByRole('button', { name: 'Terima barang' }));

    const form = await screen.findByRole('dialog', { name: 'Penerimaan barang PO/10/202611/0002' });
    expect(within(form).getByText(/Jatuh tempo: /)).toBeInTheDocument();
    const quantity = within(form).getByRole('textbox', { name: 'Jumlah Amoxicillin 500 mg' });
    expect(quantity).toHaveValue('5');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nomor faktur' }), {
      target: { value: 'INV-9' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nomor batch Amoxicillin 500 mg' }), {
      target: { value: 'amx-1' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Kedaluwarsa Amoxicillin 500 mg' }), {
      target: { value: '31122030' },
    });
    fireEvent.change(quantity, { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Terima barang' }));
    expect(await within(form).findByText('Melebihi sisa pesanan')).toBeInTheDocument();
    const body = sent(fetch.mock.calls, `${API}/purchasing/receipts`, 'POST')[0];
    expect(body).toMatchObject({
      orderUid: 'po1',
      invoiceNumber: 'INV-9',
      invoiceDate: today,
      ppnPercent: 11,
      lines: [
        {
          orderLine: 0,
          itemUid: 'd1',
          batchNumber: 'AMX-1',
          expiryDate: '2030-12-31',
          quantity: 6,
          unit: 'BOX',
          price: 45_000,
          discountPercent: 10,
        },
      ],
    });
    expect(body.requestKey.length).toBeGreaterThanOrEqual(8);
    expect(quantity).toHaveValue('6');
  });
});
