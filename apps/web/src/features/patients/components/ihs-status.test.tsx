import type { Patient } from '@klinikita/domain/patients/patient.schema';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { IhsStatus } from './ihs-status.tsx';

const patient = (over: Partial<Patient>) =>
  ({ ihsNumber: null, ihsMissingReason: null, ihsCheckedAt: null, ...over }) as Patient;

describe('IhsStatus', () => {
  it('shows the IHS number, or that there is none yet and why', () => {
    const { unmount } = renderWithApp(<IhsStatus patient={patient({ ihsNumber: 'P02478375538' })} />);
    expect(screen.getByTestId('ihs-status')).toHaveTextContent('Nomor IHS SATUSEHAT: P02478375538');
    unmount();
    const again = renderWithApp(
      <IhsStatus
        patient={patient({ ihsMissingReason: 'patientNotFound', ihsCheckedAt: '2026-01-01T00:00:00Z' })}
      />,
    );
    expect(screen.getByTestId('ihs-status')).toHaveTextContent(/^Belum ada IHS: NIK tidak dikenal SATUSEHAT/);
    again.unmount();
    renderWithApp(<IhsStatus patient={patient({ ihsMissingReason: 'patientNoNik' })} />);
    expect(screen.getByTestId('ihs-status')).toHaveTextContent(/^Belum ada IHS: pasien tidak punya NIK/);
  });

  it('offers "Periksa ulang IHS" to those who may change the patient, and says what SATUSEHAT answered', async () => {
    const fetchMock = mockApi({
      '/api/clinic/v1/patients/p1/ihs-check': () => ({
        body: {
          status: true,
          message: 'Nomor IHS diperbaiki dari SATUSEHAT: P18574971842 menjadi P18547971842',
          data: {
            ihsNumber: 'P18547971842',
            ihsMissingReason: null,
            ihsCheckedAt: '2026-11-27T01:00:00Z',
            previous: 'P18574971842',
          },
        },
      }),
    });
    const { unmount } = renderWithApp(
      <IhsStatus patient={patient({ uid: 'p1', ihsNumber: 'P18574971842' })} />,
    );
    expect(screen.queryByRole('button', { name: 'Periksa ulang IHS' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(
      <IhsStatus patient={{ ...patient({ uid: 'p1', ihsNumber: 'P18574971842' }), mayChange: true }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Periksa ulang IHS' }));
    expect(await screen.findByText(/Nomor IHS diperbaiki dari SATUSEHAT/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toContain('/patients/p1/ihs-check');
    expect(init?.method).toBe('POST');
  });
});
