import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PHYSIO_CHANNEL } from '../../features/lab-queue/physio-broadcast.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { API, labPreAss, mcuClinic, ok, registration, withModals } from '../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { PhysioPage } from './physio-page.tsx';

describe('PhysioPage', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(makeUser({ ClinicId: 11, clinics: [mcuClinic] })));

  it('uses physio wording and follows a patient broadcast from another tab', async () => {
    const physio = registration({
      _id: 'f2',
      queueNumber: 'F-002',
      serviceType: 'PHYSIO',
      status: 'Waiting',
    });
    mockApi({ [`${API}/assesments/lab_mcu_assesment/LabPreAss/f2`]: () => ok(labPreAss(physio)) });
    renderWithApp(withModals(<PhysioPage />), { route: '/Physio' });
    expect(await screen.findByRole('heading', { name: 'Fisioterapi' })).toBeInTheDocument();
    expect(screen.getByText(/Tab Fisioterapi lain/)).toBeInTheDocument();

    const otherTab = new BroadcastChannel(PHYSIO_CHANNEL);
    otherTab.postMessage({ registrationId: 'f2' });
    expect(await screen.findByTestId('patient-banner')).toHaveTextContent('F-002');
    expect(screen.getByText(/Mengikuti pasien/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Terapi selesai' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mulai terapi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sampel diambil' })).toBeNull();
    otherTab.close();
  });
});
