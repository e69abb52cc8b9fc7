import { DEFAULT_TIME_ZONE, type OrgResponse } from '@atrium/contracts';
import { assertManagesOrganisation } from './orgs.policy.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';
import { findOrg, listDepartmentsOfOrg, mergeOrgSettings, officePreviewToggles } from './orgs.repository.js';

/** `GET /api/org` (spec §7): the actor's organisation, its calendar toggles (spec §6), its zone (decision 0020) and office previewers. */
export async function presentOrg(db: Db, orgId: number): Promise<OrgResponse> {
  const org = await findOrg(db, orgId);
  if (!org) throw new AppError('NOT_FOUND', 'This organisation does not exist');
  const s = org.settings;
  return {
    id: org.id,
    name: org.name,
    time_zone: s.timeZone ?? DEFAULT_TIME_ZONE,
    toggles: {
      timetable: s.calendarTimetable ?? true,
      meeting: s.calendarMeeting ?? true,
      instruction_meeting: s.calendarInstructionMeeting ?? true,
      cloud_classroom: s.calendarCloudClassroom ?? true,
    },
    office_preview: officePreviewToggles(s),
  };
}

/**
 * `PUT /api/org/time-zone` (beyond the spec; decision 0020): an organisation administrator
 * sets the IANA zone (already checked by UpdateOrgTimeZoneBodySchema: 400 naming time_zone)
 * that its users without a zone of their own see the calendar in. 403 for anyone else.
 * Only `settings.timeZone` changes; the other settings are kept. Answers the org as GET does.
 */
export async function updateOrgTimeZone(db: Db, actor: Actor, timeZone: string): Promise<OrgResponse> {
  assertManagesOrganisation(actor, 'Only organisation administrators change the organisation’s time zone');
  await mergeOrgSettings(db, actor.orgId, { timeZone });
  return presentOrg(db, actor.orgId);
}

/** `GET /api/departments` (spec §7): the departments of organisation `orgId`, by name then id. */
export async function listDepartments(db: Db, orgId: number): Promise<{ departments: { id: number; name: string; code: string }[] }> {
  return { departments: await listDepartmentsOfOrg(db, orgId) };
}
