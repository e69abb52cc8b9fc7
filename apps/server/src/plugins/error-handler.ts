import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@atrium/contracts';
import { AppError } from '../lib/app-error.js';

/**
 * One error body everywhere (ARCHITECTURE.md "Errors"): `{ code, message, errors? }`.
 * Schema failures become 400 VALIDATION_FAILED with the fields named; unknown
 * errors become a logged 500 INTERNAL that leaks nothing.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { ...error.extra, code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      if (error.status > 599) {
        // Qiniu's 701 (stale block ctx) is outside the range Fastify accepts: write it raw.
        reply.hijack();
        reply.raw.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify({ ...body, error: body.message }));
        return;
      }
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
        (errors[field] ??= []).push(issue.message ?? 'is invalid');
      }
      const first = Object.entries(errors)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : 'The request is invalid';
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message, errors } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many attempts; wait a minute and try again' } satisfies ErrorBody);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, empty body.
      return reply.status(error.statusCode).send({ code: 'VALIDATION_FAILED', message: error.message, errors: { body: [error.message] } } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side; try again later' } satisfies ErrorBody);
  });
});
