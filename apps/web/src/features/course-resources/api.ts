import { useQuery } from '@tanstack/react-query';
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
