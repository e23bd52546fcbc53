import type {
  ConnectionProblem,
  ConnectionTestAnswer,
  SatusehatSettingsAnswer,
  SatusehatSettingsInput,
} from '@klinikita/domain/satusehat/satusehat-settings.schema';
import type { Organization } from 'fhir/r4';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { SatusehatError, satusehatEndpoints } from './satusehat.client.ts';
import type { SatusehatConfig, SatusehatService } from './satusehat.service.ts';
import { findSatusehatSettings, type SatusehatSettingsRow, sealClientSecret } from './satusehat.settings.ts';
import { upsertSatusehatSettings } from './satusehat-onboarding.queries.ts';
import { SecretBoxError } from './secret-box.ts';

/** How long "Tes koneksi" waits for each answer: the person is waiting at the screen. */
const TEST_TIMEOUT_MS = 10_000;

/** A settings row as the screen reads it: never the secret, only whether one is stored. */
function toAnswer(clinicId: number, row: SatusehatSettingsRow | undefined): SatusehatSettingsAnswer {
  return {
    clinicId,
    configured: Boolean(row),
    environment: row?.environment ?? 'simulator',
    clientId: row?.clientId ?? '',
    organizationId: row?.organizationId ?? '',
    secretSet: Boolean(row?.clientSecretEnc),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** What the test found: the answer, its message key and the message's values. */
export interface ConnectionTestResult {
  answer: ConnectionTestAnswer;
  key: string;
  params: Record<string, string | number>;
}

/** The settings screen's calls (`/Setting/satuSehat`): read, save, test the connection. */
export class SatusehatSettingsService {
  constructor(
    private readonly db: Db,
    private readonly config: SatusehatConfig | undefined,
    private readonly platform: SatusehatService,
  ) {}

  async get(session: AuthSession, clinicId: number): Promise<SatusehatSettingsAnswer> {
    clinicOf(session, clinicId);
    return toAnswer(clinicId, await findSatusehatSettings(this.db, clinicId));
  }

  /** Saves the settings; an empty secret keeps the stored one. The audit row never holds the secret. */
  async save(
    session: AuthSession,
    input: SatusehatSettingsInput,
    ip: string,
  ): Promise<SatusehatSettingsAnswer> {
    clinicOf(session, input.clinicId);
    const config = this.config;
    if (!config) throw new AppError(503, 'satusehat.unavailable');
    const secret = input.clientSecret?.trim() ?? '';
    const current = await findSatusehatSettings(this.db, input.clinicId);
    if (!secret && !current) {
      throw new AppError(400, 'satusehatSettings.clientSecretRequired', {}, [
        { path: 'clientSecret', key: 'satusehatSettings.clientSecretRequired' },
      ]);
    }
    return this.db.transaction(async (tx) => {
      const row = await upsertSatusehatSettings(tx, {
        clinicId: input.clinicId,
        environment: input.environment,
        clientId: input.clientId,
        clientSecretEnc: secret
          ? sealClientSecret(config.secretsKey, input.clinicId, secret)
          : current!.clientSecretEnc,
        organizationId: input.organizationId,
      });
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: input.clinicId,
        action: 'satusehat.settings',
        entity: 'clinic',
        entityId: String(input.clinicId),
        ip,
        detail: {
          environment: input.environment,
          clientId: input.clientId,
          organizationId: input.organizationId,
          secretChanged: Boolean(secret),
          before: current
            ? {
                environment: current.environment,
                clientId: current.clientId,
                organizationId: current.organizationId,
              }
            : null,
        },
      });
      return toAnswer(input.clinicId, row);
    });
  }

  /**
   * "Tes koneksi" with the saved settings: a token from the auth endpoint, then the clinic's
   * Organization read back. Each failure is named plainly; the platform's words go in `detail`.
   */
  async test(session: AuthSession, clinicId: number, ip: string): Promise<ConnectionTestResult> {
    clinicOf(session, clinicId);
    const settings = await findSatusehatSettings(this.db, clinicId);
    const result = await this.probe(settings);
    await writeAudit(this.db, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId,
      action: 'satusehat.connectionTest',
      entity: 'clinic',
      entityId: String(clinicId),
      ip,
      detail: {
        environment: settings?.environment ?? null,
        organizationId: settings?.organizationId ?? null,
        ok: result.answer.ok,
        problem: result.answer.problem,
        detail: result.answer.detail,
      },
    });
    return result;
  }

  private async probe(settings: SatusehatSettingsRow | undefined): Promise<ConnectionTestResult> {
    const environment = settings?.environment ?? null;
    const fail = (
      problem: ConnectionProblem,
      params: Record<string, string | number> = {},
      detail: string | null = null,
    ): ConnectionTestResult => ({
      answer: { ok: false, problem, detail, organizationName: null, environment },
      key: `satusehatSettings.problems.${problem}`,
      params,
    });
    if (!settings) return fail('notConfigured');
    if (settings.environment === 'simulator' && !this.config?.simulatorUrl) return fail('simulatorOff');
    let client: ReturnType<SatusehatService['freshClient']>;
    try {
      client = this.platform.freshClient(settings, { retry: { tries: 1 }, timeoutMs: TEST_TIMEOUT_MS });
    } catch (error) {
      if (error instanceof AppError && error.key === 'satusehat.secretUnreadable')
        return fail('secretUnreadable');
      if (error instanceof SecretBoxError) return fail('secretUnreadable');
      throw error;
    }
    const host = new URL(satusehatEndpoints(settings.environment, this.config?.simulatorUrl).authUrl).host;
    const organization = settings.organizationId;
    const unreached = (error: SatusehatError) => {
      if (error.status === 0) {
        return /timeout|aborted/i.test(error.message)
          ? fail('timeout', { host, seconds: TEST_TIMEOUT_MS / 1000 }, error.message)
          : fail('unreachable', { host }, error.message);
      }
      return fail('platformError', { status: error.status }, error.message);
    };

    try {
      await client.accessToken();
    } catch (error) {
      if (!(error instanceof SatusehatError)) throw error;
      if (error.kind === 'credentials') return fail('credentials', {}, error.message);
      if (error.kind === 'unavailable') return unreached(error);
      return fail('badResponse', {}, error.message);
    }

    let found: Organization;
    try {
      found = await client.read<Organization>('Organization', organization);
    } catch (error) {
      if (!(error instanceof SatusehatError)) throw error;
      if (error.kind === 'refused' && error.status === 404)
        return fail('organizationUnknown', { organization }, error.message);
      if (error.kind === 'refused' && error.status === 403)
        return fail('organizationForeign', { organization }, error.message);
      if (error.kind === 'credentials') return fail('credentials', {}, error.message);
      if (error.kind === 'unavailable') return unreached(error);
      if (error.kind === 'refused') return fail('platformError', { status: error.status }, error.message);
      return fail('badResponse', {}, error.message);
    }
    if (found?.resourceType !== 'Organization') return fail('badResponse');
    const name = found.name ?? organization;
    return {
      answer: { ok: true, problem: null, detail: null, organizationName: name, environment },
      key: 'satusehatSettings.connectionOk',
      params: { organization: name },
    };
  }
}
