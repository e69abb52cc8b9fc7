import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CourseLearningStats, LEARNING_STUDENT_SORTS, LearningStudentsPage, StudentLearningStats } from '@atrium/contracts';
import { api } from '../../lib/api-client';
import type { StatsPeriod } from '../../lib/period';

/** A sort key of the students table (contracts `LEARNING_STUDENT_SORTS`). */
export type LearningStudentSort = (typeof LEARNING_STUDENT_SORTS)[number];

/** What the students table asks for: `page` from 1, `page_size` 1–100, a sort key and order, an optional name or user number. */
export interface LearningStudentsParams {
  page: number;
  pageSize: number;
  sort: LearningStudentSort;
  order: 'asc' | 'desc';
  keyword?: string;
}

/** Query keys of the learning statistics (issue 25 item 3). */
export const learningStatsKeys = {
  all: ['learning-stats'] as const,
  course: (courseId: number, period: StatsPeriod) => ['learning-stats', courseId, 'course', period.from, period.to] as const,
  students: (courseId: number, params: LearningStudentsParams) =>
    ['learning-stats', courseId, 'students', params.page, params.pageSize, params.sort, params.order, params.keyword ?? ''] as const,
  student: (courseId: number, userId: number, period: StatsPeriod) => ['learning-stats', courseId, 'student', userId, period.from, period.to] as const,
};

/** `GET /api/stat/courses/{courseId}/learning?from=&to=`: the course dashboard over the period (the course team and the organisation's admins). */
export function useCourseLearningStats(courseId: number, period: StatsPeriod) {
  return useQuery({
    queryKey: learningStatsKeys.course(courseId, period),
    queryFn: ({ signal }) => api.get<CourseLearningStats>(`/api/stat/courses/${courseId}/learning`, { from: period.from, to: period.to }, signal),
    // While another period loads, the last one stays on screen (never another course's).
    placeholderData: (previous) => (previous?.course_id === courseId ? previous : undefined),
  });
}

/** `GET /api/stat/courses/{courseId}/learning/students?page=&page_size=&sort=&order=&keyword=`: a page of the students table, sorted and searched by the server. */
export function useLearningStudents(courseId: number, params: LearningStudentsParams) {
  return useQuery({
    queryKey: learningStatsKeys.students(courseId, params),
    queryFn: ({ signal }) =>
      api.get<LearningStudentsPage>(
        `/api/stat/courses/${courseId}/learning/students`,
        { page: params.page, page_size: params.pageSize, sort: params.sort, order: params.order, keyword: params.keyword || undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/stat/courses/{courseId}/learning/students/{userId}?from=&to=`: one student's figures, days and activities over the period. */
export function useStudentLearningStats(courseId: number, userId: number, period: StatsPeriod) {
  return useQuery({
    queryKey: learningStatsKeys.student(courseId, userId, period),
    queryFn: ({ signal }) =>
      api.get<StudentLearningStats>(`/api/stat/courses/${courseId}/learning/students/${userId}`, { from: period.from, to: period.to }, signal),
    placeholderData: (previous) => (previous?.course_id === courseId && previous.student.user_id === userId ? previous : undefined),
  });
}

/**
 * The address of the students table's export (`GET /api/stat/courses/{courseId}/learning/export?format=&sort=&order=&keyword=`),
 * opened as a download: CSV (UTF-8 with BOM) or XLSX of every row the table's search keeps, in the table's order.
 */
export function learningExportUrl(courseId: number, format: 'csv' | 'xlsx', params: Pick<LearningStudentsParams, 'sort' | 'order' | 'keyword'>): string {
  const query = new URLSearchParams({ format, sort: params.sort, order: params.order });
  if (params.keyword) query.set('keyword', params.keyword);
  return `/api/stat/courses/${courseId}/learning/export?${query}`;
}
