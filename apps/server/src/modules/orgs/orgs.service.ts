import { DEFAULT_TIME_ZONE, type OrgResponse, type UpdateOrgTogglesBody } from '@atrium/contracts';
import { assertManagesOrganisation } from './orgs.policy.js';
import { assertPlanAllows } from './plan-guard.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';
import { findOrg, findOrgSettings, listDepartmentsOfOrg, mergeOrgSettings, officePreviewToggles, type OrgSettings } from './orgs.repository.js';

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
      vocabulary_entries: s.vocabularyEntries ?? false,
      inclass_user_action_track: s.inclassUserActionTrack ?? false,
      chat_group: s.chatGroup ?? false,
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

/** The settings key of each toggle of `GET /api/org`. */
const TOGGLE_SETTINGS: Record<keyof OrgResponse['toggles'], keyof OrgSettings> = {
  timetable: 'calendarTimetable',
  meeting: 'calendarMeeting',
  instruction_meeting: 'calendarInstructionMeeting',
  cloud_classroom: 'calendarCloudClassroom',
  vocabulary_entries: 'vocabularyEntries',
  inclass_user_action_track: 'inclassUserActionTrack',
  chat_group: 'chatGroup',
};

/**
 * `PUT /api/org/toggles` (issue 19 §4): an organisation administrator turns feature toggles of
 * `GET /api/org` on or off (UpdateOrgTogglesBodySchema already refused unknown ones: 400 naming
 * them); the other settings are kept. 403 for anyone else; 409 PLAN_FEATURE_NOT_INCLUDED turning on one the plan leaves out. Answers the org as GET does. Two statements.
 */
export async function updateOrgToggles(db: Db, actor: Actor, body: UpdateOrgTogglesBody): Promise<OrgResponse> {
  assertManagesOrganisation(actor, 'Only organisation administrators change the organisation’s features');
  const patch: Partial<Record<keyof OrgSettings, boolean>> = {};
  for (const [toggle, on] of Object.entries(body) as [keyof OrgResponse['toggles'], boolean | undefined][]) {
    if (on !== undefined) patch[TOGGLE_SETTINGS[toggle]] = on;
  }
  await assertPlanAllows(db, actor.orgId, {
    vocabulary_entries: patch.vocabularyEntries,
    cloud_classroom: patch.calendarCloudClassroom,
    instruction_meeting: patch.calendarInstructionMeeting,
  });
  if (Object.keys(patch).length > 0) await mergeOrgSettings(db, actor.orgId, patch as Partial<OrgSettings>);
  return presentOrg(db, actor.orgId);
}

/** Whether organisation `orgId` has vocabulary entries on (spec §6; absent: off). One SELECT. */
export async function vocabularyEntriesOn(db: Db, orgId: number): Promise<boolean> {
  return (await findOrgSettings(db, orgId))?.vocabularyEntries === true;
}

/** Whether organisation `orgId` has the chat group on (spec §6; absent: off). One SELECT. */
export async function chatGroupOn(db: Db, orgId: number): Promise<boolean> {
  return (await findOrgSettings(db, orgId))?.chatGroup === true;
}

/** `GET /api/departments` (spec §7): the departments of organisation `orgId`, by name then id. */
export async function listDepartments(db: Db, orgId: number): Promise<{ departments: { id: number; name: string; code: string }[] }> {
  return { departments: await listDepartmentsOfOrg(db, orgId) };
}
