import { useEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router';
import { useCurrentUser } from '../features/auth/api';
import { useClientConfig } from '../features/prompts/api';
import { configureStats, setStatsUser, track, type StatsFields } from '../lib/stats-beacon';

/**
 * Pages outside the signed-in shell whose query carries a credential or a signed address (the embedded viewers'
 * `file`, the e-mail verification `token`, the PDF editor's file, a login's `next`): their views keep the path only.
 */
const PATH_ONLY_PREFIXES = ['/login', '/note-bene/', '/anonymous-api/', '/guest/', '/user/verify-email', '/pdf/editor'];

/**
 * The `page.view` event of an address: `url` its path, query and hash (the hash names the activity or topic
 * shown: `/course/12/learning-activity#/34`; the public pages of PATH_ONLY_PREFIXES their path alone),
 * `course_id` the id of a `/course/{id}/…` path, and `activity_id` the `#/{id}` of a course's learning-activity
 * or live-activities page.
 */
export function pageViewFields({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): StatsFields {
  const pathOnly = PATH_ONLY_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  const fields: StatsFields = { url: pathOnly ? pathname : pathname + search + hash };
  const course = /^\/course\/(\d+)(?:\/|$)/.exec(pathname);
  if (course) fields.course_id = Number(course[1]);
  const activity = /^\/course\/\d+\/(?:learning-activity|live-activities)\/?$/.test(pathname) ? /^#\/(\d+)(?:[/?]|$)/.exec(hash) : null;
  if (activity) fields.activity_id = Number(activity[1]);
  return fields;
}

/**
 * Tells the statistics beacon who is signed in (issue 25 item 1; renders nothing), from the signed-in shell: their
 * events are stamped with them and sent only under their session. Leaving the shell (a public page) makes the user
 * "not known" again: events there go under whatever session the browser has, a visitor's as nobody.
 */
export function StatsUser() {
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  useEffect(() => {
    setStatsUser(userId);
    return () => setStatsUser(undefined);
  }, [userId]);
  return null;
}

/**
 * Feeds the statistics beacon on every page, the public ones too — login, the visitor pages, the PDF viewer and
 * editor, the full-screen questionnaire (issue 25 item 1; renders nothing; the router's root): where events go
 * (`stats_url` of `GET /api/config`, a public call) and a `page.view` for every address the router shows (each
 * navigation once, also under StrictMode's double effects). A child's StatsUser stamps the user first (effects run
 * child first). The beacon itself is started by main.tsx; in tests, where it is not, nothing is recorded.
 */
export function StatsPageViews() {
  const location = useLocation();
  const { data: config } = useClientConfig();
  const statsUrl = config ? (config.stats_url ?? null) : undefined;
  const tracked = useRef<string | null>(null);

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
