import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@atrium/contracts';
import { requestLocale, translateErrorBody, translateMessage, translateSchemaIssue } from '../lib/i18n/server-messages.js';
import { AppError } from '../lib/app-error.js';

/** The message of a schema failure that names no field. */
const INVALID_REQUEST_MESSAGE = 'The request is invalid';

/** The value a schema issue is about: `/a/0/b` of the request's body, query, params or headers. */
function valueAt(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const sources: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
  let value = sources[context ?? 'body'];
  for (const step of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/**
 * One error body everywhere (ARCHITECTURE.md "Errors"): `{ code, message, errors? }`.
 * Schema failures become 400 VALIDATION_FAILED with the fields named; unknown
 * errors become a logged 500 INTERNAL that leaks nothing. Messages and field errors are in the
 * request's `Accept-Language` (issue 23 §2, lib/i18n/server-messages.ts); spec message keys stay keys.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request.headers);
    const said = <T extends ErrorBody>(body: T): T => (locale ? translateErrorBody(locale, body) : body);
    if (error instanceof AppError) {
      const body: ErrorBody = said({ ...error.extra, code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
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
        (errors[field] ??= []).push(
          locale ? translateSchemaIssue(locale, issue, valueAt(request, error.validationContext, issue.instancePath)) : (issue.message ?? 'is invalid'),
        );
      }
      const first = Object.entries(errors)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : INVALID_REQUEST_MESSAGE;
      return reply
        .status(400)
        .send({ code: 'VALIDATION_FAILED', message: first || !locale ? message : translateMessage(locale, message), errors } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(said({ code: 'RATE_LIMITED', message: 'Too many attempts; wait a minute and try again' } satisfies ErrorBody));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(said({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } satisfies ErrorBody));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, empty body.
      return reply.status(error.statusCode).send({ code: 'VALIDATION_FAILED', message: error.message, errors: { body: [error.message] } } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(said({ code: 'INTERNAL', message: 'Something went wrong on our side; try again later' } satisfies ErrorBody));
  });
});
