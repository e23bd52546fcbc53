import { accessibleRoutes, type MenuAccess } from '@klinikita/domain/access/menu';
import {
  DOCTOR_ONLY_PERMISSIONS,
  PERMISSIONS,
  type Permission,
  permissionsOf,
} from '@klinikita/domain/access/permissions';
import { changePassword, getSessionUser } from '@klinikita/domain/auth/auth.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Listen } from '../db/pg-listener.ts';
import { extendSession, findSession, type SessionRow } from '../modules/auth/auth.queries.ts';
import { toMenuAccess } from '../modules/auth/session-user.mapper.ts';
import { hashToken } from '../shared/crypto.ts';
import { AppError, forbidden, unauthenticated } from '../shared/errors.ts';
import { API_PREFIX } from '../shared/http.ts';
import { createSessionCache } from './session-cache.ts';

/**
 * What an API route needs: nothing (`public`), a logged-in user acting on their own things
 * (`session`, e.g. the own profile) or a permission of the catalogue (`permission`).
 */
export type RouteAccess = { public: true } | { session: true } | { permission: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: AuthSession | null;
  }
}

export interface AuthSession extends SessionRow {
  access: MenuAccess[];
  /** What the user may do: from the role's enabled menus (packages/domain/src/access/permissions.ts) */
  permissions: ReadonlySet<Permission>;
  token: string;
  via: 'cookie' | 'header';
}

export const TOKEN_COOKIE = 'token';

/** A registered route and the access rule it declared (none: outside the API, e.g. the docs). */
export interface RouteRule {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}
const routeTables = new WeakMap<FastifyInstance, readonly RouteRule[]>();

/** Every route registered after the auth plugin with its access rule (read-only; security tests). */
export function routeAccessTable(app: FastifyInstance): readonly RouteRule[] {
  return routeTables.get(app) ?? [];
}

/** The token: `Authorization: <token>` or `Bearer <token>` for API clients, else the httpOnly cookie. */
function readToken(request: FastifyRequest): { token: string; via: 'cookie' | 'header' } | null {
  const header = request.headers.authorization?.trim();
  if (header) return { token: header.replace(/^Bearer\s+/i, ''), via: 'header' };
  const cookie = request.cookies?.[TOKEN_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie-borne writes must come from this origin (CSRF); header-token clients are not at risk.
 * The host is Fastify's `request.host`: X-Forwarded-Host counts only from a trusted proxy
 * (`trustProxy`), so a client cannot name the origin it claims to match.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  if (!UNSAFE.has(request.method)) return;
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (origin) {
    const host = request.host;
    let originHost = '';
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = '';
    }
    if (originHost !== host) throw new AppError(403, 'api.csrf');
    return;
  }
  if (site && site !== 'same-origin' && site !== 'none') throw new AppError(403, 'api.csrf');
}

/** What a session whose password an Admin chose may still do: read itself and change the password. */
const DURING_PASSWORD_CHANGE = new Set([
  `${getSessionUser.method} ${API_PREFIX}${getSessionUser.path}`,
  `${changePassword.method} ${API_PREFIX}${changePassword.path}`,
]);

export interface AuthPluginOptions {
  db: Db;
  /** Idle lifetime: a session unused this long ends (renewed as it is used). */
  sessionTtlMs: number;
  /** Absolute lifetime: a session ends this long after the login, however much it is used. */
  sessionMaxAgeMs: number;
  listen: Listen;
  sessionCacheMs?: number;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('session', null);
  const cache = createSessionCache({ ttlMs: opts.sessionCacheMs ?? 5000 });
  const unlisten = await cache.listen(opts.listen);
  app.addHook('onClose', async () => unlisten());
  // a write may have changed what a session carries (logout, a role's menus, a user switched off):
  // this instance forgets its copies before answering; the others hear it from the database
  app.addHook('onSend', async (request) => {
    if (UNSAFE.has(request.method) && cache.size) cache.clear();
  });

  const table: RouteRule[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const access = route.config?.access;
    if (url.startsWith('/api/clinic/') && !access) {
      throw new Error(`Route ${route.method} ${url} declares no access rule`);
    }
    if (access && 'permission' in access && !(access.permission in PERMISSIONS)) {
      throw new Error(`Route ${route.method} ${url} declares an unknown permission ${access.permission}`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url, access: route.config?.access });
  });

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    const found = readToken(request);
    if (!found) throw unauthenticated();
    const tokenHash = hashToken(found.token);
    let cached = cache.get(tokenHash);
    if (!cached) {
      const fresh = await findSession(opts.db, tokenHash, opts.sessionMaxAgeMs);
      if (!fresh) throw unauthenticated();
      const menuAccess = toMenuAccess(fresh.menus);
      const permissions = permissionsOf(fresh.roleName, accessibleRoutes(menuAccess), {
        doctor: fresh.doctorId !== null,
      });
      cached = { row: fresh, access: menuAccess, permissions, at: Date.now() };
      cache.set(tokenHash, fresh, menuAccess, permissions);
    }
    const { row } = cached;
    if (found.via === 'cookie') assertSameOrigin(request);
    // sliding expiry: renew once half the idle lifetime has gone, never past the absolute end
    const end = row.createdAt.getTime() + opts.sessionMaxAgeMs;
    if (row.expiresAt.getTime() - Date.now() < opts.sessionTtlMs / 2 && row.expiresAt.getTime() < end) {
      row.expiresAt = new Date(Math.min(Date.now() + opts.sessionTtlMs, end));
      await extendSession(opts.db, row.sessionId, row.expiresAt);
    }
    const session: AuthSession = {
      ...row,
      access: cached.access,
      permissions: cached.permissions,
      token: found.token,
      via: found.via,
    };
    request.session = session;
    if (
      row.mustChangePassword &&
      !DURING_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)
    )
      throw forbidden('api.passwordChangeRequired');
    if ('permission' in access && !session.permissions.has(access.permission))
      throw forbidden(refusalKey(session, access.permission));
  });
});

/**
 * The message of a refusal: a menu that grants a doctor's act to a user who is not a doctor (a
 * nurse on the examination screen) says so; anything else is the plain "access denied".
 */
function refusalKey(session: AuthSession, permission: Permission): string {
  if (!DOCTOR_ONLY_PERMISSIONS.includes(permission) || session.doctorId !== null) return 'api.forbidden';
  const byMenus = permissionsOf(session.roleName, accessibleRoutes(session.access), { doctor: true });
  return byMenus.has(permission) ? 'consultations.doctorOnly' : 'api.forbidden';
}

/** The session of a route that declared `session` or `menu` access. */
export function requireSession(request: FastifyRequest): AuthSession {
  if (!request.session) throw unauthenticated();
  return request.session;
}
