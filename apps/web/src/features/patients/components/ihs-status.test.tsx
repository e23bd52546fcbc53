import type { Patient } from '@klinikita/domain/patients/patient.schema';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
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
});
