import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradeCategory, GradeCategoryBody, GradeItem, Gradebook, UpdateGradeItemBody } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the gradebook feature (issue 16 §3). `['gradebook', courseId]` covers every key of a course. */
export const gradebookKeys = {
  course: (courseId: number) => ['gradebook', courseId] as const,
  scores: (courseId: number) => ['gradebook', courseId, 'scores'] as const,
};

/** `GET /api/courses/{courseId}/scores`: the team sees every learner and item; a learner one row (their own) and published items only. */
export function useGradebook(courseId: number) {
  return useQuery({
    queryKey: gradebookKeys.scores(courseId),
    queryFn: ({ signal }) => api.get<Gradebook>(`/api/courses/${courseId}/scores`, undefined, signal),
  });
}

/**
 * The team's gradebook writes, each reading the gradebook again: a column's settings (`PUT
 * /api/courses/{courseId}/grade-items/{activityId}` weight, category, maximum), publishing one
 * activity's scores (`POST …/publish` / `…/unpublish`), and categories (`POST
 * /api/courses/{courseId}/grade-categories`, `PUT` / `DELETE /api/grade-categories/{id}`; 400 naming `name` or `weight`).
 */
export function useGradebookMutations(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: gradebookKeys.course(courseId) });
    // A homework's submission list shows whether its scores are published.
    void queryClient.invalidateQueries({ queryKey: ['homework', 'submissions'] });
  };
  return {
    updateItem: useMutation({
      mutationFn: ({ activityId, body }: { activityId: number; body: UpdateGradeItemBody }) =>
        api.put<GradeItem>(`/api/courses/${courseId}/grade-items/${activityId}`, body),
      onSuccess: refresh,
    }),
    publish: useMutation({
      mutationFn: ({ activityId, isPublished }: { activityId: number; isPublished: boolean }) =>
        api.post<GradeItem>(`/api/courses/${courseId}/grade-items/${activityId}/${isPublished ? 'publish' : 'unpublish'}`),
      onSuccess: refresh,
    }),
    createCategory: useMutation({
      mutationFn: (body: GradeCategoryBody) => api.post<GradeCategory>(`/api/courses/${courseId}/grade-categories`, body),
      onSuccess: refresh,
    }),
    updateCategory: useMutation({
      mutationFn: ({ id, body }: { id: number; body: GradeCategoryBody }) => api.put<GradeCategory>(`/api/grade-categories/${id}`, body),
      onSuccess: refresh,
    }),
    removeCategory: useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/grade-categories/${id}`), onSuccess: refresh }),
  };
}

/** The address of the gradebook export (`GET /api/courses/{courseId}/scores/export?format=`), opened as a download. */
export function gradebookExportUrl(courseId: number, format: 'xlsx' | 'csv'): string {
  return `/api/courses/${courseId}/scores/export?format=${format}`;
}
