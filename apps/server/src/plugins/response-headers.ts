import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** One year; browsers keep using https for the host (and its subdomains) that long. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries, set once here rather than by each route:
 * - API answers (data, PDFs, errors and 404s alike) are `no-store`: patient data stays out of the
 *   browser's cache on a shared clinic computer and out of proxies. A route that says otherwise on
 *   purpose keeps its word (uploaded images: `private`, files.routes.ts). Static assets keep their
 *   own caching (app.ts).
 * - HSTS only when the request came over https: directly, or through a proxy that says so in
 *   `X-Forwarded-Proto`, believed only with TRUST_PROXY (`request.protocol`). Over plain http the
 *   header would mean nothing, and behind an untrusted proxy anyone could ask for it.
 */
export function setResponseHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

/**
 * Sets them before anything else answers, so that routes, refusals, 404s and the event streams
 * (which copy them onto their hijacked reply) carry them; the router's own refusals, answered
 * before any hook, call `setResponseHeaders` themselves (app.ts).
 */
export const responseHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => setResponseHeaders(request, reply));
});
