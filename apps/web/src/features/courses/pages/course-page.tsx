import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import type { Course } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult, NotFoundResult } from '../../../components/status-results';
import { courseContentQuery } from '../../activities/api';
import { useCourse } from '../api';
import { CourseHeader } from '../components/course-header';

/**
 * Frame of `/course/{id}` and its sub-pages: loads the course (`GET /api/courses/{id}`),
 * shows 403 / 404 results (the page's h1: the course header, which has it, is not drawn), else the course header and the sub-page. On the
 * content page it prefetches the content tree at once.
 */
export function CoursePage() {
  const { id } = useParams();
  const courseId = Number(id);
  const isValidId = Number.isInteger(courseId) && courseId > 0;
  const course = useCourse(courseId);
  const queryClient = useQueryClient();
  const isContentPage = /\/content\/?$/.test(useLocation().pathname);
  // The content page's data is asked for beside the course, not after the header and the page's chunk.
  useEffect(() => {
    if (isValidId && isContentPage) void queryClient.prefetchQuery(courseContentQuery(courseId));
  }, [queryClient, isValidId, isContentPage, courseId]);
  if (!isValidId) return <NotFoundResult pageTitle />;
  if (course.isPending) return <PageSpinner />;
  if (course.isError) return <ApiErrorResult error={course.error} onRetry={() => void course.refetch()} pageTitle />;
  return (
    <>
      <CourseHeader course={course.data} />
      <Suspense fallback={<PageSpinner />}>
        <Outlet context={course.data} />
      </Suspense>
    </>
  );
}

/** The course loaded by CoursePage, for its sub-pages. */
export function useCourseContext(): Course {
  return useOutletContext<Course>();
}
