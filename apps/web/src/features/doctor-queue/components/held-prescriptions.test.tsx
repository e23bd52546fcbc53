import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { HeldPrescriptions } from './held-prescriptions.tsx';

const HELD = '/api/clinic/v1/pharmacy/held';
const ANSWER = '/api/clinic/v1/pharmacy/prescriptions/rx1/answer';
const ok = (data: unknown) => ({ body: { status: true, message: 'OK', data } });
const held = (answer: string | null = null) => ({
  uid: 'rx1',
  queueNumber: 'A-013',
  patient: { uid: 'p1', name: 'Dadang Setiawan', mrn: 'RM-10-000004' },
  reason: 'Dosis anak? Mohon konfirmasi',
  heldBy: 'Yusuf Hidayat',
  heldAt: '2026-11-26T03:00:00.000Z',
  answer,
  answeredBy: answer ? 'dr. Alexander' : null,
  answeredAt: answer ? '2026-11-26T03:05:00.000Z' : null,
});

describe('HeldPrescriptions', () => {
  beforeEach(() => sessionStore.signIn(makeUser({ _id: 'doc1', username: 'dokter' })));

  it('shows nothing while nothing is held', async () => {
    const fetchMock = mockApi({ [HELD]: () => ok([]) });
    renderWithApp(<HeldPrescriptions />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('held-prescriptions')).toBeNull();
  });

  it('shows the pharmacist’s question and sends the doctor’s answer, keeping the text on a refusal', async () => {
    let list = [held()];
    let refuse = true;
    const sent: unknown[] = [];
    mockApi({
      [HELD]: () => ok(list),
      [ANSWER]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        if (refuse) {
          refuse = false;
          return {
            status: 409,
            body: { status: false, message: 'Resep ini tidak lagi ditahan farmasi', errors: [] },
          };
        }
        list = [held('Tidak alergi, lanjutkan')];
        return ok(list[0]);
      },
    });
    renderWithApp(<HeldPrescriptions timeZone="Asia/Jakarta" />);
    const box = await screen.findByTestId('held-prescriptions');
    expect(within(box).getByText('Resep ditahan farmasi (1)')).toBeInTheDocument();
    expect(within(box).getByText('A-013 · Dadang Setiawan')).toBeInTheDocument();
    expect(within(box).getByText('Pertanyaan farmasi: Dosis anak? Mohon konfirmasi')).toBeInTheDocument();

    fireEvent.click(within(box).getByRole('button', { name: 'Jawab' }));
    const input = within(box).getByLabelText('Jawaban Anda');
    fireEvent.change(input, { target: { value: 'Tidak alergi, lanjutkan' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Kirim jawaban' }));
    expect(await within(box).findByText('Resep ini tidak lagi ditahan farmasi')).toBeInTheDocument();
    expect(input).toHaveValue('Tidak alergi, lanjutkan');

    fireEvent.click(within(box).getByRole('button', { name: 'Kirim jawaban' }));
    expect(await within(box).findByText('Dijawab: Tidak alergi, lanjutkan')).toBeInTheDocument();
    expect(sent).toEqual([{ text: 'Tidak alergi, lanjutkan' }, { text: 'Tidak alergi, lanjutkan' }]);
    // the answer box closes once sent
    await waitFor(() => expect(within(box).queryByLabelText('Jawaban Anda')).toBeNull());
  });
});
