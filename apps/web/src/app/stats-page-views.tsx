import { useEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router';
import { useCurrentUser } from '../features/auth/api';
import { useClientConfig } from '../features/prompts/api';
import { configureStats, setStatsUser, track, type StatsFields } from '../lib/stats-beacon';

/**
 * The `page.view` event of an address: `url` its path, query and hash (the hash names the activity or topic
 * shown: `/course/12/learning-activity#/34`), `course_id` the id of a `/course/{id}/…` path, and `activity_id`
 * the `#/{id}` of a course's learning-activity or live-activities page.
 */
export function pageViewFields({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): StatsFields {
  const fields: StatsFields = { url: pathname + search + hash };
  const course = /^\/course\/(\d+)(?:\/|$)/.exec(pathname);
  if (course) fields.course_id = Number(course[1]);
  const activity = /^\/course\/\d+\/(?:learning-activity|live-activities)\/?$/.test(pathname) ? /^#\/(\d+)(?:[/?]|$)/.exec(hash) : null;
  if (activity) fields.activity_id = Number(activity[1]);
  return fields;
}

/**
 * Feeds the statistics beacon from the signed-in shell (issue 25 item 1; renders nothing): who is signed in,
 * where events go (`stats_url` of `GET /api/config`), and a `page.view` for every address the router shows
 * (each navigation once, also under StrictMode's double effects). The beacon itself is started by main.tsx;
 * in tests, where it is not, nothing is recorded.
 */
export function StatsPageViews() {
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const { data: config } = useClientConfig(!!user);
  const userId = user?.id;
  const statsUrl = config ? (config.stats_url ?? null) : undefined;
  const tracked = useRef<string | null>(null);

  // Declared first: on the first render the user is stamped before the first page view is recorded.
  useEffect(() => {
    setStatsUser(userId);
    return () => setStatsUser(undefined);
  }, [userId]);

  useEffect(() => {
    if (statsUrl !== undefined) configureStats({ statsUrl });
  }, [statsUrl]);

  useEffect(() => {
    if (tracked.current === location.key) return;
    tracked.current = location.key;
    track('page.view', pageViewFields(location));
  }, [location]);

  return null;
}
