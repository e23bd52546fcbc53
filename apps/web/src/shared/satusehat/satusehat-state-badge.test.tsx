import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { grants } from '../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session-store.ts';
import { SatusehatVisitBadge } from './satusehat-state-badge.tsx';

const VISIT = '/api/clinic/v1/satu-sehat/visits/reg-1';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });
const signIn = (routes: string[]) =>
  sessionStore.signIn(makeUser({ role: { _id: 'r', role: 'Doctor', menu: { access: grants(routes) } } }));

const dispense = {
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
    signIn(['/EMR']);
    mockApi({
      [VISIT]: () =>
        ok({
          registrationId: 'reg-1',
          state: 'blocked',
          deliveries: [
            { ...dispense, uid: 'd-1', kind: 'encounter', state: 'accepted', blockedReason: null },
            dispense,
          ],
        }),
    });
    renderWithApp(<SatusehatVisitBadge registrationId="reg-1" />);
    expect(await screen.findByText('SATUSEHAT: Tertahan')).toBeInTheDocument();
    fireEvent.mouseEnter(screen.getByTestId('satusehat-visit-badge'));
    expect(await screen.findByText(/Penyerahan obat: Obat belum memiliki kode KFA/)).toBeInTheDocument();
  });

  it('shows nothing while nothing is to be sent', async () => {
    signIn(['/EMR']);
    const fetchMock = mockApi({
      [VISIT]: () => ok({ registrationId: 'reg-1', state: null, deliveries: [] }),
    });
    renderWithApp(<SatusehatVisitBadge registrationId="reg-1" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('satusehat-visit-badge')).toBeNull();
  });

  it('neither asks nor shows without the SATUSEHAT status permission', async () => {
    signIn(['/Pendaftaran']);
    const fetchMock = mockApi({});
    renderWithApp(<SatusehatVisitBadge registrationId="reg-1" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('satusehat-visit-badge')).toBeNull();
  });
});
