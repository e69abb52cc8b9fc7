import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddEnrollmentsBodySchema,
  ChangeEnrollmentsBodySchema,
  CourseGroupBodySchema,
  CourseGroupParamsSchema,
  CourseGroupResponseSchema,
  CourseGroupsSchema,
  CourseIdParamsSchema,
  CourseRolesQuerySchema,
  CourseRolesResponseSchema,
  ErrorBodySchema,
  MemberPageSchema,
  MembersQuerySchema,
  MessageResponseSchema,
  RemoveEnrollmentsBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { createCourseGroup, deleteCourseGroup, listCourseGroups, updateCourseGroup } from './course-groups.service.js';
import { addEnrolments, changeEnrolmentRole, courseRoles, listMembers, removeEnrolments } from './enrolments.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['enrolments'];

/** Course members and enrolments (spec §7 "Course header and management"). */
export const enrolmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  app.get('/api/courses/:id/members', {
    config: { action: 'course.see_members' },
    schema: {
      tags,
      summary: 'Members of a course, paged',
      params: CourseIdParamsSchema,
      querystring: MembersQuerySchema,
      response: { 200: MemberPageSchema, ...errors },
    },
    handler: async (req) => listMembers(d, actorOf(req), req.params.id, req.query),
  });
  app.post('/api/courses/:id/enrollments', {
    config: { action: 'course.enrol' },
    schema: {
      tags,
      summary: 'Enrol users',
      params: CourseIdParamsSchema,
      body: AddEnrollmentsBodySchema,
      response: { 200: z.object({ message: z.string(), added: z.number().int() }), ...errors },
    },
    handler: async (req) => addEnrolments(d, actorOf(req), req.params.id, req.body),
  });
  app.put('/api/course/enrollments', {
    config: { action: 'course.enrol' },
    schema: { tags, summary: 'Change the role of members', body: ChangeEnrollmentsBodySchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => changeEnrolmentRole(d, actorOf(req), req.body),
  });
  app.delete('/api/course/enrollments', {
    config: { action: 'course.enrol' },
    schema: { tags, summary: 'Remove members', body: RemoveEnrollmentsBodySchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => removeEnrolments(d, actorOf(req), req.body),
  });
  app.get('/api/courses/:id/groups', {
    config: { action: 'course.see_members' },
    schema: {
      tags,
      summary: 'Groups of a course with their members (event targets, members page)',
      params: CourseIdParamsSchema,
      response: { 200: CourseGroupsSchema, ...errors },
    },
    handler: async (req) => listCourseGroups(d, actorOf(req), req.params.id),
  });
  app.post('/api/courses/:id/groups', {
    config: { action: 'course.enrol' },
    schema: {
      tags,
      summary: 'Create a group of course members (instructors, org admins)',
      params: CourseIdParamsSchema,
      body: CourseGroupBodySchema,
      response: { 200: CourseGroupResponseSchema, ...errors },
    },
    handler: async (req) => createCourseGroup(d, actorOf(req), req.params.id, req.body),
  });
  app.put('/api/courses/:id/groups/:groupId', {
    config: { action: 'course.enrol' },
    schema: {
      tags,
      summary: 'Rename a group and replace its members',
      params: CourseGroupParamsSchema,
      body: CourseGroupBodySchema,
      response: { 200: CourseGroupResponseSchema, ...errors },
    },
    handler: async (req) => updateCourseGroup(d, actorOf(req), req.params.id, req.params.groupId, req.body),
  });
  app.delete('/api/courses/:id/groups/:groupId', {
    config: { action: 'course.enrol' },
    schema: { tags, summary: 'Delete a group', params: CourseGroupParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => deleteCourseGroup(d, actorOf(req), req.params.id, req.params.groupId),
  });
  app.get('/api/authz/course-roles', {
    config: { action: 'course.view' },
    schema: {
      tags,
      summary: 'Course roles, and which I may invite or assign',
      querystring: CourseRolesQuerySchema,
      response: { 200: CourseRolesResponseSchema, ...errors },
    },
    handler: async (req) => courseRoles(d, actorOf(req), req.query.course_id),
  });
};
