import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabReleasedBadge } from './lab-released-badge.tsx';

const RELEASED = '/api/clinic/v1/lab-results/released-patients';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });

describe('LabReleasedBadge', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.signIn(makeUser({ _id: 'doc1', username: 'dokter' }));
  });

  it('marks a patient with results released and not yet opened, until the doctor opens the patient', async () => {
    let releasedAt = '2026-11-26T03:00:00.000Z';
    mockApi({ [RELEASED]: () => ok([{ patientUid: 'p1', releasedAt }]) });
    const first = renderWithApp(
      <>
        <LabReleasedBadge patientUid="p1" open={false} />
        <LabReleasedBadge patientUid="p2" open={false} />
      </>,
    );
    expect(await screen.findByText('Hasil lab baru')).toBeInTheDocument();
    expect(screen.getAllByTestId('lab-released-badge')).toHaveLength(1);
    first.unmount();

    // the doctor opens the patient: seen, and the badge stays away afterwards
    const opened = renderWithApp(<LabReleasedBadge patientUid="p1" open />);
    await waitFor(() => expect(localStorage.getItem('klinikita.labSeen.doc1')).toContain(releasedAt));
    opened.unmount();
    const later = renderWithApp(<LabReleasedBadge patientUid="p1" open={false} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('lab-released-badge')).toBeNull();
    later.unmount();

    // an amendment released later shows it again
    releasedAt = '2026-11-26T05:00:00.000Z';
    renderWithApp(<LabReleasedBadge patientUid="p1" open={false} />);
    expect(await screen.findByText('Hasil lab baru')).toBeInTheDocument();
  });
});
