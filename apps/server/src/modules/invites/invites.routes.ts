import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseIdParamsSchema,
  DepartmentsResponseSchema,
  ErrorBodySchema,
  InviteBodySchema,
  InviteIdParamsSchema,
  InviteListSchema,
  InviteStatusSchema,
  MessageResponseSchema,
  TeamTeachingBodySchema,
  ToggleOrgsQuerySchema,
  ToggleOrgsResponseSchema,
  UserSearchQuerySchema,
  UserSearchResponseSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { confirmInvite, inviteStatus, inviteUsers, listMyInvites } from './invites.service.js';
import { addTeamTeachers, orgDepartments, searchUsers, toggleOpenedOrgs } from './team-teaching.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 410: ErrorBodySchema };
const tags = ['joining and inviting'];

/** Invitations and team teaching (spec §7 "Joining and inviting"). */
export const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  app.post('/api/course/:id/invites', {
    config: { action: 'course.invite' },
    schema: {
      tags,
      summary: 'Invite users by e-mail',
      params: CourseIdParamsSchema,
      body: InviteBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (req) => inviteUsers(d, actorOf(req), req.params.id, req.body),
  });
  app.get('/api/user/invites', {
    config: { action: 'self.read' },
    schema: { tags, summary: 'My invitations not yet confirmed', response: { 200: InviteListSchema, ...errors } },
    handler: async (req) => listMyInvites(d, actorOf(req)),
  });
  app.get('/api/invites/:id/status', {
    config: { action: 'invite.answer' },
    schema: { tags, summary: 'Status of my invitation', params: InviteIdParamsSchema, response: { 200: InviteStatusSchema, ...errors } },
    handler: async (req) => inviteStatus(d, actorOf(req), req.params.id),
  });
  app.post('/api/invites/:id/invite-confirm', {
    config: { action: 'invite.answer' },
    schema: { tags, summary: 'Accept my invitation and join the course', params: InviteIdParamsSchema, response: { 200: InviteStatusSchema, ...errors } },
    handler: async (req) => confirmInvite(d, actorOf(req), req.params.id),
  });
  app.post('/api/courses/:id/team-teaching', {
    config: { action: 'course.team_teaching' },
    schema: {
      tags,
      summary: 'Add team-teaching instructors',
      params: CourseIdParamsSchema,
      body: TeamTeachingBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (req) => addTeamTeachers(d, actorOf(req), req.params.id, req.body.user_ids),
  });
  app.get('/api/toggle-opened-orgs', {
    config: { action: 'organisation.list' },
    schema: {
      tags,
      summary: 'Organisations with a feature toggle on',
      querystring: ToggleOrgsQuerySchema,
      response: { 200: ToggleOrgsResponseSchema, ...errors },
    },
    handler: async (req) => toggleOpenedOrgs(d, actorOf(req)),
  });
  app.get('/api/orgs/:id/departments', {
    config: { action: 'organisation.read' },
    schema: {
      tags,
      summary: 'Departments of an organisation',
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: { 200: DepartmentsResponseSchema, ...errors },
    },
    handler: async (req) => orgDepartments(d, actorOf(req), req.params.id),
  });
  app.get('/api/user/search', {
    config: { action: 'organisation.list' },
    schema: { tags, summary: 'Find users by name or number', querystring: UserSearchQuerySchema, response: { 200: UserSearchResponseSchema, ...errors } },
    handler: async (req) => searchUsers(d, actorOf(req), req.query),
  });
};
