import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok, plainClinic } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { McuPortalPage } from './mcu-portal-page.tsx';

const progress = { registered: 10, inProgress: 5, done: 5, approved: 20, total: 40 };
const event = {
  uid: 'ev1',
  name: 'MCU Berkala 2026',
  clinicName: 'Klinikita MCU Center Cikarang',
  examType: 'periodic',
  startDate: '2026-11-20',
  endDate: '2026-11-22',
  status: 'open',
  progress,
};
const participant = (over: object) => ({
  uid: 'p',
  mcuNumber: 'MBL-0001',
  employeeNumber: 'EMP-1',
  name: 'Andi',
  department: 'Gudang',
  job: null,
  status: 'approved',
  consentToShare: false,
  category: null,
  medical: null,
  ...over,
});
const participants = [
  participant({
    uid: 'p1',
    name: 'Andi Saputra',
    consentToShare: true,
    category: { code: 'FIT', label: 'Fit to work', fit: true, approvedAt: '2026-11-21T03:00:00Z' },
    medical: {
      findings: ['Hipertensi derajat 1'],
      conclusion: 'Laik kerja',
      advice: 'Kurangi garam',
      restrictions: null,
      followUpDate: null,
    },
  }),
  participant({
    uid: 'p2',
    name: 'Budi Hartono',
    mcuNumber: 'MBL-0002',
    category: { code: 'UNFIT', label: 'Unfit', fit: false, approvedAt: '2026-11-21T03:00:00Z' },
  }),
  participant({ uid: 'p3', name: 'Citra Lestari', mcuNumber: 'MBL-0003', status: 'inProgress' }),
];
const invoice = {
  uid: 'i1',
  number: 'TG/11/202611/0001',
  periodFrom: '2026-10-26',
  periodTo: '2026-11-25',
  issueDate: '2026-11-26',
  dueDate: '2026-12-26',
  status: 'PARTIALLY_PAID',
  total: 1_000_000,
  paid: 400_000,
  open: 600_000,
};

const signIn = () =>
  sessionStore.signIn(
    makeUser({
      ClinicId: 11,
      companyId: 1,
      clinics: [plainClinic],
      role: {
        _id: 'r',
        role: 'Perusahaan',
        menu: {
          access: [
            {
              parent: {
                enabled: true,
                status: true,
                menu: { _id: 'p', menu: { name: 'Portal Perusahaan', route: '/Portal/mcu' } },
              },
              childs: [],
            },
          ],
        },
      },
    }),
  );

describe('the company portal', { timeout: 30_000 }, () => {
  it('shows the events’ progress, the participants’ categories (details only with consent) and the invoices', async () => {
    signIn();
    const fetch = mockApi({
      [`${API}/mcu/portal/events`]: () =>
        ok({ company: { name: 'PT Maju Bersama Logistik', code: 'MBL' }, events: [event] }),
      [`${API}/mcu/portal/events/ev1/participants`]: () => ok({ event, participants }),
      [`${API}/mcu/portal/invoices`]: () => ok({ invoices: [invoice], open: 600_000 }),
    });
    renderWithApp(<McuPortalPage />, { route: '/Portal/mcu' });
    expect(await screen.findByText('MCU Berkala 2026')).toBeInTheDocument();
    expect(screen.getByText(/PT Maju Bersama Logistik/)).toBeInTheDocument();
    expect(screen.getByText('20 dari 40 peserta selesai disetujui')).toBeInTheDocument();
    expect(await screen.findByText('TG/11/202611/0001')).toBeInTheDocument();
    expect(screen.getByText('Dibayar sebagian')).toBeInTheDocument();
    expect(screen.getByText('Total belum dibayar: Rp 600.000')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Lihat peserta' }));
    const andi = (await screen.findByText('Andi Saputra')).closest('tr') as HTMLElement;
    expect(within(andi).getByText('Fit to work')).toBeInTheDocument();
    expect(within(andi).getByText(/Hipertensi derajat 1/)).toBeInTheDocument();
    const budi = screen.getByText('Budi Hartono').closest('tr') as HTMLElement;
    expect(within(budi).getByText('Unfit')).toBeInTheDocument();
    expect(within(budi).getByText('Tanpa persetujuan peserta')).toBeInTheDocument();
    const citra = screen.getByText('Citra Lestari').closest('tr') as HTMLElement;
    expect(within(citra).getByText('Sedang diperiksa')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari nama, nomor karyawan atau nomor MCU' }), {
      target: { value: 'Budi' },
    });
    await expect
      .poll(() => fetch.mock.calls.some(([u]) => String(u).includes('participants?search=Budi')))
      .toBe(true);
  });
});
