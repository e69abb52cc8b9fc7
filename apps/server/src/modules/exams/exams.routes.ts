import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttemptIdParamsSchema,
  AttemptSchema,
  BankPageSchema,
  BankQuerySchema,
  FromBankBodySchema,
  SubjectCategoryBodySchema,
  SubjectCategorySchema,
  CreateSubjectBodySchema,
  ErrorBodySchema,
  ExamStatisticsSchema,
  MyAttemptsSchema,
  ExamIdParamsSchema,
  GradeAttemptBodySchema,
  PublishScoresResultSchema,
  SaveAnswersBodySchema,
  SaveAnswersResultSchema,
  ScoreExportQuerySchema,
  ScoreListQuerySchema,
  ScoreListSchema,
  SubjectListSchema,
  SubjectSchema,
  SubmitResultSchema,
  UpdateSubjectBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import {
  copyFromBank,
  createBankSubject,
  createCategory,
  createSubject,
  listBank,
  listCategories,
  myAttempts,
  removeCategory,
  renameCategory,
  deleteSubject,
  examStatistics,
  exportScores,
  getAttempt,
  gradeAttempt,
  listSubjects,
  publishScores,
  reviewAttempt,
  saveAnswers,
  scoreList,
  startAttempt,
  submitAttempt,
  updateSubject,
} from './exams.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const SubjectParamsSchema = z.object({ subjectId: z.coerce.number().int().positive() });
const CourseParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const CategoryParamsSchema = z.object({ categoryId: z.coerce.number().int().positive() });

