import {
  type Encounter,
  type EncounterContent,
  type EncounterSaveInput,
  encounterSaveSchema,
} from '@klinikita/domain/consultations/encounter.schema';
import { ApiError } from '../../../shared/api-client.ts';

/** Where the draft stands against the server, for the status line. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** the draft has a field the schema refuses: held until it is fixed */
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  /** 409: saved in another tab meanwhile, or signed; nothing more is sent until reloaded */
  | { kind: 'conflict'; message: string };

interface Options {
  version: number;
  save: (input: EncounterSaveInput) => Promise<Encounter>;
  onState: (state: SaveState) => void;
  onSaved?: (encounter: Encounter) => void;
  delayMs?: number;
}

/**
 * Saves the draft as the doctor types: `delayMs` after the last change, the whole draft with the
 * version the server last answered. Saves run one at a time (a change made during a save is sent
 * after it, with the new version); a draft the schema refuses is not sent; a 409 stops saving.
 */
export class DraftSaver {
  private version: number;
  private latest: EncounterContent | null = null;
  private dirty = false;
  private inflight: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly delayMs: number;

  constructor(private readonly options: Options) {
    this.version = options.version;
    this.delayMs = options.delayMs ?? 800;
  }

  get currentVersion() {
    return this.version;
  }

  /** Unsaved changes (typed, waiting, or failed). */
  get hasUnsaved() {
    return this.dirty || this.inflight !== null;
  }

  change(content: EncounterContent) {
    if (this.stopped) return;
    this.latest = content;
    this.dirty = true;
    this.options.onState({ kind: 'pending' });
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.delayMs);
  }

  /** Saves now whatever is waiting; resolves to the version to finish with, or null when it could not. */
  async flush(): Promise<number | null> {
    this.clearTimer();
    await this.run();
    return this.dirty || this.stopped ? null : this.version;
  }

  /** Tries again after a failure. */
  retry() {
    this.clearTimer();
    void this.run();
  }

  dispose() {
    this.clearTimer();
    this.stopped = true;
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    if (this.inflight) {
      // never two saves in flight: the next one starts from the version this one answers
      await this.inflight;
      return this.run();
    }
    if (!this.dirty || this.stopped || !this.latest) return;
    const parsed = encounterSaveSchema.safeParse({ ...this.latest, version: this.version });
    if (!parsed.success) {
      this.options.onState({ kind: 'invalid' });
      return;
    }
    this.dirty = false;
    this.options.onState({ kind: 'saving' });
    this.inflight = this.send(parsed.data);
    await this.inflight;
  }

  private async send(input: EncounterSaveInput) {
    try {
      const saved = await this.options.save(input);
      this.version = saved.version;
      this.options.onSaved?.(saved);
      if (!this.stopped)
        this.options.onState(this.dirty ? { kind: 'pending' } : { kind: 'saved', at: new Date() });
    } catch (error) {
      this.dirty = true;
      if (error instanceof ApiError && error.status === 409) {
        this.stopped = true;
        this.clearTimer();
        this.options.onState({ kind: 'conflict', message: error.message });
      } else {
        this.options.onState({ kind: 'failed', message: error instanceof ApiError ? error.message : '' });
      }
    } finally {
      this.inflight = null;
    }
  }
}
