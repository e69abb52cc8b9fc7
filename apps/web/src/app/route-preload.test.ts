import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { jsonResponse } from '../test/render';
import { preloadCourse, preloadForumTopic, preloadShell } from './route-preload';

// The router's loaders start a page's first data at navigation (route-preload.ts): the same keys and
// fetchers as the hooks, so a component mounting later finds its answer.
describe('route preloads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the user, the course and a topic opened by its address into the hooks’ keys; other hashes fetch nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => jsonResponse(200, { url: String(input) }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    preloadShell(client);
    preloadCourse(client, 7);
    preloadCourse(client, Number('x'));
    preloadForumTopic(client, '#/topics/12?reply=3');
    preloadForumTopic(client, '#/forum/4');
    preloadForumTopic(client, '#/topics/abc');
    await vi.waitFor(() => expect(client.getQueryData(['forum', 'topic', 12])).toEqual({ url: '/api/topics/12' }));
    expect(client.getQueryData(['auth', 'me'])).toEqual({ url: '/api/user' });
    expect(fetchMock.mock.calls.map(([input]) => String(input)).sort()).toEqual(['/api/courses/7', '/api/topics/12', '/api/user']);
  });
});
