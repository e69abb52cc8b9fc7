import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DepartmentListSchema, ErrorBodySchema, OrgResponseSchema, UpdateOrgTimeZoneBodySchema, UpdateOrgTogglesBodySchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { emit, transaction } from '../events/events.service.js';
import { listDepartments, presentOrg, updateOrgTimeZone, updateOrgToggles } from './orgs.service.js';

/**
 * `GET /api/org` and `GET /api/departments` (spec §7): the user's organisation, its calendar
 * toggles (spec §6) and departments; `PUT /api/org/time-zone` (decision 0020): its zone, and
 * `PUT /api/org/toggles` (issue 19 §4): its feature toggles, set by its administrators.
 */
export const orgsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.get('/api/org', {
    config: { action: 'organisation.read' },
    schema: { tags: ['orgs'], summary: 'My organisation and its feature toggles', response: { 200: OrgResponseSchema, 401: ErrorBodySchema } },
    handler: async (req) => presentOrg(db, actorOf(req).orgId),
  });
  app.put('/api/org/time-zone', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['orgs'],
      summary: 'Set my organisation’s time zone (IANA name; administrators); answers the organisation',
      body: UpdateOrgTimeZoneBodySchema,
      response: { 200: OrgResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async (req) => {
      // Timetables expand in the zone: cached calendar answers (decision 0020) must not outlive it (the event's handler forgets them).
      return transaction(app.deps, async (tx) => {
        const org = await updateOrgTimeZone(tx, actorOf(req), req.body.time_zone);
        await emit(app.deps, tx, { type: 'org.time_zone_changed', payload: { org_id: org.id, time_zone: req.body.time_zone } });
        return org;
      });
    },
  });
  app.put('/api/org/toggles', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['orgs'],
      summary: 'Turn my organisation’s feature toggles on or off (administrators): any of `GET /api/org` toggles, the others kept',
      body: UpdateOrgTogglesBodySchema,
      response: { 200: OrgResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async (req) => updateOrgToggles(db, actorOf(req), req.body),
  });
  app.get('/api/departments', {
    config: { action: 'organisation.read' },
    schema: { tags: ['orgs'], summary: 'Departments of my organisation', response: { 200: DepartmentListSchema, 401: ErrorBodySchema } },
    handler: async (req) => listDepartments(db, actorOf(req).orgId),
  });
};
