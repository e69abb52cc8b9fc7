import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  /** IANA zone of the org's users who have none (decision 0020). */
  timeZone?: string;
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

/** An organisation (school or university): the tenant every user and course belongs to. */
export const orgs = pgTable(
  'orgs',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<OrgSettings>().notNull().default(DEFAULT_ORG_SETTINGS),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('orgs_code_key').on(t.code)],
);

/** A department (faculty, school, office) inside an organisation. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_org_code_key').on(t.orgId, t.code)],
);
