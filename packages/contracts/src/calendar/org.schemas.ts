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
