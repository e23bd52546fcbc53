import type { FieldError } from '@klinikita/domain/common/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../shared/errors.ts';

/** Database errors that mean "the server cannot be reached right now", not a bug. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);

function validationErrors(error: FastifyError, request: FastifyRequest): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    path: (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
    message: request.t(issue.message ?? 'validation.invalid'),
  }));
}

/**
 * One error envelope `{ status: false, message, errors? }` with a meaningful code; no stack
 * trace, SQL or internal message ever leaves the server.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const message = request.t(error.key, error.params);
      if (!error.fields.length) return reply.code(error.statusCode).send({ status: false, message });
      const errors = error.fields.map((f) => ({ path: f.path, message: request.t(f.key) }));
      return reply.code(error.statusCode).send({ status: false, message, errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({
        status: false,
        message: request.t('api.validation'),
        errors: validationErrors(error, request),
      });
    }
    // drizzle wraps the driver's error ('Failed query: …'); the driver's code and message are its cause
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const code = (error as { code?: string }).code ?? cause?.code ?? '';
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status: false, message: request.t('api.payloadTooLarge') });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // malformed JSON, wrong content type, bad multipart: the client's fault, said plainly
      request.log.info({ code }, 'client error');
      return reply.code(statusCode).send({ status: false, message: request.t('api.validation') });
    }
    const driverMessage = cause?.message ?? error.message;
    if (
      UNAVAILABLE_CODES.has(code) ||
      /connection (terminated|refused)|closed|ECONNREFUSED/i.test(driverMessage)
    ) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ status: false, message: request.t('api.unavailable') });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ status: false, message: request.t('api.internal') });
  });
});
