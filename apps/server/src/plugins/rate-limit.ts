import fastifyRateLimit from '@fastify/rate-limit';
import { searchCodes } from '@klinikita/domain/codes/codes.contract';
import type { Endpoint } from '@klinikita/domain/common/contract';
import { listRecordPatients } from '@klinikita/domain/consultations/consultations.contract';
import { encounterPdf, letterPdf } from '@klinikita/domain/consultations/letters.contract';
import { listDrugs } from '@klinikita/domain/drugs/drugs.contract';
import { uploadDoctorFile, uploadUserPhoto } from '@klinikita/domain/files/files.contract';
import { uploadStationAttachment } from '@klinikita/domain/mcu/mcu-attachments.contract';
import {
  mcuCertificatePdf,
  mcuChecklistPdf,
  mcuReportPdf,
  verifyMcuReport,
} from '@klinikita/domain/mcu/mcu-outputs.contract';
import { listPatients } from '@klinikita/domain/patients/patients.contract';
import { checkPatientIhs } from '@klinikita/domain/satusehat/patient-ihs.contract';
import { practitionerIhsByNik } from '@klinikita/domain/satusehat/satusehat.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.ts';
import { API_PREFIX } from '../shared/http.ts';

/**
 * The limits on the calls that cost the server most (issue 13, item 11), all in this one file.
 *
 * Each class is counted per signed-in user and, with a higher ceiling (a clinic's staff share one
 * address behind its router), per address; the refusal is 429 with `Retry-After` and the usual
 * envelope in the caller's language. A user refused by their own limit does not use up the
 * address's.
 *
 * The counters live in the memory of each instance (@fastify/rate-limit's LRU store), on purpose:
 * these limits protect each instance's CPU, disk and outgoing SATUSEHAT calls from one caller, so
 * an instance counting what reaches it is what matters; behind N instances a caller gets at most N
 * times a limit, still bounded. Login, whose limit must hold across instances, is not here: the
 * login code counts attempts in the database.
 */
export type LimitClass = 'upload' | 'search' | 'pdf' | 'identityLookup';

export interface ClassLimit {
  /** requests one user may make in the window */
  perUser: number;
  /** requests one address may make in the window, all its users together */
  perAddress: number;
  windowMs: number;
}

export type RateLimitPolicy = Record<LimitClass, ClassLimit>;

/** `false`: no limits (the bench); otherwise changes to the defaults, class by class. */
export type RateLimitOptions = false | { [C in LimitClass]?: Partial<ClassLimit> };

const MINUTE = 60_000;

/**
 * Far above what a person does at the screen — a search box asks as the user types, at most every
 * 100 ms (use-typeahead-text.ts: a clerk typing 6 keys a second for a whole minute sends 360), a
 * doctor attaches a few images per visit, prints a few PDFs — and far below what a script does (a
 * cashier's 20 uploads in 0.44 s, autocannon's thousands of searches).
 */
export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  upload: { perUser: 20, perAddress: 100, windowMs: MINUTE },
  search: { perUser: 600, perAddress: 3000, windowMs: MINUTE },
  pdf: { perUser: 30, perAddress: 150, windowMs: MINUTE },
  // each lookup is a call to SATUSEHAT, and NIKs must not be tried in bulk
  identityLookup: { perUser: 20, perAddress: 100, windowMs: 10 * MINUTE },
};

/** Which routes count against which class (HEAD twins of GET routes count too). */
export const LIMITED_ROUTES: readonly (readonly [LimitClass, Endpoint])[] = [
  ['upload', uploadDoctorFile],
  ['upload', uploadUserPhoto],
  ['upload', uploadStationAttachment],
  ['search', listPatients],
  ['search', listRecordPatients],
  ['search', searchCodes],
  ['search', listDrugs],
  ['pdf', letterPdf],
  ['pdf', encounterPdf],
  ['pdf', mcuReportPdf],
  ['pdf', mcuCertificatePdf],
  ['pdf', mcuChecklistPdf],
  // the public check of a report's QR code: counted per address, like a search
  ['search', verifyMcuReport],
  ['identityLookup', practitionerIhsByNik],
  ['identityLookup', checkPatientIhs],
];

const REFUSALS: Record<LimitClass, string> = {
  upload: 'api.tooManyUploads',
  search: 'api.tooManySearches',
  pdf: 'api.tooManyPdfs',
  identityLookup: 'api.tooManyIdentityLookups',
};

export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

export function rateLimitPolicy(options: Exclude<RateLimitOptions, false> = {}): RateLimitPolicy {
  const policy = { ...DEFAULT_RATE_LIMITS };
  for (const [name, change] of Object.entries(options) as [LimitClass, Partial<ClassLimit>][]) {
    policy[name] = { ...policy[name], ...change };
  }
  return policy;
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { limits?: RateLimitOptions }) => {
  if (opts.limits === false) return;
  const policy = rateLimitPolicy(opts.limits);
  // counters only where this plugin asks for them, not on every route
  await app.register(fastifyRateLimit, { global: false });

  const byRoute = new Map(LIMITED_ROUTES.map(([name, e]) => [routeKey(e.method, API_PREFIX + e.path), name]));
  const hooks = new Map<LimitClass, onRequestHookHandler>();
  for (const [name, limit] of Object.entries(policy) as [LimitClass, ClassLimit][]) {
    const byUser = app.createRateLimit({
      max: limit.perUser,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${name}:user:${request.session?.userId}`,
    });
    // the default key: the address, an IPv6 one by its /64 (one subscriber's network)
    const byAddress = app.createRateLimit({ max: limit.perAddress, timeWindow: limit.windowMs });
    hooks.set(name, async (request: FastifyRequest, reply: FastifyReply) => {
      // runs after the session is loaded (auth's onRequest comes first); every limited route needs one
      const counts = [...(request.session ? [byUser] : []), byAddress];
      for (const count of counts) {
        const state = await count(request);
        if (state.isAllowed || !state.isExceeded) continue;
        request.log.info({ limit: name, key: state.key }, 'rate limited');
        reply.header('retry-after', String(state.ttlInSeconds));
        throw new AppError(429, REFUSALS[name], { seconds: state.ttlInSeconds });
      }
    });
  }

  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = routeKey(method, route.url ?? route.path);
      const name = byRoute.get(key);
      if (!name) continue;
      const hook = hooks.get(name)!;
      const existing = [route.onRequest ?? []].flat();
      // a HEAD twin is made from its GET route's options, which already carry the hook
      if (!existing.includes(hook)) route.onRequest = [...existing, hook];
      seen.add(key);
    }
  });
  // a renamed route must not lose its limit without anyone noticing
  app.addHook('onReady', async () => {
    const missing = [...byRoute.keys()].filter((key) => !seen.has(key));
    if (missing.length) throw new Error(`Rate limits name routes that do not exist: ${missing.join(', ')}`);
  });
});
