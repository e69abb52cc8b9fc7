import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../features/auth/api';
import { courseQuery } from '../features/courses/api';
import { topicQuery } from '../features/forum/api';
import { parseHash, positiveId } from '../features/forum/lib/forum-hash';

/**
 * The first data of a page, fetched as navigation starts (the router's loaders, router.tsx) rather
 * than once each lazily loaded component has rendered: `GET /api/user` for the signed-in shell,
 * `GET /api/courses/{id}` for a course's pages, and a forum topic opened by its address
 * (`/course/{id}/forum#/topics/{topicId}`). The queries are the hooks' own (same keys and fetchers),
 * so the components find them in flight or answered. Never throws: a failed fetch is the hook's to show.
 */
export function preloadShell(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery);
}

export function preloadCourse(queryClient: QueryClient, courseId: number): void {
  if (Number.isInteger(courseId) && courseId > 0) void queryClient.prefetchQuery(courseQuery(courseId));
}

/** `hash`: the address's hash (`#/topics/12?reply=3`); only a topic's is preloaded. */
export function preloadForumTopic(queryClient: QueryClient, hash: string): void {
  const { segments } = parseHash(hash);
  const topicId = segments[0] === 'topics' ? positiveId(segments[1]) : null;
  if (topicId !== null) void queryClient.prefetchQuery(topicQuery(topicId));
}
