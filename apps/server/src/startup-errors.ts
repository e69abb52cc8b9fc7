import { ZodError } from 'zod';

/** Where a PostgreSQL URL points, without its password: `host:port/database as role`. */
export function describeDatabaseUrl(url: string | undefined): string {
  if (!url) return 'the database';
  try {
    const u = new URL(url);
    const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default database)';
    const role = u.username ? ` as role "${decodeURIComponent(u.username)}"` : '';
    return `PostgreSQL at ${u.hostname || 'localhost'}:${u.port || '5432'}, database "${database}"${role}`;
  } catch {
    return 'the database';
  }
}

/**
 * One line saying why the server could not start and what to check (issue 20 §10), for the
 * failures an operator meets: a configuration value that does not parse (which variable and
 * why), a PostgreSQL server that refuses or cannot be found, a database or role that does not
 * exist, a wrong password (pg / libpq error codes: SQLSTATE 3D000, 28000, 28P01; Node's
 * ECONNREFUSED, ENOTFOUND, EAI_AGAIN, ETIMEDOUT). Never the password, never a stack trace. Null
 * for anything else (the caller prints it in full: a bug should show its stack).
 */
export function startupProblem(error: unknown, databaseUrl: string | undefined): string | null {
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`).join('; ');
    const hint = error.issues.some((i) => i.path[0] === 'DATABASE_URL') ? ' (expected postgres://user:password@host:5432/database)' : '';
    return `Atrium cannot start: the configuration is invalid — ${issues}${hint}.`;
  }
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const where = describeDatabaseUrl(databaseUrl);
  switch (code) {
    case 'ECONNREFUSED':
      return `Atrium cannot start: ${where} refused the connection — check that PostgreSQL is running and listening on that host and port, and DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Atrium cannot start: the host of ${where} cannot be found — check the host name in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return `Atrium cannot start: ${where} did not answer — check the host, port and firewall in DATABASE_URL.`;
    case '3D000':
      return `Atrium cannot start: ${where} does not exist — create it (createdb) or fix the database name in DATABASE_URL.`;
    case '28000':
      return `Atrium cannot start: ${where} was refused: the role does not exist or may not connect — check the user name in DATABASE_URL and pg_hba.conf.`;
    case '28P01':
      return `Atrium cannot start: ${where} was refused: wrong password — check the password in DATABASE_URL.`;
    case '42501':
      return `Atrium cannot start: ${where} lacks a privilege the migrations need (create tables) — grant it or use the database owner's role.`;
  }
  if (databaseUrl && typeof e?.message === 'string' && /SASL|password must be a string|client password/i.test(e.message))
    return `Atrium cannot start: ${where} asks for a password that DATABASE_URL does not give — add it to the URL.`;
  return null;
}
