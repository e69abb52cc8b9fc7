import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, loginRedirectUrl, setRequestScope, setUnauthorizedHandler, shouldRedirectOn401 } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('loginRedirectUrl', () => {
  it('keeps path, query and hash in an encoded next parameter (spec §2)', () => {
    expect(loginRedirectUrl({ pathname: '/course/12/learning-activity', search: '?view=scores', hash: '#/exam/3' })).toBe(
      '/login?next=%2Fcourse%2F12%2Flearning-activity%3Fview%3Dscores%23%2Fexam%2F3',
    );
  });

  it('round-trips through URLSearchParams', () => {
    const location = { pathname: '/user/courses', search: '?page=2&page_size=20', hash: '#top' };
    const next = new URLSearchParams(loginRedirectUrl(location).split('?')[1]).get('next');
    expect(next).toBe('/user/courses?page=2&page_size=20#top');
  });
});

describe('shouldRedirectOn401', () => {
  it('redirects for ordinary calls', () => {
    expect(shouldRedirectOn401('/api/user', '/user/index')).toBe(true);
  });
  it('does not redirect for the login call itself or on the login page', () => {
    expect(shouldRedirectOn401('/api/login', '/login')).toBe(false);
    expect(shouldRedirectOn401('/api/login', '/user/index')).toBe(false);
    expect(shouldRedirectOn401('/api/user', '/login')).toBe(false);
  });
  it('never sends a visitor to /login: anonymous-API calls and public visitor pages are exempt (spec §6)', () => {
    expect(shouldRedirectOn401('/anonymous-api/12/uploads', '/user/index')).toBe(false);
    expect(shouldRedirectOn401('/anonymous-api/12/uploads/5?preview=true', '/course/3/content')).toBe(false);
    expect(shouldRedirectOn401('/api/user', '/guest/activities/12')).toBe(false);
    expect(shouldRedirectOn401('/api/uploads/5', '/guests')).toBe(true);
  });
});

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn<(url: string) => void>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
    window.history.pushState({}, '', '/course/7?tab=files#top');
  });
  afterEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    setRequestScope(null);
    vi.unstubAllGlobals();
  });

  it('sends JSON with same-origin credentials and the Request-Scope header when set', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 5 }));
    setRequestScope('course:7');
    await expect(apiRequest('/api/course', { method: 'POST', body: { name: 'A' } })).resolves.toEqual({ id: 5 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/course');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"name":"A"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Request-Scope')).toBe('course:7');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('asks for the interface language (Accept-Language), so server messages follow it', async () => {
    const i18next = (await import('i18next')).default;
    const before = i18next.language;
    i18next.language = 'th-th';
    try {
      fetchMock.mockResolvedValue(jsonResponse(200, {}));
      await apiRequest('/api/user');
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('th-th');
    } finally {
      i18next.language = before;
    }
  });

  it('leaves the Request-Scope header out when none is set', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest('/api/user');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Request-Scope')).toBe(false);
  });

  it('throws ApiError with status, code, message and field errors from the error body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Bad input', errors: { name: ['name is required'] } }));
    const error = await apiRequest('/api/course', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Bad input', errors: { name: ['name is required'] } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends any 401 to /login with the current page as next', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Sign in' }));
    await expect(apiRequest('/api/courses/7')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('/login?next=%2Fcourse%2F7%3Ftab%3Dfiles%23top');
  });

  it('does not redirect when the login call answers 401', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong password' }));
    await expect(apiRequest('/api/login', { body: {} })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/user')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
