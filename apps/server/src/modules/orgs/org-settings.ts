/** Organisation settings of spec §3 Org settings, plus the upload rules an org may tighten. */
export interface OrgSettings {
  maxLevelInUploadFolder: number;
  maxFileCountInUploadFolder: number;
  /** When true, uploads must have a supported extension (spec §5 "when the extension check is enabled"). */
  checkUploadExtension: boolean;
  /** Spec §6 course-need-publish toggle: courses start unpublished and instructors publish them (decision 0011). */
  courseNeedPublish?: boolean;
  /** Spec §7 `toggle=org_team_teaching`: instructors may add team-teaching instructors. */
  orgTeamTeaching?: boolean;
  /** Spec §6: the management area asks for a messaging-platform auth code. */
  managementAuthCode?: boolean;
  /** Spec §6 calendar views by feature toggle: timetable, meeting, instruction-team meeting, cloud classroom. */
  calendarTimetable?: boolean;
  calendarMeeting?: boolean;
  calendarInstructionMeeting?: boolean;
  calendarCloudClassroom?: boolean;
  /** Spec §6 "vocabulary entries" (issue 19 §4, decision 0130): the organisation's entries, the editor's entries select. Default off. */
  vocabularyEntries?: boolean;
  /** Spec §6 `inclass.user_action_track` (issue 24 item 2, decision 0155): in-class sessions started while it is on record learners' focus changes. Default off. */
  inclassUserActionTrack?: boolean;
  /** Spec §6 "chat group" (issue 24 item 4, decision 0154): the course DingTalk group calls answer. Default off. */
  chatGroup?: boolean;
  /** IANA zone of the org's users who have none (decision 0020). */
  timeZone?: string;
  /** Course package import (issue 8, decision 0040): an org may tighten the instance's archive limits (bytes, entries, expansion ratio), never loosen them. */
  importMaxBytes?: number;
  importMaxEntries?: number;
  importMaxRatio?: number;
  /** Spec §6 office preview toggles (issue 5): which `/preview/{provider}` calls answer. Default: WPS on, the others off. */
  wpsPreview?: boolean;
  yzOfficePreview?: boolean;
  aliyunOfficePreview?: boolean;
  privateWpsPreview?: boolean;
  /** Spec §7 arrears: the organisation's transfer quota is in arrears; previews show the arrears state. */
  isTransferArrears?: boolean;
  /** Account prompts (issue 17 §4, decision 0102). Spec §6: users other than Students must bind a mobile phone. */
  forceMobileBinding?: boolean;
  /** Users are asked to verify their e-mail (welcome popup after sign-in, the unverified banner). Default on. */
  requireEmailVerification?: boolean;
  /** Days a password lives before the password-change tip shows; absent or 0 = never expires. */
  passwordMaxAgeDays?: number;
  /** Spec §7 pre-task: a page every user of the org is asked to complete (absolute http(s) URL); absent = none. */
  preTaskUrl?: string;
  /** My library (issue 19 §1, decision 0132): the organisation's limits over the defaults of library.limits.ts (folder depth, folders per user, storage bytes per user and for the organisation). */
  libraryMaxFolderDepth?: number;
  libraryMaxFolders?: number;
  userStorageQuotaBytes?: number;
  orgStorageQuotaBytes?: number;
}

export const DEFAULT_ORG_SETTINGS: OrgSettings = {
  maxLevelInUploadFolder: 5,
  maxFileCountInUploadFolder: 500,
  checkUploadExtension: true,
  courseNeedPublish: true,
  orgTeamTeaching: true,
  managementAuthCode: false,
  calendarTimetable: true,
  calendarMeeting: true,
  calendarInstructionMeeting: true,
  calendarCloudClassroom: true,
};

/** The office preview toggles of spec §6 as `GET /api/org` answers them (issue 5). */
export function officePreviewToggles(s: OrgSettings): { wps_preview: boolean; yz_office_preview: boolean; aliyun: boolean; private_wps: boolean } {
  return {
    wps_preview: s.wpsPreview ?? true,
    yz_office_preview: s.yzOfficePreview ?? false,
    aliyun: s.aliyunOfficePreview ?? false,
    private_wps: s.privateWpsPreview ?? false,
  };
}
