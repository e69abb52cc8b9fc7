import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now (the kernel picks it: listen on 0, read it, close).
 * For starting real server processes whose port must be known before they start; another
 * process may take it in between, which on a test machine is rare enough to accept.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
