import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { type RouteAccess, routeAccessTable } from '../plugins/auth.ts';
import { API_PREFIX } from '../shared/http.ts';
import type { JsonSchema, RefResolver } from './hostile-values.ts';

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export type RouteKind = 'json' | 'multipart' | 'stream' | 'download' | 'plain';

/** An API route as registered (its access rule) and as documented (its parameters and body). */
export interface ApiRoute {
  method: string;
  /** Fastify pattern, e.g. `/api/clinic/v1/patients/:uid` */
  url: string;
  /** `METHOD url` — a stable name for test titles and summaries */
  key: string;
  access: RouteAccess | undefined;
  kind: RouteKind;
  pathParams: string[];
  query: OpenApiParameter[];
  body: JsonSchema | undefined;
}

/** Server-sent event streams: a request that passes validation never ends. */
export const STREAM_ROUTES = ['GET /api/clinic/v1/events', 'GET /api/clinic/v1/display/:token/events'];
/** Multipart uploads and binary downloads. */
export const UPLOAD_ROUTES = [
  'POST /api/clinic/v1/assesments/doctor/upload',
  'POST /api/clinic/v1/users/upload',
];
export const DOWNLOAD_ROUTES = [
  'GET /api/clinic/v1/files/:uid',
  'GET /api/clinic/v1/consultations/letters/:uid/pdf',
  'GET /api/clinic/v1/consultations/encounters/:uid/pdf',
];

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * Every API route of the app (`/api/clinic/…` and `/logout`; HEAD twins left out) with its access
 * rule from the auth plugin and its parameters and body from the OpenAPI document.
 */
export async function apiRoutes(app: FastifyInstance): Promise<{ routes: ApiRoute[]; resolve: RefResolver }> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`OpenAPI document: ${res.statusCode}`);
  const doc = res.json() as OpenApiDocument;
  const resolve: RefResolver = (ref) => {
    const name = ref.split('/').pop() ?? '';
    const schema = doc.components?.schemas?.[name];
    if (!schema) throw new Error(`unresolved ${ref}`);
    return schema;
  };
  const routes: ApiRoute[] = [];
  for (const rule of routeAccessTable(app)) {
    if (rule.method === 'HEAD') continue;
    if (!rule.url.startsWith(`${API_PREFIX}/`) && rule.url !== '/logout') continue;
    const op = doc.paths[toOpenApiPath(rule.url)]?.[rule.method.toLowerCase()];
    const key = `${rule.method} ${rule.url}`;
    const json = op?.requestBody?.content['application/json']?.schema;
    const kind: RouteKind = STREAM_ROUTES.includes(key)
      ? 'stream'
      : UPLOAD_ROUTES.includes(key)
        ? 'multipart'
        : DOWNLOAD_ROUTES.includes(key)
          ? 'download'
          : json
            ? 'json'
            : 'plain';
    routes.push({
      method: rule.method,
      url: rule.url,
      key,
      access: rule.access,
      kind,
      pathParams: [...rule.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
      query: (op?.parameters ?? []).filter((p) => p.in === 'query'),
      body: json,
    });
  }
  for (const key of [...STREAM_ROUTES, ...UPLOAD_ROUTES, ...DOWNLOAD_ROUTES]) {
    if (!routes.some((r) => r.key === key))
      throw new Error(`route ${key} is gone: update the security tests`);
  }
  return { routes, resolve };
}

/** Builds a URL from a Fastify pattern: each `:param` replaced by its (already encoded) value. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x');
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Write detection: a row trigger on every table of the database copy records each insert,
 * update and delete in `zz_write_log` (rolled-back writes vanish with their transaction). Exact
 * and cheap: nothing written means no new log row.
 */
export async function installWriteLog(db: Db): Promise<WriteLog> {
  const statements = [
    'CREATE TABLE zz_write_log (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)',
    `CREATE FUNCTION zz_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO zz_write_log (tbl, op) VALUES (TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`,
    `DO $$
    DECLARE t record;
    BEGIN
      FOR t IN
        SELECT c.oid::regclass AS rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
          AND c.relname <> 'zz_write_log' AND NOT c.relispartition
      LOOP
        EXECUTE format('CREATE TRIGGER zz_write AFTER INSERT OR UPDATE OR DELETE ON %s '
          'FOR EACH ROW EXECUTE FUNCTION zz_log_write()', t.rel);
      END LOOP;
    END $$`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  const [{ n }] = await rows<{ n: string }>(
    db,
    sql.raw(`SELECT count(*)::text AS n FROM pg_trigger WHERE tgname = 'zz_write'`),
  );
  if (Number(n) < 20) throw new Error(`write log: only ${n} tables watched`);
  let mark = 0;
  return {
    tables: Number(n),
    async since() {
      const found = await rows<{ id: string; tbl: string; op: string }>(
        db,
        sql`SELECT l.id::text AS id, l.tbl, l.op FROM zz_write_log l WHERE l.id > ${mark} ORDER BY l.id`,
      );
      for (const row of found) mark = Math.max(mark, Number(row.id));
      return found.map((r) => `${r.op} ${r.tbl}`);
    },
  };
}

export interface WriteLog {
  /** How many tables are watched */
  tables: number;
  /** Writes since the last call ("INSERT public.patients", …) */
  since(): Promise<string[]>;
}

/** Files under a folder (uploads must not appear on a refused request). */
export function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    n += statSync(full).isDirectory() ? countFiles(full) : 1;
  }
  return n;
}

