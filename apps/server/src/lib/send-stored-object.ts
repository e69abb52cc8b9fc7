import type { FastifyReply } from 'fastify';
import rangeParser from 'range-parser';
import type { ObjectStore } from '../storage/object-store.js';

/**
 * Answers one stored object's bytes (headers already set by the caller), with a
 * single byte range when asked (RFC 9110 §14: `Range: bytes=a-b` → 206 with
 * Content-Range; an unsatisfiable range → 416 `bytes *\/size`; several ranges
 * are answered whole). `size` is in bytes.
 */
export async function sendStoredObject(
  reply: FastifyReply,
  storage: ObjectStore,
  rangeHeader: string | undefined,
  file: { key: string; size: number },
): Promise<FastifyReply> {
  reply.header('Accept-Ranges', 'bytes');
  const ranges = rangeHeader ? rangeParser(file.size, rangeHeader, { combine: true }) : undefined;
  if (ranges === -1) return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
  const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(await storage.get(file.key, range));
  }
  reply.header('Content-Length', file.size);
  return reply.send(await storage.get(file.key));
}
