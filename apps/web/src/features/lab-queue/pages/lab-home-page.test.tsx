import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import {
  API,
  bodies,
  labPreAss,
  mcuClinic,
  ok,
  registration,
  withModals,
} from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabHomePage } from './lab-home-page.tsx';

const PRE_ASS = `${API}/assesments/lab_mcu_assesment/LabPreAss/r1`;
const PATCH = `${API}/registrations/registrations/r1`;

describe('LabHomePage', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ ClinicId: 11, clinics: [mcuClinic] })));

  it('without a patient asks to pick one from the list', async () => {
    mockApi({});
    renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-lab' });
    expect(await screen.findByText('Belum ada pasien dipilih')).toBeInTheDocument();
    expect(screen.getByText(/Pilih pasien dari Daftar pasien/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Laboratorium' })).toBeInTheDocument();
  });

  it('is headed Radiologi on /Radiology', async () => {
    mockApi({});
    renderWithApp(withModals(<LabHomePage />), { route: '/Radiology' });
    expect(await screen.findByRole('heading', { name: 'Radiologi' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Laboratorium' })).not.toBeInTheDocument();
  });

  it('shows the patient banner and marks Sampel diambil with the status the screen showed', async () => {
    let current = registration({
      status: 'Queueing',
      payerType: 'company',
      company: { id: 3, name: 'PT Maju Jaya' },
      referrer: 'dr. Andi',
      complaint: 'Pemeriksaan berkala',
      serviceType: 'MCU',
    });
    const fetchMock = mockApi({
      [PRE_ASS]: () => ok(labPreAss(current)),
      [PATCH]: (init) => {
        const body = JSON.parse(String(init?.body));
        current = { ...current, flaggingSamplingDone: body.updateField.flaggingSamplingDone };
        return ok(current, 'Data pemeriksaan berhasil disimpan');
      },
    });
    renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-mcu?id=r1' });

    const banner = await screen.findByTestId('patient-banner');
    expect(screen.getByRole('heading', { name: 'Medical Check Up' })).toBeInTheDocument();
    expect(within(banner).getByRole('heading', { name: 'Tn. Budi Hartono' })).toBeInTheDocument();
    for (const text of [
      'L-007',
      '36 th 6 bl',
      'Laki-laki',
      'PT Maju Jaya',
      'MCU',
      // the status as staff read it, not the API's name
      'Mengantri',
      'dr. Andi',
      'Pemeriksaan berkala',
    ])
      expect(within(banner).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(banner).getAllByText(/RM-11-000001/).length).toBeGreaterThan(0);
    expect(within(banner).queryByText('Queueing')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sampel diambil' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'registrations/registrations/r1', 'PATCH')).toEqual([
        { clinicId: 11, fromStatus: 'Queueing', updateField: { flaggingSamplingDone: true } },
      ]),
    );
    // done: the amber check and an undo in place of the button
    expect(await screen.findByRole('button', { name: 'Batalkan Sampel diambil' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sampel diambil' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sampel diambil' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Radiologi selesai' }));
    await waitFor(() =>
      expect(
        bodies(fetchMock.mock.calls, 'registrations/registrations/r1', 'PATCH').at(-1).updateField,
      ).toEqual({
        dataLabPreAss: { radDone: true },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pemeriksaan selesai' }));
    await waitFor(() =>
      expect(
        bodies(fetchMock.mock.calls, 'registrations/registrations/r1', 'PATCH').at(-1).updateField,
      ).toEqual({
        dataLabPreAss: { isDone: true },
      }),
    );
  });

  it('moves the status after a confirmation; a 409 shows a warning with the server message', async () => {
    const current = registration({ status: 'Waiting' });
    const fetchMock = mockApi({
      [PRE_ASS]: () => ok(labPreAss(current)),
      [PATCH]: () => ({
        status: 409,
        body: {
          status: false,
          message: 'Pasien L-007 sudah diproses orang lain: statusnya sekarang Examination',
        },
      }),
    });
    renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-lab?id=r1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mulai periksa' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Ubah status L-007 dari Menunggu menjadi Pemeriksaan?'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, ubah' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'registrations/registrations/r1', 'PATCH')).toEqual([
        { clinicId: 11, fromStatus: 'Waiting', updateField: { status: 'Examination' } },
      ]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Peringatan');
    expect(alert).toHaveTextContent('Pasien L-007 sudah diproses orang lain: statusnya sekarang Examination');
  });

  it('offers the next lab move from Examination and Exam Done', async () => {
    let current = registration({ status: 'Examination' });
    mockApi({ [PRE_ASS]: () => ok(labPreAss(current)) });
    const view = renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-lab?id=r1' });
    expect(await screen.findByRole('button', { name: 'Selesai periksa' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mulai periksa' })).toBeNull();
    view.unmount();

    current = registration({ status: 'Exam Done' });
    const again = renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-lab?id=r1' });
    expect(await screen.findByRole('button', { name: 'Ke pembayaran' })).toBeInTheDocument();
    again.unmount();

    current = registration({ status: 'Paid' });
    renderWithApp(withModals(<LabHomePage />), { route: '/Lab/home-page-lab?id=r1' });
    expect(
      await screen.findByText('Tidak ada perubahan status yang dilakukan dari sini.'),
    ).toBeInTheDocument();
  });
});