/** The parts of an answer the checks read (an inject answer, or a fetch answer read to the end). */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** What must never reach a client: stack frames, source paths, driver and SQL text. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]+ \(|\n\s+at \S/],
  [
    'source path',
    /(?:\/(?:work|home|usr|tmp|app|src)\/|[A-Z]:\\)[\w./\\-]+|node_modules|\.(?:ts|js|mjs|cjs):\d+/,
  ],
  ['SQL text', /\b(?:select\b[\s\S]{1,200}\bfrom|insert into|update \S+ set|delete from)\b/i],
  [
    'database error',
    /Failed query|syntax error at|violates (?:\w+ )?constraint|duplicate key value|relation "|column "|invalid input syntax|out of range for type|value too long for type|ECONNREFUSED|pglite|node-postgres/i,
  ],
  [
    'internal error',
    /TypeError|ReferenceError|RangeError|Cannot read propert|is not a function|undefined is not|\[object Object\]/,
  ],
];

/**
 * Problems of an error answer: not the JSON envelope `{ status: false, message, errors? }`, or a
 * leak. `echo` is the request's own text: a leak-looking fragment the client sent itself is fine.
 */
export function envelopeProblems(res: Answer, echo = ''): string[] {
  const problems: string[] = [];
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) problems.push(`content-type ${type || '(none)'}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    problems.push(`not JSON: ${res.body.slice(0, 120)}`);
    return problems;
  }
  const envelope = body as { status?: unknown; message?: unknown; errors?: unknown };
  const keys = Object.keys(envelope ?? {});
  if (envelope?.status !== false) problems.push('status is not false');
  if (typeof envelope?.message !== 'string' || !envelope.message) problems.push('no message');
  if (keys.some((k) => !['status', 'message', 'errors'].includes(k))) problems.push(`extra keys ${keys}`);
  if (envelope?.errors !== undefined) {
    const ok =
      Array.isArray(envelope.errors) &&
      envelope.errors.every(
        (e) =>
          e && typeof e.path === 'string' && typeof e.message === 'string' && Object.keys(e).length === 2,
      );
    if (!ok) problems.push(`malformed errors ${JSON.stringify(envelope.errors).slice(0, 200)}`);
  }
  for (const [what, pattern] of LEAKS) {
    const found = res.body.match(pattern)?.[0];
    if (found && !echo.includes(found)) problems.push(`${what}: ${found.slice(0, 80)}`);
  }
  return problems;
}

/** Real ids of the demo data, by kind, so that generated requests also reach the services. */
export interface IdPool {
  patient: string[];
  registration: string[];
  encounter: string[];
  template: string[];
  drug: string[];
  letter: string[];
  file: string[];
  role: string[];
  employee: string[];
  user: string[];
  doctor: number[];
  clinic: number[];
  corp: number[];
  token: string[];
  code: string[];
}

/** A few ids of each kind; the caller's own user, employee and role are left out (no self-lockout). */
export async function idPool(db: Db, exceptUsername: string): Promise<IdPool> {
  const uids = async (table: string, where = 'true') =>
    (
      await rows<{ uid: string }>(db, sql.raw(`SELECT uid FROM ${table} WHERE ${where} ORDER BY id LIMIT 6`))
    ).map((r) => r.uid);
  const ids = async (query: string) =>
    (await rows<{ id: number }>(db, sql.raw(query))).map((r) => Number(r.id));
  const me = (
    await rows<{ user_id: number; role_id: number; employee_id: number | null }>(
      db,
      sql`SELECT u.id AS user_id, u.role_id, u.employee_id FROM users u WHERE u.username = ${exceptUsername}`,
    )
  )[0];
  return {
    patient: await uids('patients'),
    registration: await uids('registrations'),
    encounter: await uids('encounters'),
    template: await uids('encounter_templates'),
    drug: await uids('drugs'),
    letter: await uids('letters'),
    file: await uids('files'),
    role: await uids('roles', `id <> ${me.role_id}`),
    employee: await uids('employees', me.employee_id ? `id <> ${me.employee_id}` : 'true'),
    user: await uids('users', `id <> ${me.user_id}`),
    doctor: await ids('SELECT id FROM doctors ORDER BY id LIMIT 6'),
    clinic: await ids('SELECT id FROM clinics ORDER BY id'),
    corp: await ids('SELECT id FROM corporates ORDER BY id'),
    token: (
      await rows<{ t: string }>(
        db,
        sql.raw('SELECT display_token AS t FROM queue_settings WHERE display_token IS NOT NULL LIMIT 3'),
      )
    ).map((r) => r.t),
    code: ['A00', 'J06.9', 'I10', '89.52', 'Z00.0'],
  };
}
