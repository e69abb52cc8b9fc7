import type { Notification } from '@atrium/contracts';

/** One Server-Sent Events frame as a client parses it (`comment` for `: …` lines). */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** An open `GET /api/notifications/stream` read with Node's fetch: every frame so far, and a way to hang up. */
export interface SseClient {
  status: number;
  headers: Headers;
  frames: SseFrame[];
  /** The `event: notification` frames' data, in arrival order. */
  notifications(): Notification[];
  /** The `event: unread` counts, in arrival order. */
  unreadCounts(): number[];
  /** True once the server ended the stream. */
  ended(): boolean;
  close(): void;
}

function parseFrame(text: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      frame.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') frame.id = value;
    else if (field === 'event') frame.event = value;
    else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'retry') frame.retry = Number(value);
  }
  return frame;
}

/**
 * Opens the notification stream of `baseUrl` (a listening app) with `cookie` and reads it in the
 * background. `lastEventId` is sent as the Last-Event-ID header, as a browser does on reconnecting.
 */
export async function openSse(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: number | string; query?: string; path?: string } = {},
): Promise<SseClient> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const res = await fetch(`${baseUrl}${options.path ?? '/api/notifications/stream'}${options.query ?? ''}`, { headers, signal: controller.signal });
  const frames: SseFrame[] = [];
  let isEnded = false;
  if (res.body && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            frames.push(parseFrame(buffer.slice(0, end)));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // aborted by close()
      } finally {
        isEnded = true;
      }
    })();
  } else {
    isEnded = true;
  }
  return {
    status: res.status,
    headers: res.headers,
    frames,
    notifications: () => frames.filter((f) => f.event === 'notification').map((f) => JSON.parse(f.data!) as Notification),
    unreadCounts: () => frames.filter((f) => f.event === 'unread').map((f) => (JSON.parse(f.data!) as { unread_count: number }).unread_count),
    ended: () => isEnded,
    close: () => controller.abort(),
  };
}
