import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.js';

/**
 * A PostgreSQL LISTEN on a connection of its own (not the pool's), kept up:
 * a lost connection is re-established with backoff (1 s doubling, at most
 * 30 s). `onPayload` gets every notification's payload on `channel`; `onUp`
 * runs after each (re)established LISTEN, `onDown` when the connection is lost
 * (whatever was notified meanwhile went unheard). Waits at most 5 s for the
 * first LISTEN (an unreachable database must not hold a server's start) and
 * goes on in the background. Answers the function that stops listening.
 * Used by the calendar cache (decision 0020) and the domain events (decision 0081).
 */
export async function listenWithReconnect(options: {
  poolOptions: pg.PoolConfig;
  channel: string;
  log: FastifyBaseLogger;
  /** Names the listener in log lines, e.g. 'calendar cache'. */
  label: string;
  onPayload: (payload: string) => void;
  onUp?: () => void;
  onDown?: () => void;
}): Promise<() => Promise<void>> {
  const { channel, log, label } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listenWithReconnect: not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delayMs = 1_000;

  const lost = (c: pg.Client, error: Error) => {
    if (client !== c) return;
    client = undefined;
    options.onDown?.();
    c.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err: error }, `${label}: LISTEN connection lost, retrying in ${delayMs} ms`);
    timer = setTimeout(() => void connect(), delayMs);
    delayMs = Math.min(delayMs * 2, 30_000);
  };
  const connect = async () => {
    const c = new pg.Client(options.poolOptions);
    client = c;
    c.on('error', (error) => lost(c, error));
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) options.onPayload(message.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (error) {
      lost(c, error as Error);
      return;
    }
    if (stopped || client !== c) return;
    delayMs = 1_000;
    options.onUp?.();
  };
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([connect(), new Promise<void>((resolve) => (waited = setTimeout(resolve, 5_000)))]);
  clearTimeout(waited);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/**
 * A LISTEN on `channel` for either driver: on PostgreSQL a connection of its own kept up by
 * `listenWithReconnect` (`onReconnect` runs after each re-established LISTEN, not the first: what
 * was notified meanwhile went unheard); on PGlite (one process) the database's own `listen`, which
 * hears a NOTIFY when its transaction commits. Answers the function that stops listening.
 * Used by the notification stream (decision 0100) and the in-class stream (decision 0155).
 */
export async function listenToChannel(options: {
  database: Pick<Database, 'pool' | 'pglite'>;
  channel: string;
  log: FastifyBaseLogger;
  label: string;
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}): Promise<() => Promise<void>> {
  const { pool, pglite } = options.database;
  if (pool) {
    let wasUp = false;
    return listenWithReconnect({
      poolOptions: pool.options,
      channel: options.channel,
      log: options.log,
      label: options.label,
      onPayload: options.onPayload,
      onUp: () => {
        if (wasUp) options.onReconnect?.();
        wasUp = true;
      },
    });
  }
  if (pglite) {
    const off = await pglite.listen(options.channel, options.onPayload);
    return async () => {
      if (!pglite.closed) await off();
    };
  }
  return async () => undefined;
}
