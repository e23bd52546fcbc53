import type { Encounter, EncounterContent } from '@klinikita/domain/consultations/encounter.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api-client.ts';
import { DraftSaver, type SaveState } from './draft-saver.ts';

const content = (over: Partial<EncounterContent> = {}): EncounterContent => ({
  systolic: null,
  diastolic: null,
  pulse: null,
  respiratoryRate: null,
  temperature: null,
  spo2: null,
  weight: null,
  height: null,
  subjective: null,
  objective: null,
  assessment: null,
  plan: null,
  diagnoses: [],
  procedures: [],
  prescription: [],
  orders: [],
  referral: null,
  ...over,
});

/** A server whose PUTs the test resolves by hand. */
function server() {
  const calls: {
    version: number;
    subjective: string | null;
    resolve: (v: number) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const save = vi.fn(
    (input: { version: number; subjective: string | null }) =>
      new Promise<Encounter>((resolve, reject) => {
        calls.push({
          version: input.version,
          subjective: input.subjective,
          resolve: (v) => resolve({ version: v } as Encounter),
          reject,
        });
      }),
  );
  return { calls, save };
}

describe('DraftSaver', () => {
  let states: SaveState[];
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('waits for the doctor to stop typing, then sends the whole draft with the version', async () => {
    const { calls, save } = server();
    const saver = new DraftSaver({ version: 3, save, onState: (s) => states.push(s) });
    saver.change(content({ subjective: 'D' }));
    await vi.advanceTimersByTimeAsync(500);
    saver.change(content({ subjective: 'Demam' }));
    await vi.advanceTimersByTimeAsync(700);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ version: 3, subjective: 'Demam' });
    calls[0].resolve(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)?.kind).toBe('saved');
    expect(saver.currentVersion).toBe(4);
  });

  it('never has two saves in flight: a change during a save goes next, with the new version', async () => {
    const { calls, save } = server();
    const saver = new DraftSaver({ version: 1, save, onState: (s) => states.push(s) });
    saver.change(content({ subjective: 'a' }));
    await vi.advanceTimersByTimeAsync(800);
    saver.change(content({ subjective: 'ab' }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    calls[0].resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ version: 2, subjective: 'ab' });
  });

  it('holds a draft the schema refuses, and sends it once fixed', async () => {
    const { calls, save } = server();
    const saver = new DraftSaver({ version: 1, save, onState: (s) => states.push(s) });
    saver.change(content({ temperature: 370 }));
    await vi.advanceTimersByTimeAsync(800);
    expect(save).not.toHaveBeenCalled();
    expect(states.at(-1)?.kind).toBe('invalid');
    saver.change(content({ temperature: 37 }));
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(1);
  });

  it('stops on 409 and says why; flush then answers null', async () => {
    const { calls, save } = server();
    const saver = new DraftSaver({ version: 1, save, onState: (s) => states.push(s) });
    saver.change(content({ subjective: 'x' }));
    await vi.advanceTimersByTimeAsync(800);
    calls[0].reject(new ApiError(409, 'Catatan ini diubah di layar lain.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ kind: 'conflict', message: 'Catatan ini diubah di layar lain.' });
    saver.change(content({ subjective: 'xy' }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    expect(await saver.flush()).toBeNull();
  });

  it('flush sends what waits at once and answers the version to finish with', async () => {
    const { calls, save } = server();
    const saver = new DraftSaver({ version: 5, save, onState: (s) => states.push(s) });
    saver.change(content({ plan: 'kontrol 3 hari' }));
    const flushed = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    calls[0].resolve(6);
    expect(await flushed).toBe(6);
  });

  it('a failed save keeps the change and is tried again', async () => {
    const { calls, save } = server();
    const saver = new DraftSaver({ version: 1, save, onState: (s) => states.push(s) });
    saver.change(content({ plan: 'p' }));
    await vi.advanceTimersByTimeAsync(800);
    calls[0].reject(new ApiError(0, 'network'));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)?.kind).toBe('failed');
    expect(saver.hasUnsaved).toBe(true);
    saver.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(calls[1].version).toBe(1);
  });
});
