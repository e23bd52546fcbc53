import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabReleasedBadge } from './lab-released-badge.tsx';

const RELEASED = '/api/clinic/v1/lab-results/released-patients';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });
const release = (patientUid: string, releasedAt: string, criticalValues: object[] = []) => ({
  patientUid,
  patientName: `Pasien ${patientUid}`,
  releasedAt,
  critical: criticalValues.length > 0,
  criticalValues,
});

// four screens mounted in one test: more than vitest's 5 s on a busy machine
describe('LabReleasedBadge', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.signIn(makeUser({ _id: 'doc1', username: 'dokter' }));
  });

  it('marks a patient with results released and not yet opened, until the doctor opens the patient', async () => {
    let releasedAt = '2026-11-26T03:00:00.000Z';
    mockApi({ [RELEASED]: () => ok([release('p1', releasedAt)]) });
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

  it('turns red and says "Nilai kritis" when the unseen release holds a critical value, naming it', async () => {
    const hb = { nameId: 'Hemoglobin', nameEn: 'Haemoglobin', value: 6.2, unit: 'g/dL', flag: 'LL' };
    mockApi({
      [RELEASED]: () =>
        ok([release('p1', '2026-11-26T03:00:00.000Z', [hb]), release('p2', '2026-11-26T03:00:00.000Z', [])]),
    });
    renderWithApp(
      <>
        <LabReleasedBadge patientUid="p1" open={false} />
        <LabReleasedBadge patientUid="p2" open={false} />
      </>,
    );
    const critical = await screen.findByText('Nilai kritis');
    const badge = critical.closest('[data-testid="lab-released-badge"]') as HTMLElement;
    expect(badge).toHaveAttribute('data-critical', 'true');
    expect(badge.getAttribute('style')).toContain('red');
    expect(badge).toHaveAttribute(
      'title',
      'Nilai kritis, hasil lab belum dibuka: Hemoglobin 6,2 g/dL (Kritis rendah)',
    );
    // the release without a critical value keeps the teal "Hasil lab baru"
    const plain = screen
      .getByText('Hasil lab baru')
      .closest('[data-testid="lab-released-badge"]') as HTMLElement;
    expect(plain).not.toHaveAttribute('data-critical');
    expect(plain.getAttribute('style')).toContain('teal');
    expect(plain).toHaveAttribute('title', 'Hasil lab dirilis dan belum dibuka');
  });
});
