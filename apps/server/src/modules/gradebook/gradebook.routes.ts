import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CertificateCodeParamsSchema,
  CertificateIdParamsSchema,
  CertificateRuleBodySchema,
  CertificateRuleSchema,
  CertificationScoresBodySchema,
  CertificationScoresSchema,
  CertificationsQuerySchema,
  CertificationsSchema,
  CertificateVerificationSchema,
  GradebookCourseParamsSchema,
  ErrorBodySchema,
  GradebookExportQuerySchema,
  GradebookImportResultSchema,
  GradebookSchema,
  GradeCategoryBodySchema,
  GradeCategoryParamsSchema,
  GradeCategorySchema,
  GradeItemParamsSchema,
  GradeItemSchema,
  UpdateGradeItemBodySchema,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { actorOf } from '../../plugins/auth.js';
import {
  courseGradebook,
  createCategory,
  exportGradebook,
  importGradebook,
  listCategories,
  removeCategory,
  setScoresPublished,
  updateCategory,
  updateGradeItem,
} from './gradebook.service.js';
import { certificatePdf, checkMyCertification, getCertificateRule, listCertifications, setCertificateRule, verifyCertificate } from './certificates.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The course gradebook (issue 16 §3; spec §2 `/course/{id}/score`). */
export const gradebookRoutes: FastifyPluginAsyncZod = async (app) => {
  // A score sheet arrives as the file's bytes (this plugin's scope only).
  for (const type of ['application/octet-stream', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.get('/api/courses/:courseId/scores', {
    config: { action: 'course.view' },
    schema: {
      tags: ['gradebook'],
      summary: 'The gradebook: the team sees every student and item; a learner their own row and published items',
      params: GradebookCourseParamsSchema,
      response: { 200: GradebookSchema, ...errors },
    },
    handler: async (request) => courseGradebook(app.deps, actorOf(request), request.params.courseId),
  });
  app.get('/api/courses/:courseId/scores/export', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['gradebook'],
      summary: 'The gradebook as .xlsx or CSV (course team)',
      params: GradebookCourseParamsSchema,
      querystring: GradebookExportQuerySchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await exportGradebook(app.deps, actorOf(request), request.params.courseId, request.query.format);
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', contentDisposition(file.fileName)).send(file.bytes);
    },
  });
  app.post('/api/courses/:courseId/scores/import', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['gradebook'],
      summary: 'Import scores from a sheet laid out as the export (the file as the body); every problem listed and nothing written',
      params: GradebookCourseParamsSchema,
      querystring: GradebookExportQuerySchema,
      response: { 200: GradebookImportResultSchema, ...errors },
    },
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw AppError.field('file', 'Send the sheet as the request body (application/octet-stream)');
      return importGradebook(app.deps, actorOf(request), request.params.courseId, request.body, request.query.format);
    },
  });
  app.put('/api/courses/:courseId/grade-items/:activityId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['gradebook'],
      summary: 'A column’s weight, category and maximum (course team)',
      params: GradeItemParamsSchema,
      body: UpdateGradeItemBodySchema,
      response: { 200: GradeItemSchema, ...errors },
    },
    handler: async (request) => updateGradeItem(app.deps, actorOf(request), request.params.courseId, request.params.activityId, request.body),
  });
  for (const [verb, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(`/api/courses/:courseId/grade-items/:activityId/${verb}`, {
      config: { action: 'course.manage_content' },
      schema: {
        tags: ['gradebook'],
        summary: published ? 'Publish one activity’s scores to its learners (scores.published)' : 'Take one activity’s scores back from its learners',
        params: GradeItemParamsSchema,
        response: { 200: GradeItemSchema, ...errors },
      },
      handler: async (request) => setScoresPublished(app.deps, actorOf(request), request.params.courseId, request.params.activityId, published),
    });
  }
  app.get('/api/courses/:courseId/grade-categories', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['gradebook'],
      summary: 'The gradebook’s categories',
      params: GradebookCourseParamsSchema,
      response: { 200: z.object({ categories: z.array(GradeCategorySchema) }), ...errors },
    },
    handler: async (request) => listCategories(app.deps, actorOf(request), request.params.courseId),
  });
  app.post('/api/courses/:courseId/grade-categories', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['gradebook'],
      summary: 'Add a weighted category',
      params: GradebookCourseParamsSchema,
      body: GradeCategoryBodySchema,
      response: { 201: GradeCategorySchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createCategory(app.deps, actorOf(request), request.params.courseId, request.body)),
  });
  app.put('/api/grade-categories/:categoryId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['gradebook'],
      summary: 'Rename or reweight a category',
      params: GradeCategoryParamsSchema,
      body: GradeCategoryBodySchema,
      response: { 200: GradeCategorySchema, ...errors },
    },
    handler: async (request) => updateCategory(app.deps, actorOf(request), request.params.categoryId, request.body),
  });
  app.delete('/api/grade-categories/:categoryId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['gradebook'],
      summary: 'Delete a category (its items keep no category)',
      params: GradeCategoryParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await removeCategory(app.deps, actorOf(request), request.params.categoryId);
      return reply.status(204).send(null);
    },
  });

  // ---------------------------------------------------------------- certificates (issue 16 §4)
  app.get('/api/courses/:courseId/certificate-rule', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['certificates'],
      summary: 'The course’s certificate rule (course team)',
      params: GradebookCourseParamsSchema,
      response: { 200: CertificateRuleSchema, ...errors },
    },
    handler: async (request) => getCertificateRule(app.deps, actorOf(request), request.params.courseId),
  });
  app.put('/api/courses/:courseId/certificate-rule', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['certificates'],
      summary: 'Set the certificate rule: pass total (percent of the gradebook total) and required activities',
      params: GradebookCourseParamsSchema,
      body: CertificateRuleBodySchema,
      response: { 200: CertificateRuleSchema, ...errors },
    },
    handler: async (request) => setCertificateRule(app.deps, actorOf(request), request.params.courseId, request.body),
  });
  app.get('/api/certifications', {
    config: { action: 'self.read' },
    schema: {
      tags: ['certificates'],
      summary: 'My certificates, or with course_id (course team) the course’s',
      querystring: CertificationsQuerySchema,
      response: { 200: CertificationsSchema, ...errors },
    },
    handler: async (request) => listCertifications(app.deps, actorOf(request), request.query.course_id),
  });
  app.put('/api/user/course-certification/scores', {
    config: { action: 'course.view' },
    schema: {
      tags: ['certificates'],
      summary: 'Check my published scores against the course’s certificate rule; issues my certificate when met',
      body: CertificationScoresBodySchema,
      response: { 200: CertificationScoresSchema, ...errors },
    },
    handler: async (request) => checkMyCertification(app.deps, actorOf(request), request.body.course_id),
  });
  app.get('/api/certificates/:certificateId/pdf', {
    config: { action: 'self.read' },
    schema: {
      tags: ['certificates'],
      summary: 'A certificate as PDF (its learner or the course team)',
      params: CertificateIdParamsSchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await certificatePdf(app.deps, actorOf(request), request.params.certificateId);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(file.fileName)).send(Buffer.from(file.bytes));
    },
  });
  app.get('/api/certificates/verify/:code', {
    config: { action: 'public.read', auth: 'public' },
    schema: {
      tags: ['certificates'],
      summary: 'Verify a certificate by its code (anyone)',
      params: CertificateCodeParamsSchema,
      response: { 200: CertificateVerificationSchema, ...errors },
    },
    handler: async (request) => verifyCertificate(app.deps, request.params.code),
  });
};
