import { z } from 'zod';
import { PageQuerySchema } from '../common/pagination.schemas.js';

/** Spec §3 Course `course_type` values with their own lists: a normal course, a studio (spec §2 `/user/studios`) and a project (`/user/project`). */
export const COURSE_TYPE = { normal: 0, studio: 7, project: 8 } as const;
/** The course types `POST /api/course` creates (others, such as 11, come from elsewhere). */
export const CREATABLE_COURSE_TYPES = [COURSE_TYPE.normal, COURSE_TYPE.studio, COURSE_TYPE.project] as const;

/** `status` of my course list: `current` (no end date, or it has not passed) or `archived` (its end date has passed). */
export const MY_COURSE_STATUSES = ['current', 'archived'] as const;

/**
 * `GET /api/user/courses?page=&page_size=&academic_year=&semester=&status=&course_type=` (spec §2
 * `/user/courses`, `/user/studios`, `/user/project`): filters by the term (spec §3 academic_year,
 * semester; exact names), current or archived, and course type. Absent filters filter nothing.
 */
export const MyCoursesQuerySchema = PageQuerySchema.extend({
  academic_year: z.string().trim().min(1).max(50).optional(),
  semester: z.string().trim().min(1).max(50).optional(),
  status: z.enum(MY_COURSE_STATUSES).optional(),
  course_type: z.coerce.number().int().min(0).max(32767).optional(),
});
export type MyCoursesQuery = z.infer<typeof MyCoursesQuerySchema>;

/** `GET /api/user/course-terms`: the academic years and semesters of my courses (for the term filters), sorted, newest year first. */
export const MyCourseTermsSchema = z.object({
  academic_years: z.array(z.string()),
  semesters: z.array(z.string()),
});
export type MyCourseTerms = z.infer<typeof MyCourseTermsSchema>;
