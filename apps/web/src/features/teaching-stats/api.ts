import { useQuery } from '@tanstack/react-query';
import type { ResearchExportStream, TeachingStats } from '@atrium/contracts';
import { api } from '../../lib/api-client';
import type { StatsPeriod } from '../../lib/period';

/** Query keys of the teaching statistics (issue 25 item 5). */
export const teachingStatsKeys = {
  all: ['teaching-stats'] as const,
  stats: (period: StatsPeriod, courseId: number | null) => ['teaching-stats', period.from, period.to, courseId ?? 'all'] as const,
};

/**
 * `GET /api/stat/teaching?from=&to=&course_id=`: per course and team member over the period — teaching actions,
 * content created, grading turnaround, waiting work (instructors their courses, admins the organisation's).
 */
export function useTeachingStats(period: StatsPeriod, courseId: number | null) {
  return useQuery({
    queryKey: teachingStatsKeys.stats(period, courseId),
    queryFn: ({ signal }) => api.get<TeachingStats>('/api/stat/teaching', { from: period.from, to: period.to, course_id: courseId ?? undefined }, signal),
    // While another period or course loads, the last answer stays on screen.
    placeholderData: (previous) => previous,
  });
}

/**
 * The address of the research export (`GET /api/stat/research-activity/export`), opened as a download: the
 * organisation's events of `streams` over the period, pseudonymised, as CSV or JSON (organisation admins).
 */
export function researchExportUrl(period: StatsPeriod, format: 'csv' | 'json', streams: readonly ResearchExportStream[]): string {
  const params = new URLSearchParams({ from: period.from, to: period.to, format, streams: streams.join(',') });
  return `/api/stat/research-activity/export?${params}`;
}
