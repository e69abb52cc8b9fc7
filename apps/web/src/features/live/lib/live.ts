import type { LiveStatus } from '@atrium/contracts';

/** A meeting's join window from an activity: `data.meeting_*_time`, else the activity's own times (ISO, null = open). */
export function windowOf(activity: { data: Record<string, unknown>; start_time: string | null; end_time: string | null }): {
  start: string | null;
  end: string | null;
} {
  const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return { start: str(activity.data.meeting_start_time) ?? activity.start_time, end: str(activity.data.meeting_end_time) ?? activity.end_time };
}

/** Where a meeting stands at `now` (ms): upcoming before its start, ended after its end, else live (decision 0150; the server's rule). */
export function statusAt(window: { start: string | null; end: string | null }, now: number): LiveStatus {
  if (window.start && now < Date.parse(window.start)) return 'upcoming';
  if (window.end && now > Date.parse(window.end)) return 'ended';
  return 'live';
}

/** The antd Tag colour of a status. */
export const STATUS_COLORS: Record<LiveStatus, string> = { upcoming: 'blue', live: 'green', ended: 'default' };

/** Time left until `start` from `now` (ms) as whole days, hours and minutes (rounded up to the minute; zeros when past). */
export function countdown(start: string, now: number): { days: number; hours: number; minutes: number } {
  const minutesLeft = Math.max(0, Math.ceil((Date.parse(start) - now) / 60_000));
  return { days: Math.floor(minutesLeft / 1440), hours: Math.floor((minutesLeft % 1440) / 60), minutes: minutesLeft % 60 };
}

/** The replays of an activity's data that have an http(s) address. */
export function replaysOf(data: Record<string, unknown>): { title: string; url: string }[] {
  if (!Array.isArray(data.replay_urls)) return [];
  return data.replay_urls.filter(
    (r): r is { title: string; url: string } =>
      typeof r === 'object' && r !== null && typeof (r as { title?: unknown }).title === 'string' && /^https?:\/\//i.test(String((r as { url?: unknown }).url)),
  );
}

/** The detail route of a live activity (spec §2). */
export function liveDetailPath(courseId: number, activityId: number): string {
  return `/course/${courseId}/live-activities#/${activityId}/detail`;
}
