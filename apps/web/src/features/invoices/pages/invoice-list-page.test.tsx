import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentModals } from '../../../shared/billing/document-modals.tsx';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { InvoiceListPage } from './invoice-list-page.tsx';

const today = clinicDay('Asia/Jakarta');
const LIST = `${API}/billing/bills`;
const BANK = `${API}/billing/payer-invoices/settings`;

const row = (n: number, over: object = {}) => ({
  billUid: `b${n}`,
  invoiceNumber: `INV/10/202611/000${n}`,
  serviceDay: today,
  postedAt: `${today}T02:00:00.000Z`,
  clinicId: 10,
  clinicName: 'Klinik Menteng',
  patientName: `Pasien ${n}`,
  mrn: `RM-00${n}`,
  doctorName: 'dr. Andi',
  payerType: 'self',
  payerName: null,
  total: 130_000,
  paid: 130_000,
  receivable: 0,
  status: 'paid',
  hasReversal: false,
  receipts: [{ paymentUid: `p${n}`, number: `KW/10/202611/000${n}`, reversed: false }],
  ...over,
});
const page = (docs: object[], over: object = {}) => ({
  docs,
  page: 1,
  totalPages: 1,
  limit: 20,
  totalDocs: docs.length,
  from: addDays(today, -29),
  to: today,
  ...over,
});

const signIn = () =>
  sessionStore.signIn(
    makeUser({
      username: 'kasir',
      ClinicId: 10,
      clinics: [plainClinic],
      ...withScreens('Cashier', ['/Payment/payment', '/Registration/invoice']),
    }),
  );

const askedOf = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === LIST)
    .map((u) => Object.fromEntries(u.searchParams));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('InvoiceListPage', { timeout: 30_000 }, () => {
  it('lists the posted bills with their money, status and receipts, and asks again on search and filter', async () => {
    signIn();
    const fetch = mockApi({
      [LIST]: (_, url) =>
        ok(
          url.searchParams.get('q')
            ? page([row(2)])
            : page(
                [
                  row(1, {
                    payerType: 'company',
                    payerName: 'PT Maju Bersama',
                    paid: 0,
                    receivable: 1_250_000,
                    total: 1_250_000,
                  }),
                  row(2),
                  row(3, {
                    status: 'posted',
                    paid: 0,
                    hasReversal: true,
                    receipts: [{ paymentUid: 'p3', number: 'KW/10/202611/0003', reversed: true }],
                  }),
                ],
                { totalDocs: 45, totalPages: 3 },
              ),
        ),
      [BANK]: () => ok({ clinicId: 10, bankName: null, accountNumber: null, accountHolder: null }),
    });
    renderWithApp(<InvoiceListPage />);
    expect(screen.getByRole('heading', { name: 'Invoice' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Daftar invoice' });
    const first = (await within(table).findByText('INV/10/202611/0001')).closest('tr') as HTMLElement;
    expect(within(first).getByText('PT Maju Bersama')).toBeInTheDocument();
    expect(within(first).getAllByText('Rp 1.250.000')).toHaveLength(2);
    expect(within(first).getByText('Lunas')).toBeInTheDocument();
    const third = within(table).getByText('INV/10/202611/0003').closest('tr') as HTMLElement;
    expect(within(third).getByText('Belum lunas')).toBeInTheDocument();
    expect(within(third).getByText('Ada pembatalan')).toBeInTheDocument();
    expect(screen.getByText('1–20 dari 45')).toBeInTheDocument();
    expect(askedOf(fetch)[0]).toEqual({
      from: addDays(today, -29),
      to: today,
      clinicId: '10',
      page: '1',
      limit: '20',
    });

    fireEvent.change(screen.getByRole('searchbox', { name: /Cari no. invoice/ }), {
      target: { value: 'KW/10/202611/0002' },
    });
    await waitFor(() => expect(within(table).queryByText('INV/10/202611/0001')).toBeNull());
    expect(askedOf(fetch).at(-1)).toMatchObject({ q: 'KW/10/202611/0002', page: '1' });
  });

  it('shows a range over 92 days on its field without asking the server', async () => {
    signIn();
    const fetch = mockApi({ [LIST]: () => ok(page([row(1)])), [BANK]: () => ok(null) });
    renderWithApp(<InvoiceListPage />);
    await screen.findByText('INV/10/202611/0001');
    const calls = askedOf(fetch).length;
    fireEvent.change(screen.getByLabelText('Dari'), { target: { value: addDays(today, -120) } });
    expect(await screen.findByText('Rentang tanggal paling lama 92 hari')).toBeInTheDocument();
    expect(askedOf(fetch)).toHaveLength(calls);
  });

  it('opens the invoice modal from the store with the bank account, switches to 80 mm, then the receipt', async () => {
    signIn();
    mockApi({
      [LIST]: () => ok(page([row(2)])),
      [BANK]: () =>
        ok({
          clinicId: 10,
          bankName: 'Bank Mandiri',
          accountNumber: '123-00-0987654-3',
          accountHolder: 'PT Klinikita Sehat Group',
        }),
    });
    renderWithApp(
      <>
        <InvoiceListPage />
        <DocumentModals />
      </>,
    );
    await waitFor(() => expect(sessionStore.getState().bankAccount?.bankName).toBe('Bank Mandiri'));
    fireEvent.click(await screen.findByRole('button', { name: 'Rincian INV/10/202611/0002' }));
    expect(sessionStore.getState().invoiceModal).toMatchObject({ billUid: 'b2', clinicId: 10 });
    const dialog = await screen.findByRole('dialog', { name: 'Rincian biaya INV/10/202611/0002' });
    const frame = within(dialog).getByTitle('Pratinjau dokumen');
    expect(frame).toHaveAttribute('src', `${API}/billing/bills/b2/invoice.pdf?paper=a4`);
    expect(
      within(dialog).getByText(
        'Pembayaran transfer ke Bank Mandiri 123-00-0987654-3 a.n. PT Klinikita Sehat Group',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('80 mm'));
    expect(frame).toHaveAttribute('src', `${API}/billing/bills/b2/invoice.pdf?paper=roll80`);
    expect(within(dialog).getByRole('link', { name: 'Buka di tab baru' })).toHaveAttribute(
      'href',
      `${API}/billing/bills/b2/invoice.pdf?paper=roll80`,
    );

    // a screen elsewhere opens the receipt through the store: the invoice gives way
    fireEvent.click(screen.getByRole('button', { name: 'Kuitansi KW/10/202611/0002', hidden: true }));
    const receipt = await screen.findByRole('dialog', { name: 'Kuitansi KW/10/202611/0002' });
    expect(within(receipt).getByTitle('Pratinjau dokumen')).toHaveAttribute(
      'src',
      `${API}/billing/payments/p2/receipt.pdf?paper=a4`,
    );
    expect(within(receipt).queryByText(/Pembayaran transfer/)).toBeNull();
    fireEvent.click(within(receipt).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(sessionStore.getState().receiptModal).toBeNull());
  });
});
