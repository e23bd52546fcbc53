import { endpoint, errorAnswer } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import { loginResultSchema, loginSchema, sessionUserSchema } from './auth.schema.ts';
import { passwordChangeSchema } from './password.schema.ts';

const tags = ['auth'] as const;

export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  public: true,
  tags,
  summary: 'Log in with username and password; sets the httpOnly token cookie',
  body: loginSchema,
  response: loginResultSchema,
  // 423: the account is locked for a while; 429: too many attempts from the address
  errors: { 423: errorAnswer, 429: errorAnswer },
  message: 'api.loginOk',
});

export const getSessionUser = endpoint({
  method: 'GET',
  path: '/users',
  session: true,
  tags,
  summary: 'The session user (spec 3): role, menu access, modules, clinic',
  response: sessionUserSchema,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/auth/password',
  session: true,
  tags,
  summary:
    'Change the own password with the current one; this session stays, the others end (the only write allowed while a password change is due)',
  body: passwordChangeSchema,
  response: z.undefined(),
  // 423/429: too many wrong current passwords, counted like failed logins
  errors: { 423: errorAnswer, 429: errorAnswer },
  message: 'api.passwordChanged',
});

export const demoAccountSchema = z.object({ username: z.string(), name: z.string(), role: z.string() });
export type DemoAccount = z.infer<typeof demoAccountSchema>;

export const listDemoAccounts = endpoint({
  method: 'GET',
  path: '/auth/demo-accounts',
  public: true,
  tags,
  summary: 'Demo logins, listed only while the demo data is in use',
  response: z.object({ accounts: z.array(demoAccountSchema), password: z.string().nullable() }),
});
