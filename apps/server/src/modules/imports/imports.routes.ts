import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseIdParamsSchema,
  CourseImportParamsSchema,
  CourseImportSchema,
  CoursePackageIdParamsSchema,
  CoursePackageItemSchema,
  CoursePackageListQuerySchema,
  CoursePackageListSchema,
  ErrorBodySchema,
  ImportStartedSchema,
  MoodleImportBodySchema,
  SyncStatusQuerySchema,
  SyncStatusSchema,
  UpdateCoursePackageBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import {
  getCourseImport,
  listCourseImports,
  listCoursePackages,
  startCourseImport,
  startNewCourseImport,
  syncStatus,
  updateCoursePackage,
} from './imports.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Course package library and Moodle backup import (spec §7, issue 8). */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  // `POST /api/course/mbz/import` takes a form field (spec §7); the parser stays inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // …or as multipart/form-data, as a browser form sends it: fields only, any file part is refused.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 10, fieldSize: 1024 } });

  app.get('/api/uploads/moodle-pkg', {
    config: { action: 'import.read' },
    schema: {
      tags: ['imports'],
      summary: 'Course package library (spec §7): items, page, page_size, pages, total, start, end',
      querystring: CoursePackageListQuerySchema,
      response: { 200: CoursePackageListSchema, ...errors },
    },
    handler: async (request) => listCoursePackages(app.deps, actorOf(request), request.query),
  });

  app.put('/api/uploads/moodle-pkg/:id', {
    config: { action: 'import.manage' },
    schema: {
      tags: ['imports'],
      summary: "An admin edits a course package's metadata (spec §3 Course package item)",
      params: CoursePackageIdParamsSchema,
      body: UpdateCoursePackageBodySchema,
      response: { 200: CoursePackageItemSchema, ...errors },
    },
    handler: async (request) => updateCoursePackage(app.deps, actorOf(request), request.params.id, request.body),
  });

  app.post('/api/course/:id/moodle/import', {
    config: { action: 'import.create' },
    schema: {
      tags: ['imports'],
      summary: 'Import a course package into this course (spec §7); answers the sync-status key',
      params: CourseIdParamsSchema,
      body: MoodleImportBodySchema,
      response: { 202: ImportStartedSchema, ...errors, 409: ErrorBodySchema },
    },
    handler: async (request, reply) => reply.status(202).send(await startCourseImport(app.deps, actorOf(request), request.params.id, request.body.upload_id)),
  });

  app.post('/api/course/mbz/import', {
    config: { action: 'import.create' },
    schema: {
      tags: ['imports'],
      summary: 'A new course from an uploaded .mbz (form field upload_id, spec §7)',
      body: MoodleImportBodySchema,
      response: { 202: ImportStartedSchema, ...errors, 409: ErrorBodySchema },
    },
    handler: async (request, reply) => reply.status(202).send(await startNewCourseImport(app.deps, actorOf(request), request.body.upload_id)),
  });

  app.get('/api/course/:id/sync-status', {
    config: { action: 'import.read' },
    schema: {
      tags: ['imports'],
      summary: 'Import status (spec §3 Sync status: 0 running with progress, 1 done, 2 failed with reason)',
      params: CourseIdParamsSchema,
      querystring: SyncStatusQuerySchema,
      response: { 200: SyncStatusSchema, ...errors },
    },
    handler: async (request) => syncStatus(app.deps, actorOf(request), request.params.id, request.query.status_key),
  });

  app.get('/api/course/:id/imports', {
    config: { action: 'import.read' },
    schema: {
      tags: ['imports'],
      summary: "The course's imports, newest first",
      params: CourseIdParamsSchema,
      response: { 200: z.array(CourseImportSchema), ...errors },
    },
    handler: async (request) => listCourseImports(app.deps, actorOf(request), request.params.id),
  });

  app.get('/api/course/:id/imports/:importId', {
    config: { action: 'import.read' },
    schema: {
      tags: ['imports'],
      summary: 'One import with its fidelity report (issue 8)',
      params: CourseImportParamsSchema,
      response: { 200: CourseImportSchema, ...errors },
    },
    handler: async (request) => getCourseImport(app.deps, actorOf(request), request.params.id, request.params.importId),
  });
};
