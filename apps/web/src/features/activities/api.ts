import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Activity,
  ActivityReadBody,
  ActivityReadResponse,
  ContentOrderBody,
  CourseContent,
  CreateActivityBody,
  CreateModuleBody,
  LearningMode,
  Module,
  UpdateActivityBody,
  UpdateModuleBody,
  Upload,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { headerKeys } from '../courses/header-api';

/** Query keys of course content and activities (issue 7). */
export const activityKeys = {
  content: (courseId: number) => ['activities', 'content', courseId] as const,
  detail: (id: number) => ['activities', 'detail', id] as const,
};

/** `GET /api/courses/{id}/content`: modules, activities with the requester's completion and access, and study completeness. */
export function useCourseContent(courseId: number) {
  return useQuery(courseContentQuery(courseId));
}

/** The query of `GET /api/courses/{id}/content`, shared by the content page and the course frame's prefetch. */
export function courseContentQuery(courseId: number) {
  return queryOptions({
    queryKey: activityKeys.content(courseId),
    queryFn: ({ signal }) => api.get<CourseContent>(`/api/courses/${courseId}/content`, undefined, signal),
  });
}

/** `GET /api/activities/{id}`; a 403 carries the access-forbidden code and times (not retried). */
export function useActivity(id: number | null) {
  return useQuery({ ...activityQuery(id ?? 0), enabled: id !== null && id > 0, retry: false });
}

/** The query of `GET /api/activities/{id}`, for `useActivity` and for a fresh read before editing (`queryClient.fetchQuery`). */
export function activityQuery(id: number) {
  return queryOptions({
    queryKey: activityKeys.detail(id),
    queryFn: ({ signal }) => api.get<Activity>(`/api/activities/${id}`, undefined, signal),
  });
}

/** `PUT /api/courses/{id}/learning-mode` (instructors, org admins): free or checkpoint; reads the content tree again. */
export function useSetLearningMode(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (learning_mode: LearningMode) => api.put<unknown>(`/api/courses/${courseId}/learning-mode`, { learning_mode }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: activityKeys.content(courseId) }),
  });
}

/** `POST /api/uploads` with `embed_material_type: 'online_video'`: a course upload of type `link` for an online video's URL (spec §5); field errors name `url` or `name`. */
export function useEmbedOnlineVideo(courseId: number) {
  return useMutation({
    mutationFn: (v: { name: string; url: string }) =>
      api.post<Upload>('/api/uploads', {
        name: v.name.trim(),
        size: 0,
        parent_type: 'course',
        parent_id: courseId,
        embed_material_type: 'online_video',
        url: v.url.trim(),
      }),
  });
}

/** Reads the content tree (and the header's completeness) again after a change. */
function useRefreshContent(courseId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: activityKeys.content(courseId) });
    void queryClient.invalidateQueries({ queryKey: headerKeys.completeness(courseId) });
  };
}

/** Module calls: `POST /api/courses/{id}/modules`, `PUT` / `DELETE /api/modules/{id}`. */
export function useModuleMutations(courseId: number) {
  const refresh = useRefreshContent(courseId);
  return {
    create: useMutation({ mutationFn: (body: CreateModuleBody) => api.post<Module>(`/api/courses/${courseId}/modules`, body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateModuleBody }) => api.put<Module>(`/api/modules/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<unknown>(`/api/modules/${id}`), onSuccess: refresh }),
  };
}

/** Activity calls: create, update, delete and `PUT /api/activities/{id}/publish {published}`. */
export function useActivityMutations(courseId: number) {
  const refresh = useRefreshContent(courseId);
  const queryClient = useQueryClient();
  const refreshOne = (activity: Activity) => {
    queryClient.setQueryData(activityKeys.detail(activity.id), activity);
    refresh();
  };
  return {
    create: useMutation({ mutationFn: (body: CreateActivityBody) => api.post<Activity>(`/api/courses/${courseId}/activities`, body), onSuccess: refreshOne }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateActivityBody }) => api.put<Activity>(`/api/activities/${id}`, body),
      onSuccess: refreshOne,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<unknown>(`/api/activities/${id}`), onSuccess: refresh }),
    publish: useMutation({
      mutationFn: ({ id, published }: { id: number; published: boolean }) => api.put<unknown>(`/api/activities/${id}/publish`, { published }),
      onSuccess: refresh,
    }),
  };
}

/**
 * `PUT /api/courses/{id}/content/order`: the whole order in one call. The new
 * order is shown at once and put back if the server refuses it.
 */
export function useSaveContentOrder(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: ContentOrderBody; optimistic: CourseContent }) => api.put<unknown>(`/api/courses/${courseId}/content/order`, body),
    onMutate: async ({ optimistic }) => {
      await queryClient.cancelQueries({ queryKey: activityKeys.content(courseId) });
      const previous = queryClient.getQueryData<CourseContent>(activityKeys.content(courseId));
      queryClient.setQueryData(activityKeys.content(courseId), optimistic);
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(activityKeys.content(courseId), context.previous);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: activityKeys.content(courseId) }),
  });
}

/** `POST /api/activities/{id}/reads`: records a visit (or a document page viewed) and refreshes completion. */
export function useRecordRead(courseId: number) {
  const refresh = useRefreshContent(courseId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ActivityReadBody }) => api.post<ActivityReadResponse>(`/api/activities/${id}/reads`, body),
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData<Activity>(activityKeys.detail(id), (old) => (old ? { ...old, is_completed: answer.is_completed } : old));
      refresh();
    },
  });
}

/**
 * `POST /api/activities/{id}/reads { upload_id, page? }` from the previewer: a
 * file was opened, or one of its document pages was on screen. No refresh per
 * call (a document reports many pages, and the course completion popup must not
 * open over the previewer); the activity page refreshes completion when the
 * previewer closes (useRefreshAfterPreview). Failures are ignored: the next
 * page or opening reports again.
 */
export function recordPreviewRead(activityId: number, body: ActivityReadBody): void {
  const sent: Promise<unknown> = api
    .post<ActivityReadResponse>(`/api/activities/${activityId}/reads`, body)
    .catch(() => undefined)
    .finally(() => pendingPageReads.delete(sent));
  pendingPageReads.add(sent);
}

/** Page reads still on their way: the refresh after the previewer closes waits for them. */
const pendingPageReads = new Set<Promise<unknown>>();

/**
 * After the previewer closes: the activity, the content tree and the course
 * header's completeness are read again, since pages viewed, play-progress and
 * the SCORM runtime may have completed the activity meanwhile.
 */
export function useRefreshAfterPreview(courseId: number) {
  const refresh = useRefreshContent(courseId);
  const queryClient = useQueryClient();
  return (activityId: number) => {
    void Promise.allSettled([...pendingPageReads]).then(() => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) });
      refresh();
    });
  };
}

/**
 * After a submission that may have completed an activity (an exam attempt or a questionnaire
 * response; the server completes `submitted` / `scored` activities before it answers, decision
 * 0090): the activity (its completed tag), the content tree and the header's completeness (the
 * course completion popup) are read again.
 */
export function useRefreshCompletion(courseId: number) {
  const refresh = useRefreshContent(courseId);
  const queryClient = useQueryClient();
  return (activityId: number) => {
    void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) });
    refresh();
  };
}

/** `POST /api/course/{id}/record-user-reads {type}` (spec §7): a course-level page was read ('content', 'outline'). Failures are ignored (spec §8 "other errors are silently ignored"). */
export function recordUserReads(courseId: number, type: string): void {
  void api.post<unknown>(`/api/course/${courseId}/record-user-reads`, { type }).catch(() => undefined);
}
