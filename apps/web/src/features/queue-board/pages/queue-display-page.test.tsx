import type { DisplayBoard } from '@klinikita/domain/registrations/registration.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { API, FakeEventSource, fail, ok, stubEventSource } from '../test/queue-test-kit.ts';
import { QueueDisplayPage } from './queue-display-page.tsx';

const T0 = Date.parse('2026-03-05T02:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

const board = (overrides: Partial<DisplayBoard> = {}): DisplayBoard => ({
  clinicName: 'Klinik Pratama Klinikita Menteng',
  timeZone: 'Asia/Jakarta',
  calls: [
    { _id: 'r2', queueNumber: 'A-002', room: 'Poli Umum', status: 'Examination', calledAt: at(-60) },
    { _id: 'r1', queueNumber: 'L-001', room: 'Laboratorium', status: 'Examination', calledAt: at(-300) },
  ],
  waiting: [
    { room: 'Poli Umum', count: 4 },
    { room: 'Laboratorium', count: 0 },
  ],
  serverTime: at(0),
  ...overrides,
});

class Utterance {
  lang = '';
  rate = 1;
  volume = 1;
  voice: unknown = null;
  constructor(readonly text: string) {}
}

const renderDisplay = (token = 'tok123') =>
  renderWithApp(
    <Routes>
      <Route path="/display/:token" element={<QueueDisplayPage />} />
    </Routes>,
    { route: `/display/${token}` },
  );

/** The sentences handed to speechSynthesis.speak, the silent unlock left out. */
const spoken = (speak: ReturnType<typeof vi.fn>) =>
  speak.mock.calls.map(([u]) => u as Utterance).filter((u) => u.volume > 0);

describe('QueueDisplayPage', { timeout: 20_000 }, () => {
  let speak: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    stubEventSource();
    speak = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak, cancel: vi.fn(), getVoices: () => [] });
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the latest call big, the previous ones and the waiting per room, without speaking the calls it found', async () => {
    mockApi({ [`${API}/display/tok123`]: () => ok(board()) });
    renderDisplay();
    const current = await screen.findByTestId('current-call');
    expect(within(current).getByText('A-002')).toBeInTheDocument();
    expect(within(current).getByText('Poli Umum')).toBeInTheDocument();
    expect(screen.getByText('Klinik Pratama Klinikita Menteng')).toBeInTheDocument();
    const previous = screen.getByRole('region', { name: 'Panggilan sebelumnya' });
    expect(within(previous).getByText('L-001')).toBeInTheDocument();
    const waiting = screen.getByRole('region', { name: 'Menunggu' });
    expect(within(waiting).getByText('4')).toBeInTheDocument();
    expect(within(waiting).queryByText('Laboratorium')).not.toBeInTheDocument();
    // the clinic's time on the server's clock: 02:00 UTC is 09:00 in Jakarta
    expect(screen.getByTestId('display-clock').textContent).toMatch(/^09:0/);
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual([`${API}/display/tok123/events`]);
    expect(spoken(speak)).toEqual([]);
  });

  it('announces a new call in Bahasa Indonesia when the stream reports it', async () => {
    let current = board();
    mockApi({ [`${API}/display/tok123`]: () => ok(current) });
    renderDisplay();
    await screen.findByText('A-002');

    // the one click that lets the browser speak
    fireEvent.click(screen.getByRole('button', { name: /Klik untuk mengaktifkan suara/ }));
    expect(screen.queryByRole('button', { name: /Klik untuk mengaktifkan suara/ })).not.toBeInTheDocument();
    expect(screen.getByText('Suara aktif')).toBeInTheDocument();
    expect(spoken(speak)).toEqual([]);

    current = board({
      calls: [
        { _id: 'r12', queueNumber: 'A-012', room: 'Poli Umum', status: 'Examination', calledAt: at(5) },
        ...board().calls,
      ],
      serverTime: at(6),
    });
    act(() => FakeEventSource.instances[0].emit('registration.called', { type: 'registration.called' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('current-call')).getByText('A-012')).toBeInTheDocument(),
    );
    await waitFor(() => expect(spoken(speak)).toHaveLength(1));
    expect(spoken(speak)[0]).toMatchObject({
      text: 'Nomor antrean A 12, silakan ke Poli Umum',
      lang: 'id-ID',
    });
    expect(
      within(screen.getByRole('region', { name: 'Panggilan sebelumnya' })).getByText('A-002'),
    ).toBeInTheDocument();

    // the same board again (a resync) says nothing new
    act(() => FakeEventSource.instances[0].emit('resync'));
    await new Promise((r) => setTimeout(r, 50));
    expect(spoken(speak)).toHaveLength(1);
  });

  it('says clearly when the link is not valid', async () => {
    mockApi({ [`${API}/display/old`]: () => fail(404, 'Tautan layar antrean tidak berlaku') });
    renderDisplay('old');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tautan layar antrean tidak berlaku');
    expect(screen.getByText(/Minta tautan baru dari admin klinik/)).toBeInTheDocument();
    expect(FakeEventSource.instances.every((s) => s.readyState === FakeEventSource.CLOSED)).toBe(true);
  });
});
