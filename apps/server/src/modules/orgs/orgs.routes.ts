import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_TIME_ZONE, DepartmentListSchema, ErrorBodySchema, OrgResponseSchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { departments, orgs, officePreviewToggles } from './orgs.table.js';

/** `GET /api/org` and `GET /api/departments` (spec §7): the user's organisation, its calendar toggles (spec §6) and departments. */
export const orgsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.get('/api/org', {
    schema: { tags: ['orgs'], summary: 'My organisation and its feature toggles', response: { 200: OrgResponseSchema, 401: ErrorBodySchema } },
    handler: async (req) => {
      const [org] = await db.select().from(orgs).where(eq(orgs.id, actorOf(req).orgId));
      const s = org!.settings;
      return {
        id: org!.id,
        name: org!.name,
        time_zone: s.timeZone ?? DEFAULT_TIME_ZONE,
        toggles: { timetable: s.calendarTimetable ?? true, meeting: s.calendarMeeting ?? true, instruction_meeting: s.calendarInstructionMeeting ?? true, cloud_classroom: s.calendarCloudClassroom ?? true },
        office_preview: officePreviewToggles(s),
      };
    },
  });
  app.get('/api/departments', {
    schema: { tags: ['orgs'], summary: 'Departments of my organisation', response: { 200: DepartmentListSchema, 401: ErrorBodySchema } },
    handler: async (req) => ({ departments: await db.select({ id: departments.id, name: departments.name, code: departments.code }).from(departments).where(eq(departments.orgId, actorOf(req).orgId)).orderBy(departments.name, departments.id) }),
  });
};
