import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { bodies, ok } from '../../../test/patient-test-kit.ts';
import { makeUser, renderWithApp } from '../../../test/render.tsx';
import { EventSourceStub, pickBudi, registration, setup, textbox } from '../test/front-office-fixtures.ts';
import { FrontOfficePage } from './front-office-page.tsx';

const DUPLICATE = {
  status: 409,
  body: {
    status: false,
    message:
      'Pasien ini sudah terdaftar hari ini di dr. Maya Sari dengan nomor antrean A-007 (status Menunggu)',
    code: 'duplicateVisit',
    data: { existing: { _id: 'r7', queueNumber: 'A-007', status: 'Waiting' } },
  },
};

describe('FrontOfficePage: a second visit of the patient today (issue 13.2)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', EventSourceStub);
    sessionStore.signIn(makeUser({ role: { _id: 'r', role: 'Registration', menu: { access: [] } } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  async function fillAndRegister() {
    await pickBudi();
    fireEvent.click(await screen.findByRole('radio', { name: 'dr. Maya Sari' }));
    fireEvent.change(textbox('Keluhan'), { target: { value: 'Kontrol ulang' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    return screen.findByRole('dialog', { name: 'Pasien sudah terdaftar hari ini' });
  }

  it('asks before registering again and re-sends the same input with confirmDuplicate', async () => {
    const answers = [DUPLICATE, ok(registration({ queueNumber: 'A-013' }), 'Pendaftaran berhasil')];
    const fetchMock = setup({ create: () => answers.shift()! });
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    const dialog = await fillAndRegister();
    expect(dialog).toHaveTextContent('nomor antrean A-007 (status Menunggu)');
    expect(dialog).toHaveTextContent('Tetap daftarkan kunjungan kedua?');
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')[0]).not.toHaveProperty(
      'confirmDuplicate',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Tetap daftarkan' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toHaveLength(2),
    );
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')[1]).toMatchObject({
      doctorId: 8,
      complaint: 'Kontrol ulang',
      confirmDuplicate: true,
    });
    // registered: the ticket shows the new number
    expect((await screen.findAllByText('A-013')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Pasien sudah terdaftar hari ini' })).toBeNull();
  });

  it('keeps the input and sends nothing more when the clerk cancels', async () => {
    const fetchMock = setup({ create: () => DUPLICATE });
    renderWithApp(<FrontOfficePage />, { route: '/Registration/patient' });
    const dialog = await fillAndRegister();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toHaveLength(1);
    expect(textbox('Keluhan').value).toBe('Kontrol ulang');
    expect(screen.getByRole('radio', { name: 'dr. Maya Sari' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('picked-patient')).toHaveTextContent('Tn. Budi Hartono');
  });
});
