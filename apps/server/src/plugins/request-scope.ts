import type { FastifyServerOptions } from 'fastify';

/** Longest Request-Scope value kept in logs; longer values are cut. */
const MAX_SCOPE_LENGTH = 200;

/**
 * Fastify `childLoggerFactory` that adds the `Request-Scope` header (spec §7:
 * every /api/ call carries it when set) to every log line of the request, as
 * `request_scope`, including "incoming request" and "request completed".
 */
export const requestScopeLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options, rawRequest) => {
  const header = rawRequest.headers['request-scope'];
  const scope = Array.isArray(header) ? header[0] : header;
  return logger.child(scope ? { ...bindings, request_scope: scope.slice(0, MAX_SCOPE_LENGTH) } : bindings, options);
};
