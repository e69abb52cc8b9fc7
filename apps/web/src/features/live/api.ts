import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveActivityList, LiveAttendancePage, LiveJoinResponse } from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { activityKeys } from '../activities/api';

/** Query keys of live activities (issue 24 item 1; decision 0150). */
export const liveKeys = {
  list: (courseId: number) => ['live', 'list', courseId] as const,
  attendance: (activityId: number, page: number, pageSize: number, joined: string) => ['live', 'attendance', activityId, page, pageSize, joined] as const,
};

/** `GET /api/courses/{id}/live-activities`: the course's meeting and live activities with their status, by start. */
export function useLiveActivities(courseId: number) {
  return useQuery({
    queryKey: liveKeys.list(courseId),
    queryFn: ({ signal }) => api.get<LiveActivityList>(`/api/courses/${courseId}/live-activities`, undefined, signal),
  });
}

/**
 * `POST /api/activities/{id}/join`: the join address inside the window, my attendance recorded
 * (409 LIVE_NOT_STARTED / LIVE_ENDED outside it). Afterwards the activity (now visited) and the
 * content tree are read again, so completion follows.
 */
export function useJoinLive(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: number) => api.post<LiveJoinResponse>(`/api/activities/${activityId}/join`),
    onSuccess: (_answer, activityId) => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) });
      void queryClient.invalidateQueries({ queryKey: activityKeys.content(courseId) });
      void queryClient.invalidateQueries({ queryKey: ['live', 'attendance', activityId] });
    },
  });
}

/** `GET /api/activities/{id}/attendance` (course team): one page of students with their joins; `joined` '' for all, 'true' or 'false'. */
export function useLiveAttendance(activityId: number, page: number, pageSize: number, joined: '' | 'true' | 'false', enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.attendance(activityId, page, pageSize, joined),
    queryFn: ({ signal }) =>
      api.get<LiveAttendancePage>(
        `/api/activities/${activityId}/attendance`,
        { page: String(page), page_size: String(pageSize), ...(joined ? { joined } : {}) },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
