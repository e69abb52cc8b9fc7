import type { ServerResponse } from 'node:http';
import { SSE_RETRY_MS } from '@atrium/contracts';

/** How many bytes may wait in a stream's socket buffer before the stream is ended (the client reconnects). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * One open Server-Sent Events response (WHATWG HTML §9.2 "Server-sent events"): the headers and
 * the `retry:` field, frames written as they come, `: heartbeat` comments, and an end for a client
 * that stopped reading (more than 1 MiB waiting in the socket: it reconnects rather than the server
 * buffering without bound). Used by the notification stream and the in-class stream.
 */
export class SseConnection {
  private isClosed = false;

  constructor(protected readonly raw: ServerResponse) {}

  /** Status 200, `text/event-stream` with no caching or proxy buffering, and `retry:` (ms). */
  begin(): void {
    this.raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    this.write(`retry: ${SSE_RETRY_MS}\n\n`);
  }

  /** `event: {name}` with `data` as one JSON line (and `id:` when given). */
  event(name: string, data: unknown, id?: number): void {
    this.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line that keeps proxies from closing an idle stream. */
  heartbeat(): void {
    this.write(': heartbeat\n\n');
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.raw.end();
  }

  get closed(): boolean {
    return this.isClosed || this.raw.destroyed;
  }

  protected write(frame: string): void {
    if (this.closed) return;
    this.raw.write(frame);
    if (this.raw.writableLength > MAX_BUFFERED_BYTES) this.close();
  }
}
