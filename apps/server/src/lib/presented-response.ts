import type { FastifyReply } from 'fastify';

/**
 * Route option for a GET whose answer is built by a presenter typed against its contract schema
 * (packages/contracts): the answer is serialised with JSON.stringify as it is, skipping the zod
 * response pass (a parse of every item again: for a topic of 500 replies or a week of 400 lessons,
 * most of the request's CPU). The schema still documents the answer in OpenAPI. Use only where the
 * handler's return type is the schema's type, so the compiler checks what the parse would have.
 */
export const presentedResponse = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/**
 * Sends an answer already serialised (UTF-8 JSON bytes, e.g. from an answer cache) as
 * `application/json`: Fastify sends a Buffer as it is, without the route's serializer. The bytes
 * must be the JSON of the route's response schema (the caller serialised a value of its type).
 */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
