import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarEvent,
  CalendarLiveActivity,
  CalendarEventBody,
  CourseGroups,
  CreateTimetableBody,
  DeleteTimetableBody,
  DepartmentList,
  ManagementMeetingFilter,
  Meeting,
  MeetingBody,
  OrgResponse,
  Timetable,
  UpdateTimetableBody,
  UserSearchResult,
} from '@atrium/contracts';
import { api, postForFile } from '../../lib/api-client';
import { meetingBodyOf } from './lib/meeting-body';

/** A calendar window: ISO instants, as the calendar asks for them. */
export interface CalendarRange {
  start: string;
  end: string;
}

/** Query keys of the calendar feature. */
export const calendarKeys = {
  all: ['calendar'] as const,
  org: ['calendar', 'org'] as const,
  management: ['calendar', 'management'] as const,
  departments: ['calendar', 'departments'] as const,
  feed: ['calendar', 'feed'] as const,
  userCourses: (id: number) => ['calendar', 'user-courses', id] as const,
  students: (courseId: number) => ['calendar', 'students', courseId] as const,
  groups: (courseId: number) => ['calendar', 'groups', courseId] as const,
  userSearch: (keywords: string) => ['calendar', 'user-search', keywords] as const,
  list: (kind: string, range: CalendarRange) => ['calendar', 'list', kind, range.start, range.end] as const,
};

/** `GET /api/org`: the organisation's calendar toggles (spec §6). */
export function useOrg() {
  return useQuery({ queryKey: calendarKeys.org, queryFn: ({ signal }) => api.get<OrgResponse>('/api/org', undefined, signal), staleTime: 5 * 60_000 });
}

/** `PUT /api/org/time-zone` (decision 0020; org admins): the organisation's IANA zone; the calendar redraws in it for users without their own. */
export function useUpdateOrgTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => api.put<OrgResponse>('/api/org/time-zone', { time_zone: timeZone }),
    onSuccess: (org) => {
      queryClient.setQueryData(calendarKeys.org, org);
      void queryClient.invalidateQueries({ queryKey: ['calendar', 'list'] });
    },
  });
}

/** `GET /api/departments` (event targets). */
export function useDepartments(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.departments, queryFn: ({ signal }) => api.get<DepartmentList>('/api/departments', undefined, signal), enabled });
}

/** `GET /api/calendar-events/users/{id}/courses`: courses the user may address. */
export function useUserCourses(userId: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.userCourses(userId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ courses: { id: number; name: string; role: string }[] }>(`/api/calendar-events/users/${userId}/courses`, undefined, signal),
    enabled: !!userId,
  });
}

/** `GET /api/course/{id}/students` (course event targets). */
export function useCourseStudents(courseId: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.students(courseId ?? 0),
    queryFn: ({ signal }) => api.get<{ students: { id: number; name: string; user_no: string }[] }>(`/api/course/${courseId}/students`, undefined, signal),
    enabled: !!courseId,
  });
}

/** `GET /api/courses/{id}/groups` of each course: their groups with members (course event targets), one query per course, in the order of `courseIds`. */
export function useCoursesGroups(courseIds: number[]) {
  return useQueries({
    queries: courseIds.map((id) => ({
      queryKey: calendarKeys.groups(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<CourseGroups>(`/api/courses/${id}/groups`, undefined, signal),
    })),
  });
}

/** `GET /api/user/search?keywords=` (spec §7): users of my organisation by name or user number (staff only; at most 50). */
export function useUserSearch(keywords: string) {
  return useQuery({
    queryKey: calendarKeys.userSearch(keywords),
    queryFn: ({ signal }) => api.get<{ users: UserSearchResult[] }>('/api/user/search', { keywords }, signal),
    enabled: keywords.trim().length > 0,
    staleTime: 30_000,
    // Keep the last answer while the next one loads, so options do not vanish under the pointer as the user types.
    placeholderData: keepPreviousData,
  });
}

/** The lists behind one calendar window, each only when its view is on (spec §2, §6); `live`: the live activities of my courses (decision 0150). */
export function useCalendarLists(
  range: CalendarRange | null,
  on: { timetable: boolean; event: boolean; meeting: boolean; instructionMeeting: boolean; cloudClassroom: boolean; live?: boolean },
) {
  const q = range ?? { start: '', end: '' };
  const enabled = range !== null;
  const timetables = useQuery({
    queryKey: calendarKeys.list('timetables', q),
    queryFn: ({ signal }) => api.get<{ timetables: Timetable[] }>('/api/calendar-timetables', { ...q }, signal),
    enabled: enabled && on.timetable,
  });
  const events = useQuery({
    queryKey: calendarKeys.list('events', q),
    queryFn: ({ signal }) => api.get<{ calendar_events: CalendarEvent[] }>('/api/calendar-events', { ...q }, signal),
    enabled: enabled && on.event,
  });
  const meetings = useQuery({
    queryKey: calendarKeys.list('meetings', q),
    queryFn: ({ signal }) => api.get<{ meetings: Meeting[] }>('/api/calendar-meeting', { ...q }, signal),
    enabled: enabled && on.meeting,
  });
  const instruction = useQuery({
    queryKey: calendarKeys.list('instruction', q),
    queryFn: ({ signal }) => api.get<{ meetings: Meeting[] }>('/api/instruction-team/meeting', { ...q }, signal),
    enabled: enabled && on.instructionMeeting,
  });
  const cloud = useQuery({
    queryKey: calendarKeys.list('cloud', q),
    queryFn: ({ signal }) => api.get<{ cloud_classrooms: Meeting[] }>('/api/activity/cloud-classroom', { ...q }, signal),
    enabled: enabled && on.cloudClassroom,
  });
  // The meeting and live activities of my courses (decision 0150).
  const live = useQuery({
    queryKey: calendarKeys.list('live', q),
    queryFn: ({ signal }) => api.get<{ live_activities: CalendarLiveActivity[] }>('/api/calendar-live-activities', { ...q }, signal),
    enabled: enabled && (on.live ?? false),
  });
  return { timetables, events, meetings, instruction, cloud, live };
}

function useInvalidatingMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['calendar', 'list'] }) });
}

