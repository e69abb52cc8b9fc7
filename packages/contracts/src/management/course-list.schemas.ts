import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '../constants.js';

/** `POST /api/courses?page&page_size` body: the management list filters (spec §7). All optional. */
export const CourseListFilterSchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  academic_year: z.string().trim().max(50).optional(),
  semester: z.string().trim().max(50).optional(),
  department_id: z.number().int().positive().optional(),
  published: z.boolean().optional(),
  /** 'normal' or 'lite' (spec §4 course type). */
  type: z.enum(['normal', 'lite']).optional(),
  review_status: z.enum(['reviewed', 'unreviewed']).optional(),
  /** true lists deleted courses (to restore them). */
  deleted: z.boolean().optional(),
});
export type CourseListFilter = z.infer<typeof CourseListFilterSchema>;

/** `GET /api/courses/count` answer: counts of the courses the management list shows the user. */
export const CourseCountsSchema = z.object({
  total: z.number().int(),
  published: z.number().int(),
  unpublished: z.number().int(),
  unreviewed: z.number().int(),
  deleted: z.number().int(),
});
export type CourseCounts = z.infer<typeof CourseCountsSchema>;

/** `PUT /api/courses/{id}` body: edit a course; every field optional, at least one. */
export const UpdateCourseBodySchema = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(200),
    course_code: z.string().trim().min(1, 'course_code is required').max(50),
    display_name: z.string().trim().max(200),
    academic_year: z.string().trim().max(50),
    semester: z.string().trim().max(50),
    department_id: z.number().int().positive().nullable(),
    start_date: z.iso.datetime({ offset: true }).nullable(),
    end_date: z.iso.datetime({ offset: true }).nullable(),
    /** Spec §3 Course hasAiAbility, §6: only an organisation administrator may change it (403 FORBIDDEN otherwise). */
    hasAiAbility: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change', path: ['name'] });
export type UpdateCourseBody = z.infer<typeof UpdateCourseBodySchema>;

/** `PUT /api/courses/{id}/recommended` body. */
export const RecommendBodySchema = z.object({ recommended: z.boolean() });

/** `PUT /api/courses/settings` body: the organisation's course toggles (spec §6 feature toggles). */
export const CourseSettingsSchema = z.object({
  need_publish: z.boolean(),
  team_teaching: z.boolean(),
  management_auth_code: z.boolean(),
});
export type CourseSettings = z.infer<typeof CourseSettingsSchema>;
export const CourseSettingsBodySchema = CourseSettingsSchema.partial();

/** `PUT /api/course/{id}/outline` body (spec §3 course_outline). */
export const OutlineBodySchema = z.object({ course_outline: z.string().max(20_000) });

/** `POST /api/outline/notify` body: tell the students of these courses that the outline changed. */
export const OutlineNotifyBodySchema = z.object({ course_ids: z.array(z.number().int().positive()).min(1, 'choose at least one course').max(100) });

/** Page query of the management list (spec §9 page sizes). */
export const ManagementPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), { message: `page_size must be one of ${PAGE_SIZE_OPTIONS.join(', ')}` })
    .default(20),
});

/** Messaging-platform auth code (spec §5: exactly 6 characters; §9 resend after 60 s). */
export const AUTH_CODE_LENGTH = 6;
export const AUTH_CODE_RESEND_SECONDS = 60;
export const ValidateAuthCodeBodySchema = z.object({ auth_code: z.string().trim().length(AUTH_CODE_LENGTH, `the code has ${AUTH_CODE_LENGTH} characters`) });
/** `GET /api/auth_code/auth_validate` answer: true when the user need not (or already did) validate. */
export const AuthValidateResponseSchema = z.object({ dingtalk_auth_validate: z.boolean(), required: z.boolean() });
/** `POST /api/auth_code/get_auth_code` answer: seconds until another code may be asked for. */
export const GetAuthCodeResponseSchema = z.object({ message: z.string(), resend_after_seconds: z.number().int() });
