import { envelopeSchema } from '@klinikita/domain/common/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const API_PREFIX = '/api/clinic/v1';

/** Response schemas of an envelope route: 200 with `data`, the error envelope otherwise. */
export const ok = <T extends z.ZodType>(data: T) => envelopeSchema(data);
export const errorResponse = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const standardErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
} as const;

/** Cookies travel Secure when the request came over https (or COOKIE_SECURE=true). */
export function cookieSecure(request: FastifyRequest, setting: 'auto' | 'true' | 'false'): boolean {
  if (setting !== 'auto') return setting === 'true';
  return request.protocol === 'https';
}

export function clearCookie(reply: FastifyReply, name: string) {
  reply.clearCookie(name, { path: '/' });
}
