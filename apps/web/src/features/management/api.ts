import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course, CourseCounts, CourseListFilter, CoursePage, CourseSettings, UpdateCourseBody } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the management area. */
export const managementKeys = {
  list: (filter: CourseListFilter, page: number, pageSize: number) => ['management', 'courses', filter, page, pageSize] as const,
  pages: (keyword: string, pageSize: number) => ['management', 'courses', 'pages', keyword, pageSize] as const,
  counts: ['management', 'counts'] as const,
  settings: ['management', 'settings'] as const,
  authValidate: ['management', 'auth-validate'] as const,
};

/** `POST /api/courses?page&page_size` with the filters in the body (spec §7). */
export function useManagedCourses(filter: CourseListFilter, page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: managementKeys.list(filter, page, pageSize),
    queryFn: () => api.post<CoursePage>(`/api/courses?page=${page}&page_size=${pageSize}`, filter),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The management course list for a picker: `POST /api/courses?page&page_size` with `{ keyword }` (empty: every
 * course), `pageSize` a page, the next page fetched by `fetchNextPage` until `total` are loaded (spec §7).
 */
export function useManagedCoursePages(keyword: string, pageSize = 50) {
  return useInfiniteQuery({
    queryKey: managementKeys.pages(keyword, pageSize),
    queryFn: ({ pageParam }) => api.post<CoursePage>(`/api/courses?page=${pageParam}&page_size=${pageSize}`, keyword ? { keyword } : {}),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/courses/count`. */
export function useCourseCounts(enabled = true) {
  return useQuery({ queryKey: managementKeys.counts, queryFn: ({ signal }) => api.get<CourseCounts>('/api/courses/count', undefined, signal), enabled });
}

/** `GET /api/courses/settings` and `PUT` (org admins). */
export function useCourseSettings() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: managementKeys.settings, queryFn: ({ signal }) => api.get<CourseSettings>('/api/courses/settings', undefined, signal) });
  const update = useMutation({
    mutationFn: (body: Partial<CourseSettings>) => api.put<CourseSettings>('/api/courses/settings', body),
    onSuccess: (settings) => queryClient.setQueryData(managementKeys.settings, settings),
  });
  return { query, update };
}

/** Course actions of the management list: edit, delete, restore, recommend, review, inspect. Each refreshes the list. */
export function useCourseAdminActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: ['management'] });
  return {
    edit: useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateCourseBody }) => api.put<Course>(`/api/courses/${id}`, body), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<{ message: string }>(`/api/courses/${id}`), onSuccess }),
    restore: useMutation({ mutationFn: (id: number) => api.put<Course>(`/api/courses/${id}/restore`), onSuccess }),
    recommend: useMutation({
      mutationFn: ({ id, recommended }: { id: number; recommended: boolean }) => api.put<unknown>(`/api/courses/${id}/recommended`, { recommended }),
      onSuccess,
    }),
    review: useMutation({
      mutationFn: ({ id, type }: { id: number; type: 'reviewed' | 'unreviewed' }) => api.put<unknown>(`/api/course/${id}/manager/review`, { type }),
      onSuccess,
    }),
    inspect: useMutation({ mutationFn: (id: number) => api.put<unknown>(`/api/courses/${id}/inspect`) }),
  };
}

/** `GET /api/auth_code/auth_validate`: whether the management area may open (spec §6). */
export function useAuthValidate() {
  return useQuery({
    queryKey: managementKeys.authValidate,
    queryFn: ({ signal }) => api.get<{ dingtalk_auth_validate: boolean; required: boolean }>('/api/auth_code/auth_validate', undefined, signal),
  });
}

/** `POST /api/auth_code/get_auth_code` and `POST /api/auth_code/validate_auth_code`. */
export function useAuthCodeMutations() {
  const queryClient = useQueryClient();
  return {
    send: useMutation({ mutationFn: () => api.post<{ message: string; resend_after_seconds: number }>('/api/auth_code/get_auth_code') }),
    validate: useMutation({
      mutationFn: (authCode: string) => api.post<{ dingtalk_auth_validate: boolean }>('/api/auth_code/validate_auth_code', { auth_code: authCode }),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['management'] }),
    }),
  };
}
