import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdAnswers } from '../../../test/held-answers.ts';
import { mockApi } from '../../../test/render.tsx';
import { API, encounter, ok, paged, recordPatient, renderAt, signInDoctor } from '../test/emr-fixtures.tsx';
import { DoctorPatientsPage } from './doctor-patients-page.tsx';

function api() {
  return mockApi({
    [`${API}/consultations/patients`]: () => paged([recordPatient()]),
    [`${API}/consultations/patients/p1/record`]: () =>
      ok({ patient: recordPatient(), visits: [encounter()], next: null }),
    [`${API}/consultations/letters`]: () => paged([]),
  });
}

describe('DoctorPatientsPage', { timeout: 20_000 }, () => {
  it("lists the doctor's own patients and opens the full record", async () => {
    signInDoctor();
    const fetchMock = api();
    renderAt(<DoctorPatientsPage />, '/Doctor/patient', '/Doctor/patient');
    expect(await screen.findByRole('heading', { name: 'Pasien Saya' })).toBeInTheDocument();
    fireEvent.click(await screen.findByText('Tn. Budi Hartono'));
    expect(screen.getByTestId('location')).toHaveTextContent('/EMR/Detail/p1');
    const url = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === `${API}/consultations/patients`)!;
    expect(url.searchParams.get('mine')).toBe('true');
  });

  it('without the record menu, opens the record in a drawer on the same page', async () => {
    signInDoctor(['/Doctor/patient', '/Doctor/doctor']);
    api();
    renderAt(<DoctorPatientsPage />, '/Doctor/patient', '/Doctor/patient');
    fireEvent.keyDown(await screen.findByRole('row', { name: 'Buka rekam medis Tn. Budi Hartono' }), {
      key: 'Enter',
    });
    const drawer = await screen.findByRole('dialog', { name: 'Tn. Budi Hartono' });
    expect(await within(drawer).findByRole('article', { name: 'Kunjungan 23 Nov 2026' })).toBeInTheDocument();
    expect(within(drawer).getByRole('alert')).toHaveTextContent('Alergi: Amoksisilin (ruam kulit)');
    expect(screen.getByTestId('location')).toHaveTextContent('/Doctor/patient');
  });

  it('Enter opens no patient of an older answer: only the first of the answer to what is typed', async () => {
    signInDoctor();
    const fetchMock = mockApi({
      [`${API}/consultations/patients`]: (_init, url) =>
        paged(
          url.searchParams.get('search')
            ? [recordPatient({ uid: 'p9', name: 'Sri Wahyuni', title: 'Ny' })]
            : [recordPatient()],
        ),
    });
    const network = holdAnswers(fetchMock, (u) => u.searchParams.get('search') === 'sri');
    renderAt(<DoctorPatientsPage />, '/Doctor/patient', '/Doctor/patient');
    await screen.findByText('Tn. Budi Hartono');
    const search = screen.getByRole('searchbox', { name: 'Cari rekam medis' });
    fireEvent.change(search, { target: { value: 'sri' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(network.asked).toHaveLength(1));
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/Doctor/patient');
    network.release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/EMR/Detail/p9'));
  });

  it('says so when the doctor has no patients yet', async () => {
    signInDoctor();
    mockApi({ [`${API}/consultations/patients`]: () => paged([]) });
    renderAt(<DoctorPatientsPage />, '/Doctor/patient', '/Doctor/patient');
    expect(await screen.findByText('Belum ada pasien yang Anda periksa.')).toBeInTheDocument();
  });
});
