import { z } from 'zod';
import { CourseRoleSchema } from '../courses/courses.schemas.js';

/**
 * `POST /api/course/{id}/invites` body (spec §7): e-mails (whitespace removed,
 * comma-split by the popup) and the course role to invite as (`invite_type`).
 */
export const InviteBodySchema = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().pipe(z.email('not an e-mail address')))
    .min(1, 'enter at least one e-mail')
    .max(200),
  invite_type: CourseRoleSchema,
  teaching_unit_type: z.enum(['course', 'teaching_class']).default('course'),
  teaching_unit_id: z.number().int().positive().optional(),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** A pending invite as the in-app confirmation popup needs it (spec §3 Invite). */
export const InviteSchema = z.object({
  invite_id: z.number().int(),
  teaching_unit_type: z.enum(['course', 'teaching_class']),
  teaching_unit_id: z.number().int(),
  course_id: z.number().int(),
  course_name: z.string(),
  role: CourseRoleSchema,
  inviter_name: z.string().nullable(),
});
export type Invite = z.infer<typeof InviteSchema>;
export const InviteListSchema = z.object({ invites: z.array(InviteSchema) });

/** `GET /api/invites/{id}/status` answer (spec §4 invite status). */
export const InviteStatusSchema = z.object({ status: z.enum(['joined', 'not_joined']), course_id: z.number().int() });
export type InviteStatus = z.infer<typeof InviteStatusSchema>;

export const InviteIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `POST /api/courses/{id}/team-teaching` body. */
export const TeamTeachingBodySchema = z.object({ user_ids: z.array(z.number().int().positive()).min(1, 'choose at least one user').max(100) });

/** `GET /api/user/search` query (spec §7). */
export const UserSearchQuerySchema = z.object({
  keywords: z.string().trim().max(100).default(''),
  exclude_student_role: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  org_id: z.coerce.number().int().positive().optional(),
  department_id: z.coerce.number().int().positive().optional(),
});
/** Spec §3 User search result. */
export const UserSearchResultSchema = z.object({ id: z.number().int(), name: z.string(), user_no: z.string() });
export const UserSearchResponseSchema = z.object({ users: z.array(UserSearchResultSchema) });
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;

export const OrgOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export const ToggleOrgsResponseSchema = z.object({ orgs: z.array(OrgOptionSchema) });
export const ToggleOrgsQuerySchema = z.object({ toggle: z.enum(['org_team_teaching']) });
export const DepartmentsResponseSchema = z.object({ departments: z.array(OrgOptionSchema) });
