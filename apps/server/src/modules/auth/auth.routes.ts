import { loginResultSchema, loginSchema, sessionUserSchema } from '@klinikita/domain/auth/auth.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { assertSameOrigin, requireSession, TOKEN_COOKIE } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { hashToken } from '../../shared/crypto.ts';
import { cookieSecure, errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { deleteSession } from './auth.queries.ts';
import { login, sessionUser } from './auth.service.ts';

export interface AuthRoutesOptions {
  db: Db;
  sessionTtlMs: number;
  cookieSecure: 'auto' | 'true' | 'false';
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'Log in with username and password; sets the httpOnly token cookie',
        body: loginSchema,
        response: {
          200: ok(loginResultSchema),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          423: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const result = await login(opts.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        sessionTtlMs: opts.sessionTtlMs,
      });
      reply.setCookie(TOKEN_COOKIE, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure(request, opts.cookieSecure),
        maxAge: Math.floor(opts.sessionTtlMs / 1000),
      });
      return { status: true, message: request.t('api.loginOk'), data: result };
    },
  );

  r.get(
    '/users',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['auth'],
        summary: 'The session user (spec 3): role, menu access, modules, clinic',
        response: { 200: ok(sessionUserSchema), ...standardErrors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return { status: true, message: request.t('api.ok'), data: await sessionUser(opts.db, session) };
    },
  );

  r.get(
    '/auth/demo-accounts',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'Demo logins, listed only while the demo data is in use',
        response: {
          200: ok(
            z.object({
              accounts: z.array(z.object({ username: z.string(), name: z.string(), role: z.string() })),
              password: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const rows = await opts.db
        .select({ username: users.username, name: users.name, role: roles.name })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.demo, true))
        .orderBy(users.id);
      return {
        status: true,
        message: request.t('api.ok'),
        data: { accounts: rows, password: rows.length ? DEMO_PASSWORD : null },
      };
    },
  );
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