/** `POST /api/calendar-events` or `PUT /api/calendar-events/{id}` (full body or only start/end). */
export function useSaveEvent() {
  return useInvalidatingMutation(({ id, body }: { id?: number; body: CalendarEventBody | { start_time: string; end_time: string; all_day?: boolean } }) =>
    id
      ? api.put<{ calendar_event: CalendarEvent }>(`/api/calendar-events/${id}`, body)
      : api.post<{ calendar_event: CalendarEvent }>('/api/calendar-events', body),
  );
}
/** `DELETE /api/calendar-events/{id}`. */
export function useDeleteEvent() {
  return useInvalidatingMutation((id: number) => api.delete<{ message: string }>(`/api/calendar-events/${id}`));
}
/** `POST /api/calendar-timetables` or `PUT /api/calendar-timetables/{id}`: answers message and timetable (spec §7). */
export function useSaveTimetable() {
  return useInvalidatingMutation(({ id, body }: { id?: number; body: CreateTimetableBody | UpdateTimetableBody }) =>
    id
      ? api.put<{ message: string; timetable: Timetable | null }>(`/api/calendar-timetables/${id}`, body)
      : api.post<{ message: string; timetable: Timetable | null }>('/api/calendar-timetables', body),
  );
}
/** `PUT /api/calendar-timetables/{id}/delete` with target_time and update_scope. */
export function useDeleteTimetable() {
  return useInvalidatingMutation(({ id, body }: { id: number; body: DeleteTimetableBody }) =>
    api.put<{ message: string }>(`/api/calendar-timetables/${id}/delete`, body),
  );
}
/** `POST /api/calendar-meeting` or `PUT /api/calendar-meeting/{id}` (full body or only start/end). */
export function useSaveMeeting() {
  return useInvalidatingMutation(({ id, body }: { id?: number; body: MeetingBody | { start_time: string; end_time: string } }) =>
    id ? api.put<{ meeting: Meeting }>(`/api/calendar-meeting/${id}`, body) : api.post<{ meeting: Meeting }>('/api/calendar-meeting', body),
  );
}
/**
 * Review of a meeting by an org admin (spec §4 audit_status; decision 0021): `PUT
 * /api/calendar-meeting/{id}` with the meeting's whole body and the new audit_status. The
 * calendar lists and the management overview refresh.
 */
export function useReviewMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meeting, audit_status }: { meeting: Meeting; audit_status: Meeting['data']['audit_status'] }) =>
      api.put<{ meeting: Meeting }>(`/api/calendar-meeting/${meeting.id}`, meetingBodyOf(meeting, { audit_status })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['calendar', 'list'] });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.management });
    },
  });
}
/** `DELETE /api/calendar-meeting/{id}` (also cloud classrooms, spec §8). */
export function useDeleteMeeting() {
  return useInvalidatingMutation((id: number) => api.delete<{ message: string }>(`/api/calendar-meeting/${id}`));
}

/** `GET /api/calendar-feed`: my private iCalendar feed path, or null. */
export function useFeed() {
  return useQuery({ queryKey: calendarKeys.feed, queryFn: ({ signal }) => api.get<{ url: string | null }>('/api/calendar-feed', undefined, signal) });
}
/** `POST /api/calendar-feed` (new URL) or `DELETE /api/calendar-feed` (revoke). */
export function useFeedAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'rotate' | 'revoke'): Promise<unknown> =>
      action === 'rotate' ? api.post<{ url: string }>('/api/calendar-feed') : api.delete<{ message: string }>('/api/calendar-feed'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.feed }),
  });
}

export type { ManagementMeetingFilter };

/** `POST /api/management/calendar-meeting?page=&page_size=`: the organisation's meetings, filtered (admins). */
export function useManagementMeetings(page: number, pageSize: number, filter: ManagementMeetingFilter) {
  return useQuery({
    queryKey: [...calendarKeys.management, page, pageSize, filter] as const,
    queryFn: () =>
      api.post<{ items: Meeting[]; page: number; page_size: number; pages: number; total: number }>(
        `/api/management/calendar-meeting?page=${page}&page_size=${pageSize}`,
        filter,
      ),
  });
}

/** `POST /api/management/calendar-meeting/excel`: the filtered overview as an .xlsx Blob (binary answer). */
export async function downloadMeetingsExcel(filter: ManagementMeetingFilter): Promise<Blob> {
  return postForFile('/api/management/calendar-meeting/excel', filter);
}
