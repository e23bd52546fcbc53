import type { FieldError } from '@klinikita/domain/common/envelope';
import { translate } from '@klinikita/domain/i18n/translate';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../shared/errors.ts';
import { requestLocale } from './locale.ts';

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

/**
 * Data exceptions the database raises on input that does not fit a column: a number out of the
 * column's range, a NUL byte or a malformed text, an impossible date, a LIKE pattern ending in an
 * escape. The client's input, refused like any other invalid input.
 */
const INPUT_DATA_EXCEPTIONS = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22025',
  '22P02',
  '22P05',
]);

/**
 * The router's own errors, raised before any hook (a malformed escape or an overlong segment in
 * the URL): the same envelope instead of Fastify's default body, which echoes the path.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = translate(
    requestLocale(request),
    statusCode === 414 ? 'api.payloadTooLarge' : 'api.validation',
  );
  return reply.code(statusCode).send({ status: false, message });
}

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
      const errors = error.fields.map((f) => ({ path: f.path, message: request.t(f.key, error.params) }));
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
    if (INPUT_DATA_EXCEPTIONS.has(code)) {
      request.log.warn({ code }, 'input the database refused');
      return reply.code(400).send({ status: false, message: request.t('api.validation') });
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
