import {
  changePassword,
  getSessionUser,
  listDemoAccounts,
  login,
} from '@klinikita/domain/auth/auth.contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { assertSameOrigin, requireSession, TOKEN_COOKIE } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { hashToken } from '../../shared/crypto.ts';
import { cookieSecure } from '../../shared/http.ts';
import { route } from '../../shared/route.ts';
import { deleteSession } from './auth.queries.ts';
import * as auth from './auth.service.ts';
import type { LoginLimits } from './login-throttle.ts';

export interface AuthRoutesOptions {
  db: Db;
  sessionTtlMs: number;
  sessionMaxAgeMs: number;
  cookieSecure: 'auto' | 'true' | 'false';
  loginLimits?: LoginLimits;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  route(app, login, async (req, reply) => {
    assertSameOrigin(req);
    const result = await auth.login(opts.db, req.body, {
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      sessionTtlMs: opts.sessionTtlMs,
      sessionMaxAgeMs: opts.sessionMaxAgeMs,
      limits: opts.loginLimits,
    });
    reply.setCookie(TOKEN_COOKIE, result.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // https, or a trusted proxy's X-Forwarded-Proto (Fastify's trustProxy), or COOKIE_SECURE=true
      secure: cookieSecure(req, opts.cookieSecure),
      maxAge: Math.floor(Math.min(opts.sessionTtlMs, opts.sessionMaxAgeMs) / 1000),
    });
    return result;
  });

  route(app, getSessionUser, (req) => auth.sessionUser(opts.db, requireSession(req)));

  route(app, changePassword, (req) => auth.changeOwnPassword(opts.db, requireSession(req), req.body, req.ip));

  route(app, listDemoAccounts, async () => {
    const rows = await opts.db
      .select({ username: users.username, name: users.name, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.demo, true))
      .orderBy(users.id);
    return { accounts: rows, password: rows.length ? DEMO_PASSWORD : null };
  });
}

/** `POST /logout` on the app's own host (spec 7): ends the session and removes the cookie. */
export async function logoutRoute(app: FastifyInstance, opts: { db: Db }) {
  app.post('/logout', async (request, reply) => {
    const header = request.headers.authorization?.trim().replace(/^Bearer\s+/i, '');
    const token = header || request.cookies[TOKEN_COOKIE];
    if (!header && token) assertSameOrigin(request);
    if (token) {
      const userId = await deleteSession(opts.db, hashToken(token));
      if (userId)
        await writeAudit(opts.db, {
          userId,
          action: 'logout',
          entity: 'user',
          entityId: String(userId),
          ip: request.ip,
        });
    }
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return { status: true, message: request.t('api.logoutOk') };
  });
}
