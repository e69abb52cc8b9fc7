import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessCodeResponse, AccessCodeValidateResponse, Course, CoursePage, CreateCourseBody, JoinCourseResponse } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the courses feature. */
export const courseKeys = {
  all: ['courses'] as const,
  mine: (page: number, pageSize: number) => ['courses', 'mine', page, pageSize] as const,
  detail: (id: number) => ['courses', 'detail', id] as const,
  accessCode: (id: number) => ['courses', 'access-code', id] as const,
};

/** `GET /api/user/courses?page=&page_size=`: the signed-in user's courses, one page. */
export function useMyCourses(page: number, pageSize: number) {
  return useQuery({
    queryKey: courseKeys.mine(page, pageSize),
    queryFn: ({ signal }) => api.get<CoursePage>('/api/user/courses', { page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/courses/{id}`: one course with the user's roles in it (403 / 404 as ApiError). */
export function useCourse(id: number) {
  return useQuery({
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
