import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import {
  createSatusehatClient,
  type SatusehatClient,
  type SatusehatClientOptions,
  SatusehatError,
  satusehatEndpoints,
} from './satusehat.client.ts';
import { findSatusehatSettings, openClientSecret, type SatusehatSettingsRow } from './satusehat.settings.ts';
import { SecretBoxError } from './secret-box.ts';

/** What the server knows about SATUSEHAT beyond each clinic's settings. */
export interface SatusehatConfig {
  /** Opens the clinics' client secrets */
  secretsKey: Buffer;
  /** Base URL of the running simulator, when one runs */
  simulatorUrl?: string;
  /** Retry and timeout tuning (tests keep the delays small) */
  client?: Pick<SatusehatClientOptions, 'retry' | 'timeoutMs'>;
}

/**
 * The rest of the server reaches SATUSEHAT only through here: one client per clinic, rebuilt
 * when the clinic's settings change (the client keeps its access token between calls).
 */
export class SatusehatService {
  private readonly clients = new Map<number, { fingerprint: string; client: SatusehatClient }>();

  constructor(
    private readonly db: Db,
    private readonly config: SatusehatConfig | undefined,
  ) {}

  async clientForClinic(clinicId: number): Promise<SatusehatClient> {
    const settings = await findSatusehatSettings(this.db, clinicId);
    if (!settings) throw new AppError(409, 'satusehat.notConfigured');
    return this.clientFor(settings);
  }

  /**
   * The clinic's shared client for settings the caller has read itself (inside its transaction:
   * on PGlite a read through the service's own handle would wait for that transaction).
   */
  clientFor(settings: SatusehatSettingsRow): SatusehatClient {
    const fingerprint = fingerprintOf(settings);
    const cached = this.clients.get(settings.clinicId);
    if (cached?.fingerprint === fingerprint) return cached.client;
    const client = this.build(settings);
    this.clients.set(settings.clinicId, { fingerprint, client });
    return client;
  }

  /** The practitioner's IHS number; 404 when the platform does not know the NIK. */
  async practitionerIhsByNik(clinicId: number, nik: string, log: FastifyBaseLogger): Promise<string> {
    const client = await this.clientForClinic(clinicId);
    const ihs = await platformCall(() => client.practitionerByNik(nik), log);
    if (!ihs) throw new AppError(404, 'satusehat.practitionerNotFound');
    return ihs;
  }

  /**
   * A new client of these settings, its own token cache (the connection test must not reuse a
   * token of earlier settings); `tuning` overrides the server's retry and timeout.
   */
  freshClient(
    settings: SatusehatSettingsRow,
    tuning: Pick<SatusehatClientOptions, 'retry' | 'timeoutMs'> = {},
  ): SatusehatClient {
    return this.build(settings, tuning);
  }

  private build(
    settings: SatusehatSettingsRow,
    tuning: Pick<SatusehatClientOptions, 'retry' | 'timeoutMs'> = {},
  ): SatusehatClient {
    const config = this.config;
    if (!config) throw new AppError(503, 'satusehat.unavailable');
    if (settings.environment === 'simulator' && !config.simulatorUrl) {
      throw new AppError(503, 'satusehat.simulatorOff');
    }
    let clientSecret: string;
    try {
      clientSecret = openClientSecret(config.secretsKey, settings);
    } catch (error) {
      if (error instanceof SecretBoxError) throw new AppError(409, 'satusehat.secretUnreadable');
      throw error;
    }
    return createSatusehatClient({
      ...satusehatEndpoints(settings.environment, config.simulatorUrl),
      clientId: settings.clientId,
      clientSecret,
      ...config.client,
      ...tuning,
      retry: { ...config.client?.retry, ...tuning.retry },
    });
  }
}

function fingerprintOf(settings: SatusehatSettingsRow): string {
  return [
    settings.environment,
    settings.clientId,
    settings.clientSecretEnc,
    settings.organizationId,
    settings.updatedAt.toISOString(),
  ].join('\n');
}

/** Platform failures as the API's errors: outage 503, refusals 502 with the platform's words. */
export async function platformCall<T>(call: () => Promise<T>, log: FastifyBaseLogger): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof SatusehatError)) throw error;
    log.warn({ kind: error.kind, status: error.status, detail: error.message }, 'SATUSEHAT call failed');
    switch (error.kind) {
      case 'unavailable':
        throw new AppError(503, 'satusehat.unavailable');
      case 'credentials':
        throw new AppError(502, 'satusehat.credentialsRefused');
      case 'refused':
        throw new AppError(502, 'satusehat.refused', { detail: error.message });
      default:
        throw new AppError(502, 'satusehat.badResponse');
    }
  }
}
