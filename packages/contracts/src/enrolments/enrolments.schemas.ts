import { z } from 'zod';
import { pageOf } from '../common/pagination.schemas.js';
import { CourseRoleSchema } from '../courses/courses.schemas.js';

/** A member of a course (spec §2 /course/{id}/enrollments). */
export const MemberSchema = z.object({
  enrollment_id: z.number().int(),
  role: CourseRoleSchema,
  user: z.object({ id: z.number().int(), name: z.string(), user_no: z.string(), email: z.string().nullable() }),
  created_at: z.iso.datetime({ offset: true }),
});
export type Member = z.infer<typeof MemberSchema>;
export const MemberPageSchema = pageOf(MemberSchema);
export type MemberPage = z.infer<typeof MemberPageSchema>;

export const MembersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50, 100].includes(n), { message: 'page_size must be one of 10, 20, 30, 50, 100' })
    .default(10),
  role: CourseRoleSchema.optional(),
});

/** `POST /api/courses/{id}/enrollments` body: enrol users of the organisation in one role. */
export const AddEnrollmentsBodySchema = z.object({
  user_ids: z.array(z.number().int().positive()).min(1, 'choose at least one user').max(500),
  role: CourseRoleSchema.default('student'),
});
/** `PUT /api/course/enrollments` body: change the role of these enrolments. */
export const ChangeEnrollmentsBodySchema = z.object({
  enrollment_ids: z.array(z.number().int().positive()).min(1, 'choose at least one member').max(500),
  role: CourseRoleSchema,
});
/** `DELETE /api/course/enrollments` body: remove these enrolments. */
export const RemoveEnrollmentsBodySchema = z.object({ enrollment_ids: z.array(z.number().int().positive()).min(1, 'choose at least one member').max(500) });

/** `GET /api/authz/course-roles` answer: every course role, and which the user may invite or assign in a course. */
export const CourseRolesResponseSchema = z.object({
  roles: z.array(CourseRoleSchema),
  invitable_roles: z.array(CourseRoleSchema),
  assignable_roles: z.array(CourseRoleSchema),
});
export type CourseRolesResponse = z.infer<typeof CourseRolesResponseSchema>;
export const CourseRolesQuerySchema = z.object({ course_id: z.coerce.number().int().positive() });
