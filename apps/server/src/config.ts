import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES } from '@atrium/contracts';
import { runTempRoot } from './lib/process-scope.js';

const booleanString = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR) or a proxy-addr range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY (issue 20 §1): which proxies' `X-Forwarded-For` gives the client's address; Fastify's `trustProxy`.
 * Unset, empty or `false`: none (the socket's address counts); `true`: every proxy (only when nothing can reach
 * Atrium but through the proxy); a whole number: that many hops; else a comma-separated list of addresses, CIDRs
 * or `loopback` / `linklocal` / `uniquelocal`.
 */
const trustProxyString = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | number | string[] => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not true, a hop count, an address, a CIDR nor loopback/linklocal/uniquelocal` });
      return z.NEVER;
    }
    return entries;
  });

/** Environment variables Atrium reads; README's configuration table lists them. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ATRIUM_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ATRIUM_SEED: booleanString.default(true),
  ATRIUM_SEED_FILES_DIR: z.string().optional(),
  ATRIUM_FIXTURES: z.string().optional(),
  ATRIUM_WEB_DIST: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  CALENDAR_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** How many forum topic-list orders one process keeps (0: none); modules/forum/forum-list-cache.ts. */
  FORUM_LIST_CACHE: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** Embedded PGlite's shared_buffers in MiB (decision 0143); resident for the process's life. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  COOKIE_SECURE: booleanString.default(false),
  /** Issue 20 §2: Strict-Transport-Security max-age in seconds, only behind HTTPS (0: no HSTS header). */
  HSTS_MAX_AGE: z.coerce.number().int().nonnegative().default(0),
  /** Issue 20 §3: the port of the SCORM content listener (default PORT + 1; 0 when PORT is 0: any free port). */
  SCORM_CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Issue 20 §3: the origin users reach SCORM package content at (a separate host name behind a proxy); unset: this host, SCORM_CONTENT_PORT. */
  SCORM_CONTENT_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), 'an http(s) origin without a path')
    .optional(),
  ATRIUM_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
  TRUST_PROXY: trustProxyString,
  /** Issue 20 §8: writes one signed-in user may make in a minute on any route without a stricter cap (0: no general limit). */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().nonnegative().default(600),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(true),
  ATRIUM_WORKERS: booleanString.default(true),
  ATRIUM_JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  ATRIUM_JOB_STALE_SECONDS: z.coerce.number().int().min(2).default(60),
  ATRIUM_OFFICE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(180),
  ATRIUM_TRANSCODE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(3600),
  ATRIUM_TOOLS_PATH: z.string().optional(),
  UPLOAD_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  PUBLIC_URL: z.string().url().optional(),
  ATRIUM_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  ATRIUM_IMPORT_MAX_ENTRIES: z.coerce.number().int().positive().default(100_000),
  ATRIUM_IMPORT_MAX_RATIO: z.coerce.number().positive().default(200),
  ATRIUM_IMPORT_TMP_DIR: z.string().optional(),
  /** HMAC key of signed media URLs (decision 0030); unset: a random key per process (URLs die with a restart and differ between instances). */
  ATRIUM_MEDIA_URL_SECRET: z.string().min(16).optional(),
  ATRIUM_MEDIA_URL_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  /** The separate statistics server's address (apps/stats run on its own); unset: this server takes the statistics itself (issue 25). */
  STATS_URL: z.string().url().optional(),
  /** Days the embedded statistics keep events of organisations that set no retention of their own (issue 25). */
  STATS_RETENTION_DAYS: z.coerce.number().int().min(31).max(36_500).default(730),
  /** The secret this server shares with a separate statistics server (≥ 32 characters): it signs reporter tokens and forwarded events (issue 25). */
  STATS_SECRET: z.string().min(32).optional(),
});

/** Typed configuration of one server instance. Paths are absolute. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  seed: boolean;
  /**
   * ATRIUM_SEED_FILES_DIR (absolute): a folder of the shared test fixtures the demo seed reads instead of the demo
   * files the repository ships (apps/server/demo-files, the default: undefined); see modules/seed/demo-files.ts.
   */
  seedFilesDir: string | undefined;
  webDist: string | undefined;
  sessionTtlMs: number;
  /** How long a session lookup is reused in this process, in ms (0: never); see session-cache.ts. */
  sessionCacheMs: number;
  /** How long one process reuses a calendar window answer, in ms (0: never); calendar writes drop them at once (modules/calendar/calendar-cache.ts). */
  calendarCacheMs: number;
  /** How many topic-list orders one process keeps (0: the cache is off); forum writes drop a course's at once (modules/forum/forum-list-cache.ts). */
  forumListCacheEntries: number;
  /** Most bytes of whole answers each per-reader answer cache of one process keeps (forum lists, library lists; 0: off); see lib/answer-cache.ts. */
  answerCacheBytes: number;
  /**
   * The separate statistics server the web app's beacon goes to (STATS_URL, no trailing slash); undefined: the statistics
   * server runs inside this one, on this database's `stats` schema (apps/stats; issue 25).
   */
  statsUrl: string | undefined;
  /**
   * The secret shared with the separate statistics server (STATS_SECRET): with it, the web app's reporter tokens
   * name who reports and the domain events are forwarded there; undefined: events reach it anonymous, none forwarded.
   */
  statsSecret: string | undefined;
  /** Days the embedded statistics keep events by default (STATS_RETENTION_DAYS, ≥ 31); an organisation may set its own. */
  statsRetentionDays: number;
  /** Embedded PGlite's shared_buffers in MiB (PGLITE_SHARED_BUFFERS_MB; decision 0143); unused on PostgreSQL. */
  pgliteSharedBuffersMb: number;
  cookieSecure: boolean;
  /** `Strict-Transport-Security` max-age in seconds; 0 sends none (plugins/security-headers.ts). */
  hstsMaxAgeSeconds: number;
  /**
   * SCORM package content origin (issue 20 §3, decision 0120): the listener's `port` (0: any free
   * one, discovered at listen), whether it was set (`portIsDefault`: PORT + 1 may fall back to any
   * free port when taken), and `url`, the public origin when a proxy serves it (no trailing slash).
   */
  scormContent: { port: number; portIsDefault: boolean; url: string | undefined };
  maxUploadBytes: number;
  /** Fastify's `trustProxy` (TRUST_PROXY): false (default), true, a hop count or addresses/CIDRs whose X-Forwarded-For is believed. */
  trustProxy: boolean | number | string[];
  writeRateLimitPerMinute: number;
  /** S3-compatible object store; undefined keeps files on local disk. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } | undefined;
  /** Processing of uploads (spec §4 lifecycle): workers in this process, queue polling and staleness in seconds, tool timeouts in seconds. */
  jobs: { runWorkers: boolean; pollSeconds: number; staleSeconds: number; officeTimeoutSeconds: number; transcodeTimeoutSeconds: number; toolsPath: string };
  /** Life of an upload token of `GET /api/uptoken`, in seconds. */
  uploadTokenTtlSeconds: number;
  /** SMTP server of the e-mail outbox (nodemailer URL, e.g. smtp://host:25); unset: e-mails stay in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Address of this Atrium as users reach it, for links in e-mails; unset: http://localhost:PORT. */
  publicUrl: string;
  /**
   * Course package import (issue 8 §3): what one archive may unpack to (bytes,
   * entries, uncompressed/compressed ratio) and where jobs make their private
   * temporary folders.
   */
  imports: { maxUncompressedBytes: number; maxEntries: number; maxCompressionRatio: number; tempDir: string };
  /** Signed media URLs (decision 0030): HMAC-SHA256 key and life in seconds. */
  media: { urlSecret: Buffer; urlTtlSeconds: number };
}

/**
 * Config's `trustProxy` as Fastify's types take it: a hop count `n` becomes proxy-addr's own rule for
 * numbers (the `n` nearest hops are trusted), which Fastify's runtime accepts but its types do not.
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Reads the environment into a Config. Throws a ZodError naming the variable
 * when one is malformed. `cwd` anchors relative paths (default: process.cwd()).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const e = EnvSchema.parse(env);
  const dataDir = path.resolve(cwd, e.ATRIUM_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    seed: e.ATRIUM_SEED,
    // Unset: the seed reads the demo files the repository ships, never anything outside it (issue 20 §11).
    seedFilesDir: e.ATRIUM_SEED_FILES_DIR ? path.resolve(cwd, e.ATRIUM_SEED_FILES_DIR) : undefined,
    webDist: e.ATRIUM_WEB_DIST ? path.resolve(cwd, e.ATRIUM_WEB_DIST) : undefined,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    calendarCacheMs: e.CALENDAR_CACHE_MS,
    forumListCacheEntries: e.FORUM_LIST_CACHE,
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    cookieSecure: e.COOKIE_SECURE,
    hstsMaxAgeSeconds: e.HSTS_MAX_AGE,
    scormContent: {
      port: e.SCORM_CONTENT_PORT ?? (e.PORT === 0 || e.PORT === 65535 ? 0 : e.PORT + 1),
      portIsDefault: e.SCORM_CONTENT_PORT === undefined,
      url: e.SCORM_CONTENT_URL?.replace(/\/$/, ''),
    },
    maxUploadBytes: e.ATRIUM_MAX_UPLOAD_BYTES,
    trustProxy: e.TRUST_PROXY,
    writeRateLimitPerMinute: e.WRITE_RATE_LIMIT_PER_MINUTE,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET ?? 'atrium',
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    jobs: {
      runWorkers: e.ATRIUM_WORKERS,
      pollSeconds: e.ATRIUM_JOB_POLL_SECONDS,
      staleSeconds: e.ATRIUM_JOB_STALE_SECONDS,
      officeTimeoutSeconds: e.ATRIUM_OFFICE_TIMEOUT_SECONDS,
      transcodeTimeoutSeconds: e.ATRIUM_TRANSCODE_TIMEOUT_SECONDS,
      toolsPath: e.ATRIUM_TOOLS_PATH ?? env.PATH ?? '',
    },
    uploadTokenTtlSeconds: e.UPLOAD_TOKEN_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    imports: {
      maxUncompressedBytes: e.ATRIUM_IMPORT_MAX_BYTES,
      maxEntries: e.ATRIUM_IMPORT_MAX_ENTRIES,
      maxCompressionRatio: e.ATRIUM_IMPORT_MAX_RATIO,
      tempDir: e.ATRIUM_IMPORT_TMP_DIR ? path.resolve(cwd, e.ATRIUM_IMPORT_TMP_DIR) : runTempRoot(),
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    statsUrl: e.STATS_URL?.replace(/\/$/, ''),
    statsSecret: e.STATS_SECRET,
    statsRetentionDays: e.STATS_RETENTION_DAYS,
    media: {
      urlSecret: e.ATRIUM_MEDIA_URL_SECRET ? Buffer.from(e.ATRIUM_MEDIA_URL_SECRET, 'utf8') : randomBytes(32),
      urlTtlSeconds: e.ATRIUM_MEDIA_URL_TTL_SECONDS,
    },
  };
}
