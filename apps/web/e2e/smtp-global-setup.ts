import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Starts a real SMTP server (the `smtp-server` package) for the journeys: the
 * e2e Atrium sends its outbox here (SMTP_URL in playwright.config.ts) and every
 * message lands as a .eml file in ATRIUM_E2E_MAIL_DIR for the journeys to read.
 * Answers the teardown that stops it.
 */
export default async function startSmtp(): Promise<() => Promise<void>> {
  const port = Number(process.env.ATRIUM_E2E_SMTP_PORT);
  const dir = process.env.ATRIUM_E2E_MAIL_DIR!;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(dir, `${String(++n).padStart(4, '0')}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
