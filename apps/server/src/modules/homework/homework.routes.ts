import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnnotationsAnswerSchema,
  AnnotationsQuerySchema,
  SaveAnnotationsBodySchema,
  ErrorBodySchema,
  HomeworkIdParamsSchema,
  HomeworkSubmissionSchema,
  MyHomeworkSchema,
  ScoreSubmissionBodySchema,
  SubmissionIdParamsSchema,
  SubmissionListQuerySchema,
  SubmissionListSchema,
  SubmitHomeworkBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { getAnnotations, saveAnnotations } from './annotations.service.js';
import { getSubmission, listSubmissions, mySubmission, scoreSubmission, submitHomework } from './homework.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema };

/** Homework submissions and grading (issue 16 §1–2; spec §2 `#/{homeworkId}`, §5, §8 `homework.scoreError`). */
export const homeworkRoutes: FastifyPluginAsyncZod = async (app) => {
  // The first grader to open a submission's annotations has the process compile pdf-lib's paths, right after the answer, so
  // their first save is not the slow one (bench/grading). Not at start: the warm-up left 20–55 MB of heap in every idle
  // server (issue 22 target 6, bench/idle-memory). Not under the test runner, where every test file starts an app.
  let warmedUp = process.env.NODE_ENV === 'test';
  const warmUpOnce = () => {
    if (warmedUp) return;
    warmedUp = true;
    setTimeout(() => void import('./flatten.js').then(({ warmUpFlattening }) => warmUpFlattening()), 0).unref();
  };
  app.post('/api/homework/:activityId/submissions', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['homework'],
      summary: 'Hand in homework (or keep a draft): the learner’s own uploads and online text; the submission takes the files over',
      params: HomeworkIdParamsSchema,
      body: SubmitHomeworkBodySchema,
      response: { 201: HomeworkSubmissionSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await submitHomework(app.deps, actorOf(request), request.params.activityId, request.body)),
  });
  app.get('/api/homework/:activityId/my-submission', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['homework'],
      summary: 'My submission (or my group’s), whether I may still hand in, and the dates',
      params: HomeworkIdParamsSchema,
      response: { 200: MyHomeworkSchema, ...errors },
    },
    handler: async (request) => mySubmission(app.deps, actorOf(request), request.params.activityId),
  });
  app.get('/api/homework/:activityId/submissions', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['homework'],
      summary: 'The course team’s list of handed-in submissions, filtered and paged, with counts',
      params: HomeworkIdParamsSchema,
      querystring: SubmissionListQuerySchema,
      response: { 200: SubmissionListSchema, ...errors },
    },
    handler: async (request) => listSubmissions(app.deps, actorOf(request), request.params.activityId, request.query),
  });
  app.get('/api/homework-submissions/:submissionId', {
    config: { action: 'submission.read' },
    schema: {
      tags: ['homework'],
      summary: 'One submission: its learner (or group) or the course team (with previous/next for grading)',
      params: SubmissionIdParamsSchema,
      response: { 200: HomeworkSubmissionSchema, ...errors },
    },
    handler: async (request) => getSubmission(app.deps, actorOf(request), request.params.submissionId),
  });
  app.put('/api/homework-submissions/:submissionId/score', {
    config: { action: 'submission.grade' },
    schema: {
      tags: ['homework'],
      summary: 'Score (0–100) and feedback; above 100 → 400 with errors.score ["homework.scoreError"], nothing saved',
      params: SubmissionIdParamsSchema,
      body: ScoreSubmissionBodySchema,
      response: { 200: HomeworkSubmissionSchema, ...errors },
    },
    handler: async (request) => scoreSubmission(app.deps, actorOf(request), request.params.submissionId, request.body),
  });
  app.get('/api/homework-submissions/:submissionId/annotations', {
    config: { action: 'submission.grade' },
    schema: {
      tags: ['homework'],
      summary: 'The PDF editor’s annotations on one file of a submission (course team)',
      params: SubmissionIdParamsSchema,
      querystring: AnnotationsQuerySchema,
      response: { 200: AnnotationsAnswerSchema, ...errors },
    },
    handler: async (request) => {
      const answer = await getAnnotations(app.deps, actorOf(request), request.params.submissionId, request.query.upload_id);
      warmUpOnce();
      return answer;
    },
  });
  app.put('/api/homework-submissions/:submissionId/annotations', {
    config: { action: 'submission.grade' },
    // Thousands of pen points fit: 16 MiB for this body.
    bodyLimit: 16 * 1024 * 1024,
    schema: {
      tags: ['homework'],
      summary: 'Save annotations: the data and a flattened PDF beside the learner’s untouched original (course team); 422 for a file the editor cannot open',
      params: SubmissionIdParamsSchema,
      body: SaveAnnotationsBodySchema,
      response: { 200: AnnotationsAnswerSchema, ...errors },
    },
    handler: async (request) => saveAnnotations(app.deps, actorOf(request), request.params.submissionId, request.body),
  });
};
