import type { SatusehatDelivery } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../test/render.tsx';
import { SatusehatVisitBadge } from './satusehat-state-badge.tsx';

const dispense: SatusehatDelivery = {
  uid: 'd-2',
  kind: 'dispense',
  state: 'blocked',
  registrationId: 'reg-1',
  registrationNo: 'A-001',
  patientName: 'Budi Santoso',
  medicalRecordNo: 'RM-0001',
  attempts: 0,
  lastAttemptAt: null,
  nextAttemptAt: null,
  acceptedAt: null,
  lastStatus: null,
  message: null,
  issueCode: null,
  expression: null,
  blockedReason: 'drugNoKfa',
  platformIds: [],
};

describe('SatusehatVisitBadge', () => {
  it('shows the worst state of the visit’s deliveries, the reason in the tooltip', async () => {
    renderWithApp(
      <SatusehatVisitBadge
        status={{
          registrationId: 'reg-1',
          state: 'blocked',
          deliveries: [
            { ...dispense, uid: 'd-1', kind: 'encounter', state: 'accepted', blockedReason: null },
            dispense,
          ],
        }}
      />,
    );
    expect(await screen.findByText('SATUSEHAT: Tertahan')).toBeInTheDocument();
    fireEvent.mouseEnter(screen.getByTestId('satusehat-visit-badge'));
    expect(await screen.findByText(/Penyerahan obat: Obat belum memiliki kode KFA/)).toBeInTheDocument();
  });

  it('shows nothing while nothing is to be sent, or when the visit has no state (not asked, left out)', () => {
    const fetchMock = mockApi({});
    const quiet = renderWithApp(
      <SatusehatVisitBadge status={{ registrationId: 'reg-1', state: null, deliveries: [] }} />,
    );
    expect(screen.queryByTestId('satusehat-visit-badge')).toBeNull();
    quiet.unmount();
    renderWithApp(<SatusehatVisitBadge status={undefined} />);
    expect(screen.queryByTestId('satusehat-visit-badge')).toBeNull();
    // the badge only shows what its page asked for
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
