import { z } from 'zod';
import { pageOf } from '../common/pagination.schemas.js';

/** Course roles of spec §6, held per enrolment. */
export const CourseRoleSchema = z.enum(['student', 'instructor', 'instructor_assistant']);
export type CourseRole = z.infer<typeof CourseRoleSchema>;

const NameSchema = z.object({ name: z.string() });

/** A course as the API answers it (spec §3 Course, the fields this slice fills). */
export const CourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  course_code: z.string(),
  course_type: z.number().int(),
  academic_year: NameSchema.nullable(),
  semester: NameSchema.nullable(),
  department: NameSchema.nullable(),
  instructors: z.array(z.object({ id: z.number().int(), name: z.string(), portfolio_url: z.string().nullable() })),
  instructors_names: z.string(),
  course_attributes: z.object({
    published: z.boolean(),
    student_count: z.number().int(),
    data: z.object({
      review_status: z.enum(['reviewed', 'unreviewed']),
      /** Spec §3/§4: the latest package import's sync status (0 running, 1 done, 2 failed); absent when nothing was imported. */
      course_importer_status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    }),
  }),
  /** Spec §3 Course `imported_from`: the latest package import into this course (source system, backup file, import id), null when none. */
  imported_from: z.object({ source: z.literal('moodle'), import_id: z.number().int(), upload_id: z.number().int(), name: z.string() }).nullable(),
  /** Spec §4 course type: 'normal' or 'lite'. */
  lite: z.boolean(),
  recommended: z.boolean(),
  course_outline: z.string().nullable(),
  start_date: z.iso.datetime({ offset: true }).nullable(),
  end_date: z.iso.datetime({ offset: true }).nullable(),
  deleted: z.boolean(),
  /** Roles the current user holds in this course; empty for admins looking in. */
  my_roles: z.array(CourseRoleSchema),
  /** Spec §3 Course hasAiAbility flag (spelled as the spec does), §6: offers the previewer's question and AI quiz panels; set by an org admin. */
  hasAiAbility: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Course = z.infer<typeof CourseSchema>;

export const CoursePageSchema = pageOf(CourseSchema);
export type CoursePage = z.infer<typeof CoursePageSchema>;

/** `POST /api/course` body: an instructor or admin creates a course and becomes its instructor. */
export const CreateCourseBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  course_code: z.string().trim().min(1, 'course_code is required').max(50),
  display_name: z.string().trim().max(200).optional(),
  academic_year: z.string().trim().max(50).optional(),
  semester: z.string().trim().max(50).optional(),
  department_id: z.number().int().positive().optional(),
  /** Spec §3 course_type: 0 (default) a course, 7 a studio, 8 a project (user-courses.schemas.ts COURSE_TYPE). */
  course_type: z.union([z.literal(0), z.literal(7), z.literal(8)]).optional(),
});
export type CreateCourseBody = z.infer<typeof CreateCourseBodySchema>;

export const CourseIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `GET|PUT /api/course/{id}/access_code` answer (spec §7). */
export const AccessCodeResponseSchema = z.object({
  access_code: z.string().nullable(),
  resetable: z.boolean(),
});
export type AccessCodeResponse = z.infer<typeof AccessCodeResponseSchema>;

export const AccessCodeParamsSchema = z.object({ code: z.string() });

/** `GET /api/course/access-code/{code}/validate` answer: the course the code opens. */
export const AccessCodeValidateResponseSchema = z.object({
  course_id: z.number().int(),
  name: z.string(),
});
export type AccessCodeValidateResponse = z.infer<typeof AccessCodeValidateResponseSchema>;

/** `POST /api/course/join/{code}` answer: the enrolled course and whether this call enrolled the user. */
export const JoinCourseResponseSchema = z.object({
  course_id: z.number().int(),
  joined: z.boolean(),
});
export type JoinCourseResponse = z.infer<typeof JoinCourseResponseSchema>;
