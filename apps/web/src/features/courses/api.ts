import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessCodeResponse,
  AccessCodeValidateResponse,
  Course,
  CourseGroups,
  CoursePage,
  CreateCourseBody,
  JoinCourseResponse,
  MyCourseTerms,
  MyCoursesQuery,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the courses feature. */
export const courseKeys = {
  all: ['courses'] as const,
  mine: (page: number, pageSize: number, filters: MyCourseFilters = {}) => ['courses', 'mine', page, pageSize, filters] as const,
  terms: ['courses', 'terms'] as const,
  detail: (id: number) => ['courses', 'detail', id] as const,
  accessCode: (id: number) => ['courses', 'access-code', id] as const,
};

/** Filters of my course lists (spec §2 `/user/courses`, `/user/studios`, `/user/project`): term, current or archived, course type. */
export type MyCourseFilters = Partial<Pick<MyCoursesQuery, 'academic_year' | 'semester' | 'status' | 'course_type'>>;

/** `GET /api/user/courses?page=&page_size=&academic_year=&semester=&status=&course_type=`: the signed-in user's courses, one page. */
export function useMyCourses(page: number, pageSize: number, filters: MyCourseFilters = {}) {
  return useQuery({
    queryKey: courseKeys.mine(page, pageSize, filters),
    queryFn: ({ signal }) => api.get<CoursePage>('/api/user/courses', { page, page_size: pageSize, ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/user/course-terms`: the academic years and semesters of my courses (the term filters' choices). */
export function useMyCourseTerms() {
  return useQuery({
    queryKey: courseKeys.terms,
    queryFn: ({ signal }) => api.get<MyCourseTerms>('/api/user/course-terms', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/courses/{id}`: one course with the user's roles in it (403 / 404 as ApiError). */
export function useCourse(id: number) {
  return useQuery(courseQuery(id));
}

/** `GET /api/courses/{id}` as a query (the hook's, and the router's preload at navigation). */
export function courseQuery(id: number) {
  return queryOptions({
    queryKey: courseKeys.detail(id),
    queryFn: ({ signal }) => api.get<Course>(`/api/courses/${id}`, undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** `POST /api/course`: creates a course; the creator becomes its instructor. */
export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCourseBody) => api.post<Course>('/api/course', body),
    onSuccess: (course) => {
      queryClient.setQueryData(courseKeys.detail(course.id), course);
      void queryClient.invalidateQueries({ queryKey: ['courses', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: courseKeys.terms });
    },
  });
}

/** `GET /api/course/access-code/{code}/validate`: the course a code opens (spec §7). */
export function validateAccessCode(code: string): Promise<AccessCodeValidateResponse> {
  return api.get<AccessCodeValidateResponse>(`/api/course/access-code/${encodeURIComponent(code)}/validate`);
}

/** `POST /api/course/join/{code}`: enrols the user as a student by access code. */
export function useJoinCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<JoinCourseResponse>(`/api/course/join/${encodeURIComponent(code)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

/** `GET /api/course/{id}/access_code`: the course's access code (made on first ask) and whether it may be reset. */
export function useAccessCode(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.accessCode(courseId),
    queryFn: ({ signal }) => api.get<AccessCodeResponse>(`/api/course/${courseId}/access_code`, undefined, signal),
    enabled,
    staleTime: 0,
  });
}

/** `PUT /api/course/{id}/access_code`: replaces the code with a new one. */
export function useResetAccessCode(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<AccessCodeResponse>(`/api/course/${courseId}/access_code`),
    onSuccess: (answer) => queryClient.setQueryData(courseKeys.accessCode(courseId), answer),
  });
}

/** `PUT /api/course/{id}/outline`: saves the outline text; the answered course replaces the cached detail. */
export function useSaveCourseOutline(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<Course>(`/api/course/${courseId}/outline`, { course_outline: text }),
    onSuccess: (updated) => queryClient.setQueryData(courseKeys.detail(courseId), updated),
  });
}

/** `POST /api/outline/notify`: tells the course's students the outline changed; answers the server's (translated) message. */
export function useNotifyOutline(courseId: number) {
  return useMutation({ mutationFn: () => api.post<{ message: string }>('/api/outline/notify', { course_ids: [courseId] }) });
}

/** Query key of a course's groups (shared with the calendar's event targets, which list the same groups). */
export const courseGroupsKey = (courseId: number) => ['calendar', 'groups', courseId] as const;

/** `GET /api/courses/{id}/groups`: the course's groups with their members. */
export function useCourseGroups(courseId: number) {
  return useQuery({
    queryKey: courseGroupsKey(courseId),
    queryFn: ({ signal }) => api.get<CourseGroups>(`/api/courses/${courseId}/groups`, undefined, signal),
  });
}

/** `GET /api/course/{id}/students`: the course's students (id, name, user number), for picking group members; only fetched when `enabled`. */
export function useCourseStudentList(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['calendar', 'students', courseId],
    queryFn: ({ signal }) => api.get<{ students: { id: number; name: string; user_no: string }[] }>(`/api/course/${courseId}/students`, undefined, signal),
    enabled,
  });
}

/** `POST /api/courses/{id}/groups` (no `groupId`) or `PUT …/groups/{groupId}`, and `DELETE …/groups/{groupId}`; each refreshes the groups. */
export function useCourseGroupMutations(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: courseGroupsKey(courseId) });
  const save = useMutation({
    mutationFn: ({ groupId, ...body }: { groupId: number | null; name: string; member_ids: number[] }) =>
      groupId !== null ? api.put<unknown>(`/api/courses/${courseId}/groups/${groupId}`, body) : api.post<unknown>(`/api/courses/${courseId}/groups`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (groupId: number) => api.delete<unknown>(`/api/courses/${courseId}/groups/${groupId}`), onSuccess: refresh });
  return { save, remove };
}
