import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from './errors.ts';

/**
 * Lays PDFs out on worker threads (issue 13 item 10), so forty prints at once no longer stall every
 * other request: the data is read on the main thread, a worker only turns it into bytes. Two caps
 * keep one user or one burst from taking the instance: concurrent prints per user (429) and a
 * bounded queue behind the threads (503 with Retry-After). Per instance and in memory on purpose:
 * the cap is about this process's threads, not a rate across instances (that is the rate limiter's).
 */

export interface PdfPoolOptions {
  /** Worker threads; default one fewer than the cores (at least 1, at most 4). */
  threads?: number;
  /** Prints waiting for a thread before the instance answers 503. */
  maxQueue?: number;
  /** Prints one user may have in progress at once before 429. */
  perUser?: number;
}

/** Seconds a refused caller is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** A refusal that tells the client when to come back (the route sets the Retry-After header). */
export class PdfBusyError extends AppError {
  constructor(
    statusCode: 429 | 503,
    key: string,
    params: Record<string, number>,
    readonly retryAfter = RETRY_AFTER_SECONDS,
  ) {
    super(statusCode, key, params);
  }
}

/**
 * The app runs TypeScript through tsx (`node --import tsx`), whose loader a worker inherits with the
 * process's flags; under vitest (which transforms in-process) there is none, so the worker is given it.
 */
function workerExecArgv(): string[] | undefined {
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return undefined;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return [...process.execArgv, '--import', tsx];
}

export class PdfPool {
  readonly threads: number;
  readonly maxQueue: number;
  readonly perUser: number;
  private readonly pool: Piscina;
  private readonly inProgress = new Map<number, number>();

  /** `worker`: a module whose default export takes a job and answers the PDF's bytes. */
  constructor(worker: URL, options: PdfPoolOptions = {}) {
    this.threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.maxQueue = options.maxQueue ?? 32;
    this.perUser = options.perUser ?? 2;
    this.pool = new Piscina({
      filename: worker.href,
      // threads start with the first print and stop after a quiet minute
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      maxQueue: this.maxQueue,
      execArgv: workerExecArgv(),
    });
  }

  /**
   * Runs `work` (read the data, then `render` it) holding one of the user's print slots, so a
   * user's third print at once is refused before it reads anything.
   */
  async forUser<T>(userId: number, work: (render: (job: unknown) => Promise<Buffer>) => Promise<T>) {
    const held = this.inProgress.get(userId) ?? 0;
    if (held >= this.perUser) throw new PdfBusyError(429, 'letters.pdfUserBusy', { max: this.perUser }, 1);
    this.inProgress.set(userId, held + 1);
    try {
      return await work((job) => this.render(job));
    } finally {
      const left = (this.inProgress.get(userId) ?? 1) - 1;
      if (left > 0) this.inProgress.set(userId, left);
      else this.inProgress.delete(userId);
    }
  }

  /** The PDF of one job, laid out on a worker thread; a full queue answers 503. */
  async render(job: unknown): Promise<Buffer> {
    if (this.pool.queueSize >= this.maxQueue) throw new PdfBusyError(503, 'letters.pdfBusy', {});
    const bytes: Uint8Array = await this.pool.run(job);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Prints finished by the workers (for tests and health checks). */
  get completed(): number {
    return this.pool.completed;
  }

  /** Worker threads running now (none before the first print and after close). */
  get threadCount(): number {
    return this.pool.threads.length;
  }

  /** Stops the threads (app close): prints still running are abandoned, as their requests are. */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
