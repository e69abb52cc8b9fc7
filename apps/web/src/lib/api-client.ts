/**
 * The one HTTP client of the web app (ARCHITECTURE.md conventions): JSON in and
 * out, same-origin cookies, the `Request-Scope` header when set (spec §7), the
 * one error body `{ code, message, errors }` as `ApiError`, and any 401 sends the
 * user to `/login?next=…` (spec §2, §8). Every call asks for the interface language
 * (`Accept-Language`), so the server's messages and field errors read in it (issue 23 §2).
 */
import i18next from 'i18next';
import { isLocale, type ErrorBody } from '@atrium/contracts';

/** A failed API call: HTTP status, error code, user-facing message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]>;
  /** The server's user-facing message, or null when the answer carried none (network failure, empty body). */
  readonly serverMessage: string | null;
  /** The whole error body, for calls that answer more than code, message and errors (the access-forbidden times of issue 7). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: Partial<ErrorBody>) {
    const serverMessage = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.serverMessage = status === 0 ? null : serverMessage;
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'NETWORK_ERROR' : 'HTTP_ERROR');
    this.errors = body.errors ?? {};
    this.body = body as Record<string, unknown>;
  }
}

/** The server's message of a failed call (spec §8 "the server message"), or null when it gave none. */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** True when `error` is an ApiError with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

let requestScope: string | null = null;

/** Sets (or clears with null) the `Request-Scope` header every later call carries (spec §7). */
export function setRequestScope(scope: string | null): void {
  requestScope = scope;
}

/** The login call: its 401 means bad credentials, not an expired session. */
export const LOGIN_PATH = '/api/login';

/** `/login?next=<path, query and hash of location>` (spec §2). */
export function loginRedirectUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}

/** The visitors' API prefix (spec §6): its 401 means "visitors may not see this", not an expired session. */
export const ANONYMOUS_API_PREFIX = '/anonymous-api/';

/** Public pages (spec §6 visitors): nobody is signed in there, so a 401 never sends them to /login. */
export const PUBLIC_PAGE_PREFIXES = ['/guest/', '/anonymous-api/'] as const;

/**
 * True when a 401 from `requestPath` should send the browser to the login page:
 * never for the login call itself, an anonymous-API call, or while on /login or
 * a public visitor page (no redirect loop for visitors).
 */
export function shouldRedirectOn401(requestPath: string, currentPathname: string): boolean {
  const path = requestPath.split('?')[0] ?? '';
  if (path === LOGIN_PATH || path.startsWith(ANONYMOUS_API_PREFIX)) return false;
  return currentPathname !== '/login' && !PUBLIC_PAGE_PREFIXES.some((prefix) => currentPathname.startsWith(prefix));
}

type UnauthorizedHandler = (loginUrl: string) => void;
let onUnauthorized: UnauthorizedHandler = (url) => window.location.assign(url);

/** Replaces how a 401 navigates (the router installs a client-side navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Sends the browser to the login page after a 401 from `requestPath` (spec §8), unless exempt. */
export function handleUnauthorized(requestPath: string): void {
  if (shouldRedirectOn401(requestPath, window.location.pathname)) onUnauthorized(loginRedirectUrl(window.location));
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Serialised as JSON. */
  body?: unknown;
  /** Appended as a query string; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function headersFor(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (requestScope) headers.set('Request-Scope', requestScope);
  if (isLocale(i18next.language)) headers.set('Accept-Language', i18next.language);
  return headers;
}

/**
 * Calls the API and resolves with the parsed JSON answer typed as `T`.
 * Throws `ApiError` for non-2xx answers (status 0 for network failures).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(path, options.query);
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers: headersFor(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { message: cause instanceof Error ? cause.message : 'Network error' });
  }
  const body = await readBody(response);
  if (response.ok) return body as T;
  const errorBody = (typeof body === 'object' && body !== null ? body : {}) as Partial<ErrorBody>;
  const error = new ApiError(response.status, errorBody);
  if (response.status === 401) handleUnauthorized(path);
  throw error;
}

/** Shorthands of `apiRequest` per method. */
export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => apiRequest<T>(path, { method: 'GET', query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/**
 * POSTs `body` (JSON) to `path` and answers the file the server sends (exports: spreadsheets,
 * reports). A refusal is the server's error body as `ApiError`.
 */
export async function postForFile(path: string, body: unknown): Promise<Blob> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', ...scopeHeaders() },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError(response.status, error);
  }
  return response.blob();
}

/** Saves a blob as a download named `fileName` (the object URL is revoked once the browser took it). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Request headers for calls made outside `apiRequest` (XMLHttpRequest uploads). */
export function scopeHeaders(): Record<string, string> {
  return requestScope ? { 'Request-Scope': requestScope } : {};
}
