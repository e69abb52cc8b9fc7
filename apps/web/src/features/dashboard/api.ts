import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the home page. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  window: (start: string, end: string) => ['dashboard', start, end] as const,
};

/** `GET /api/user/dashboard?start=&end=`: the home page in one call (today's timetable for the window, deadlines, recent courses, notifications, bulletins). */
export function useDashboard(window: { start: string; end: string }, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.window(window.start, window.end),
    queryFn: ({ signal }) => api.get<Dashboard>('/api/user/dashboard', window, signal),
    // Asked again whenever the page opens: a notice opened from here, a homework handed in or a lesson added elsewhere shows on return.
    staleTime: 0,
  });
}
