import { z } from 'zod';
import { isIanaTimeZone } from '../auth/users.schemas.js';
import { OfficePreviewTogglesSchema } from '../previews/previews.schemas.js';

/** `GET /api/org` (spec §7): the signed-in user's organisation and the feature toggles the web app reads (spec §6). */
export const OrgResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  toggles: z.object({
    timetable: z.boolean(),
    meeting: z.boolean(),
    instruction_meeting: z.boolean(),
    cloud_classroom: z.boolean(),
    /** Spec §6 "vocabulary entries" (issue 19 §4): the editor's entries select and learners' entry cards. Default off. */
    vocabulary_entries: z.boolean(),
    /** Spec §6 `inclass.user_action_track` (issue 24 item 2): in-class sessions record when learners leave the page and come back. Default off. */
    inclass_user_action_track: z.boolean(),
    /** Spec §6 "chat group" (issue 24 item 4, decision 0154): a course's DingTalk group. Default off. */
    chat_group: z.boolean(),
  }),
  /** Office previewers the organisation offers (spec §6 wps_preview, yz_office_preview, Aliyun office, private WPS; issue 5). */
  office_preview: OfficePreviewTogglesSchema,
});
export type OrgResponse = z.infer<typeof OrgResponseSchema>;

/** `GET /api/departments` (spec §7): the organisation's departments (event targets). */
export const DepartmentListSchema = z.object({ departments: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })) });
export type DepartmentList = z.infer<typeof DepartmentListSchema>;

/** `PUT /api/org/time-zone` body (beyond the spec; decision 0020): the organisation's IANA zone, used by its users who have none. */
export const UpdateOrgTimeZoneBodySchema = z.object({
  time_zone: z.string().max(64).refine(isIanaTimeZone, 'not a known IANA time zone'),
});
export type UpdateOrgTimeZoneBody = z.infer<typeof UpdateOrgTimeZoneBodySchema>;

/**
 * `PUT /api/org/toggles` body (issue 19 §4; administrators): the feature toggles of `GET /api/org`
 * to change — any of them, the others kept. An unknown toggle is 400 naming it.
 */
export const UpdateOrgTogglesBodySchema = OrgResponseSchema.shape.toggles.partial().strict();
export type UpdateOrgTogglesBody = z.infer<typeof UpdateOrgTogglesBodySchema>;
