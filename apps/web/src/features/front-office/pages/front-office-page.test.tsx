import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { bodies, ok, urls } from '../../../test/patient-test-kit.ts';
import { makeUser, renderWithApp } from '../../../test/render.tsx';
import {
  doctor,
  EventSourceStub,
  pickBudi,
  registration,
  search,
  setup,
  textbox,
} from '../test/front-office-fixtures.ts';
import { FrontOfficePage } from './front-office-page.tsx';

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
});
