import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseResources } from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { uploadKeys } from '../uploads/api';

/**
 * Query keys of the course resources page. Under the course's upload key, so a finished
 * upload (the uploader invalidates `uploadKeys.course`) refreshes the folders too.
 */
export const courseResourcesKeys = {
  folders: (courseId: number) => [...uploadKeys.course(courseId), 'resources'] as const,
};

/**
 * `GET /api/user/course/{courseId}/resources/folder` (issue 19 §3): the course's files the
 * reader may open, by folder; polled every 2 s while a file is still processing.
 */
export function useCourseResources(courseId: number) {
  return useQuery({
    queryKey: courseResourcesKeys.folders(courseId),
    queryFn: ({ signal }) => api.get<CourseResources>(`/api/user/course/${courseId}/resources/folder`, undefined, signal),
    refetchInterval: (query) => (query.state.data?.folders.some((f) => f.files.some((file) => file.status === 'processing')) ? 2000 : false),
  });
}

/**
 * `POST /api/user/course/{courseId}/resources/library` (decision 0131): reuse library files (mine
 * or shared with me) in the course by reference; answers the course's resources, put in the cache.
 */
export function useReuseLibraryFiles(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadIds: number[]) => api.post<CourseResources>(`/api/user/course/${courseId}/resources/library`, { upload_ids: uploadIds }),
    onSuccess: (data) => queryClient.setQueryData(courseResourcesKeys.folders(courseId), data),
  });
}

/** `DELETE /api/user/course/{courseId}/resources/library/{uploadId}`: the course stops reusing a library file (it stays in the library). */
export function useStopReusingLibraryFile(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => api.delete<void>(`/api/user/course/${courseId}/resources/library/${uploadId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseResourcesKeys.folders(courseId) }),
  });
}
