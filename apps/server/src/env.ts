import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7)
    .describe('absolute session lifetime: a session ends this long after the login, however much it is used'),
  SESSION_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(5000)
    .describe('how long an instance reuses a session lookup; 0 turns the cache off'),
  SEED_DEMO: z
    .enum(['auto', 'always', 'never'])
    .default('auto')
    .describe(
      'auto: seed the demo clinic into an empty embedded database (PGlite) only; always: also into an empty PostgreSQL server',
    ),
  COOKIE_SECURE: z
    .enum(['auto', 'true', 'false'])
    .default('auto')
    .describe('auto: Secure cookies when the request came over https'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'SECRETS_KEY must be 32 bytes in base64')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('key sealing stored secrets; when absent DATA_DIR/secret.key is created once'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  RATE_LIMITS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on')
    .describe('off: no limits on uploads, searches, PDFs and identity lookups (the bench)'),
  EVENT_STREAMS_PER_SESSION: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(4)
    .describe('live event streams one session may hold open on an instance'),
  EVENT_CONSUMERS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on')
    .describe('off: this instance serves requests but leaves the domain events to the other instances'),
  SATUSEHAT_SIMULATOR_URL: z
    .url({ protocol: /^https?$/, error: 'SATUSEHAT_SIMULATOR_URL must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('a SATUSEHAT simulator already running there: the server starts none of its own'),
  SATUSEHAT_DELIVERY_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(300_000)
    .describe(
      'how long a delivery taken by an instance stays its own (a killed instance’s rows wait this long)',
    ),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once at start-up; a wrong setting stops the server with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
