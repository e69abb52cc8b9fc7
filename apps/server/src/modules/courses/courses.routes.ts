import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessCodeParamsSchema,
  AccessCodeResponseSchema,
  AccessCodeValidateResponseSchema,
  CourseIdParamsSchema,
  CoursePageSchema,
  CourseSchema,
  CreateCourseBodySchema,
  ErrorBodySchema,
  JoinCourseResponseSchema,
  MyCourseTermsSchema,
  MyCoursesQuerySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { joinByAccessCode, readAccessCode, resetAccessCode, validateAccessCode } from './access-codes.service.js';
import { createCourse, getCourse, listMyCourses, myCourseTerms } from './courses.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Courses and joining by access code (spec §7 "Joining and inviting", "Course header and management"). */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/course', {
    config: { action: 'course.create' },
    schema: {
      tags: ['courses'],
      summary: 'Create a course; the creator becomes its instructor',
      body: CreateCourseBodySchema,
      response: { 201: CourseSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createCourse(app.deps, actorOf(request), request.body)),
  });

  app.get('/api/courses/:id', {
    config: { action: 'course.view' },
    schema: { tags: ['courses'], summary: 'One course the user belongs to', params: CourseIdParamsSchema, response: { 200: CourseSchema, ...errors } },
    handler: async (request) => getCourse(app.deps, actorOf(request), request.params.id),
  });

  app.get('/api/user/courses', {
    config: { action: 'self.read' },
    schema: {
      tags: ['courses'],
      summary: 'The courses I am enrolled in, newest first; by term, current or archived (end date passed) and course type',
      querystring: MyCoursesQuerySchema,
      response: { 200: CoursePageSchema, ...errors },
    },
    handler: async (request) => listMyCourses(app.deps, actorOf(request), request.query),
  });

  app.get('/api/user/course-terms', {
    config: { action: 'self.read' },
    schema: {
      tags: ['courses'],
      summary: 'The academic years and semesters of my courses (the term filters of my course lists)',
      response: { 200: MyCourseTermsSchema, 401: ErrorBodySchema },
    },
    handler: async (request) => myCourseTerms(app.deps, actorOf(request)),
  });

  app.get('/api/course/:id/access_code', {
    config: { action: 'course.see_codes' },
    schema: {
      tags: ['courses'],
      summary: 'The course access code; created when the course has none and is resettable',
      params: CourseIdParamsSchema,
      response: { 200: AccessCodeResponseSchema, ...errors },
    },
    handler: async (request) => readAccessCode(app.deps, actorOf(request), request.params.id),
  });

  app.put('/api/course/:id/access_code', {
    config: { action: 'course.see_codes' },
    schema: {
      tags: ['courses'],
      summary: 'Reset the course access code',
      params: CourseIdParamsSchema,
      response: { 200: AccessCodeResponseSchema, ...errors },
    },
    handler: async (request) => resetAccessCode(app.deps, actorOf(request), request.params.id),
  });

  app.get('/api/course/access-code/:code/validate', {
    config: { action: 'course.join' },
    schema: {
      tags: ['courses'],
      summary: 'Check an access code before joining',
      params: AccessCodeParamsSchema,
      response: { 200: AccessCodeValidateResponseSchema, ...errors },
    },
    handler: async (request) => validateAccessCode(app.deps, actorOf(request), request.params.code),
  });

  app.post('/api/course/join/:code', {
    config: { action: 'course.join' },
    schema: {
      tags: ['courses'],
      summary: 'Join the course of an access code as a student',
      params: AccessCodeParamsSchema,
      response: { 200: JoinCourseResponseSchema, ...errors },
    },
    handler: async (request) => joinByAccessCode(app.deps, actorOf(request), request.params.code),
  });
};