/** Exams (issue 15; spec §2 `#/exam/{id}`, `#/exam/{id}/score-list`): subjects, attempts, grading. */
export const examsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/exams/:activityId/subjects', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: "An exam's subjects with their answer keys (course team)",
      params: ExamIdParamsSchema,
      response: { 200: SubjectListSchema, ...errors },
    },
    handler: async (request) => listSubjects(app.deps, actorOf(request), request.params.activityId),
  });
  app.post('/api/exams/:activityId/subjects', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: 'Add a subject (course team); 400 naming the field that does not fit its type',
      params: ExamIdParamsSchema,
      body: CreateSubjectBodySchema,
      response: { 201: SubjectSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createSubject(app.deps, actorOf(request), request.params.activityId, request.body)),
  });
  app.put('/api/exam-subjects/:subjectId', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: 'Replace a subject (course team); submitted attempts are graded again',
      params: SubjectParamsSchema,
      body: UpdateSubjectBodySchema,
      response: { 200: SubjectSchema, ...errors },
    },
    handler: async (request) => updateSubject(app.deps, actorOf(request), request.params.subjectId, request.body),
  });
  app.delete('/api/exam-subjects/:subjectId', {
    config: { action: 'activity.manage' },
    schema: { tags: ['exams'], summary: 'Delete a subject and its answers (course team)', params: SubjectParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteSubject(app.deps, actorOf(request), request.params.subjectId);
      return reply.status(204).send(null);
    },
  });
  app.post('/api/exams/:activityId/subjects/from-bank', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: 'Copy subjects of the course’s bank into the exam (course team)',
      params: ExamIdParamsSchema,
      body: FromBankBodySchema,
      response: { 201: z.object({ subjects: z.array(SubjectSchema) }), ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await copyFromBank(app.deps, actorOf(request), request.params.activityId, request.body.subject_ids)),
  });
  app.get('/api/courses/:id/subject-categories', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['exams'],
      summary: 'The subject bank’s categories (course team)',
      params: CourseParamsSchema,
      response: { 200: z.object({ categories: z.array(SubjectCategorySchema) }), ...errors },
    },
    handler: async (request) => listCategories(app.deps, actorOf(request), request.params.id),
  });
  app.post('/api/courses/:id/subject-categories', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['exams'],
      summary: 'Add a bank category (course team)',
      params: CourseParamsSchema,
      body: SubjectCategoryBodySchema,
      response: { 201: SubjectCategorySchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createCategory(app.deps, actorOf(request), request.params.id, request.body.name)),
  });
  app.put('/api/subject-categories/:categoryId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['exams'],
      summary: 'Rename a bank category (course team)',
      params: CategoryParamsSchema,
      body: SubjectCategoryBodySchema,
      response: { 200: SubjectCategorySchema, ...errors },
    },
    handler: async (request) => renameCategory(app.deps, actorOf(request), request.params.categoryId, request.body.name),
  });
  app.delete('/api/subject-categories/:categoryId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['exams'],
      summary: 'Delete a bank category; its subjects stay uncategorised (course team)',
      params: CategoryParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await removeCategory(app.deps, actorOf(request), request.params.categoryId);
      return reply.status(204).send(null);
    },
  });
  app.get('/api/courses/:id/subjects', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['exams'],
      summary: 'The course’s subject bank, paged and filtered (course team)',
      params: CourseParamsSchema,
      querystring: BankQuerySchema,
      response: { 200: BankPageSchema, ...errors },
    },
    handler: async (request) => listBank(app.deps, actorOf(request), request.params.id, request.query),
  });
  app.post('/api/courses/:id/subjects', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['exams'],
      summary: 'Add a subject to the course’s bank (course team)',
      params: CourseParamsSchema,
      body: CreateSubjectBodySchema,
      response: { 201: SubjectSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createBankSubject(app.deps, actorOf(request), request.params.id, request.body)),
  });
  app.post('/api/exams/:activityId/attempts', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['exams'],
      summary: 'Start an attempt (201) or resume the one in progress (200); subjects without any answer key',
      params: ExamIdParamsSchema,
      response: { 200: AttemptSchema, 201: AttemptSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { attempt, created } = await startAttempt(app.deps, actorOf(request), request.params.activityId);
      return reply.status(created ? 201 : 200).send(attempt);
    },
  });
  app.get('/api/exams/:activityId/my-attempts', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['exams'],
      summary: 'My attempts at the exam, what is allowed and used, and the one in progress',
      params: ExamIdParamsSchema,
      response: { 200: MyAttemptsSchema, ...errors },
    },
    handler: async (request) => myAttempts(app.deps, actorOf(request), request.params.activityId),
  });
  app.get('/api/exam-attempts/:attemptId', {
    config: { action: 'attempt.answer' },
    schema: {
      tags: ['exams'],
      summary: 'My attempt, its saved answers and, when shown, results',
      params: AttemptIdParamsSchema,
      response: { 200: AttemptSchema, ...errors },
    },
    handler: async (request) => getAttempt(app.deps, actorOf(request), request.params.attemptId),
  });
  app.put('/api/exam-attempts/:attemptId/answers', {
    config: { action: 'attempt.answer' },
    schema: {
      tags: ['exams'],
      summary: 'Save answers as they are given; 409 EXAM_DEADLINE_PASSED after the deadline',
      params: AttemptIdParamsSchema,
      body: SaveAnswersBodySchema,
      response: { 200: SaveAnswersResultSchema, ...errors },
    },
    handler: async (request) => saveAnswers(app.deps, actorOf(request), request.params.attemptId, request.body),
  });
  app.post('/api/exam-attempts/:attemptId/submit', {
    config: { action: 'attempt.answer' },
    schema: {
      tags: ['exams'],
      summary: 'Submit my attempt: objective subjects graded now (points)',
      params: AttemptIdParamsSchema,
      response: { 200: SubmitResultSchema, ...errors },
    },
    handler: async (request) => submitAttempt(app.deps, actorOf(request), request.params.attemptId),
  });
  app.get('/api/exams/:activityId/score-list', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: "The learners' attempts with scores (course team), paged",
      params: ExamIdParamsSchema,
      querystring: ScoreListQuerySchema,
      response: { 200: ScoreListSchema, ...errors },
    },
    handler: async (request) => scoreList(app.deps, actorOf(request), request.params.activityId, request.query),
  });
  app.get('/api/exams/:activityId/statistics', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: 'Item analysis: facility and discrimination of every subject (course team)',
      params: ExamIdParamsSchema,
      response: { 200: ExamStatisticsSchema, ...errors },
    },
    handler: async (request) => examStatistics(app.deps, actorOf(request), request.params.activityId),
  });
  app.get('/api/exams/:activityId/score-list/export', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: 'Every finished attempt as .xlsx or CSV, one column per subject (course team)',
      params: ExamIdParamsSchema,
      querystring: ScoreExportQuerySchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await exportScores(app.deps, actorOf(request), request.params.activityId, request.query.format);
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', contentDisposition(file.fileName)).send(file.bytes);
    },
  });
  app.get('/api/exam-attempts/:attemptId/review', {
    config: { action: 'attempt.grade' },
    schema: {
      tags: ['exams'],
      summary: 'A learner’s attempt with every score and the right answers (course team)',
      params: AttemptIdParamsSchema,
      response: { 200: AttemptSchema, ...errors },
    },
    handler: async (request) => reviewAttempt(app.deps, actorOf(request), request.params.attemptId),
  });
  app.put('/api/exam-attempts/:attemptId/grades', {
    config: { action: 'attempt.grade' },
    schema: {
      tags: ['exams'],
      summary: 'Score and feedback per subject (course team), overriding automatic scores',
      params: AttemptIdParamsSchema,
      body: GradeAttemptBodySchema,
      response: { 200: AttemptSchema, ...errors },
    },
    handler: async (request) => gradeAttempt(app.deps, actorOf(request), request.params.attemptId, request.body),
  });
  app.post('/api/exams/:activityId/scores/publish', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['exams'],
      summary: 'Publish the scores to the learners (course team)',
      params: ExamIdParamsSchema,
      response: { 200: PublishScoresResultSchema, ...errors },
    },
    handler: async (request) => publishScores(app.deps, actorOf(request), request.params.activityId),
  });
};
