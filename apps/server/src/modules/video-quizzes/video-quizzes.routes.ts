import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateVideoQuizBodySchema,
  CreateVideoQuizSubjectBodySchema,
  ErrorBodySchema,
  GradeVideoQuizAnswerBodySchema,
  UpdateVideoQuizBodySchema,
  VideoQuizAnswerBodySchema,
  VideoQuizAnswerParamsSchema,
  VideoQuizAnswerResultSchema,
  VideoQuizIdParamsSchema,
  VideoQuizListQuerySchema,
  VideoQuizListSchema,
  VideoQuizResultsSchema,
  VideoQuizGradedAnswerSchema,
  VideoQuizSchema,
  VideoQuizSubjectIdParamsSchema,
  VideoQuizSubjectAnswersSchema,
  VideoQuizSubjectSchema,
  VideoQuizSubjectsSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import {
  answerSubject,
  createSubject,
  createVideoQuiz,
  deleteSubject,
  getVideoQuiz,
  gradeAnswer,
  listSubjects,
  listVideoQuizzes,
  quizResults,
  removeVideoQuiz,
  subjectAnswers,
  updateSubject,
  updateVideoQuiz,
} from './video-quizzes.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const CourseParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Video quizzes (issue 15 §6; spec §7 `GET /api/video-quizzes/{id}` and `/subjects`): subjects pinned to seconds of a course video. */
export const videoQuizzesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/courses/:id/video-quizzes', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'Add a video quiz over a video of the course (course team); 400 naming upload_id otherwise',
      params: CourseParamsSchema,
      body: CreateVideoQuizBodySchema,
      response: { 201: VideoQuizSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createVideoQuiz(app.deps, actorOf(request), request.params.id, request.body)),
  });
  app.get('/api/courses/:id/video-quizzes', {
    config: { action: 'course.view' },
    schema: {
      tags: ['video-quizzes'],
      summary: "The video quizzes of the course's videos (of one with upload_id) that the caller may open",
      params: CourseParamsSchema,
      querystring: VideoQuizListQuerySchema,
      response: { 200: VideoQuizListSchema, ...errors },
    },
    handler: async (request) => listVideoQuizzes(app.deps, actorOf(request), request.params.id, request.query.upload_id),
  });
  app.get('/api/video-quizzes/:id', {
    config: { action: 'upload.read' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'A video quiz and its video, for whoever may read the video (spec §7)',
      params: VideoQuizIdParamsSchema,
      response: { 200: VideoQuizSchema, ...errors },
    },
    handler: async (request) => getVideoQuiz(app.deps, actorOf(request), request.params.id),
  });
  app.put('/api/video-quizzes/:id', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'Rename a video quiz (course team)',
      params: VideoQuizIdParamsSchema,
      body: UpdateVideoQuizBodySchema,
      response: { 200: VideoQuizSchema, ...errors },
    },
    handler: async (request) => updateVideoQuiz(app.deps, actorOf(request), request.params.id, request.body),
  });
  app.delete('/api/video-quizzes/:id', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'Delete a video quiz, its subjects and answers (course team)',
      params: VideoQuizIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await removeVideoQuiz(app.deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
  app.get('/api/video-quizzes/:id/subjects', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: "A video quiz's subjects by second (spec §7): keys for the course team, a learner's own answers and no key for a learner",
      params: VideoQuizIdParamsSchema,
      response: { 200: VideoQuizSubjectsSchema, ...errors },
    },
    handler: async (request) => listSubjects(app.deps, actorOf(request), request.params.id),
  });
  app.post('/api/video-quizzes/:id/subjects', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'Add a subject at a second of the video (course team); 400 naming the field that does not fit',
      params: VideoQuizIdParamsSchema,
      body: CreateVideoQuizSubjectBodySchema,
      response: { 201: VideoQuizSubjectSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createSubject(app.deps, actorOf(request), request.params.id, request.body)),
  });
  app.put('/api/video-quiz-subjects/:subjectId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'Replace a subject (course team); answers already given are graded again',
      params: VideoQuizSubjectIdParamsSchema,
      body: CreateVideoQuizSubjectBodySchema,
      response: { 200: VideoQuizSubjectSchema, ...errors },
    },
    handler: async (request) => updateSubject(app.deps, actorOf(request), request.params.subjectId, request.body),
  });
  app.delete('/api/video-quiz-subjects/:subjectId', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'Delete a subject and its answers (course team)',
      params: VideoQuizSubjectIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await deleteSubject(app.deps, actorOf(request), request.params.subjectId);
      return reply.status(204).send(null);
    },
  });
  app.put('/api/video-quiz-subjects/:subjectId/answer', {
    config: { action: 'upload.read_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: 'Answer a subject (a learner): stored and graded at once, no key in the answer; 400 naming answer when it does not fit',
      params: VideoQuizSubjectIdParamsSchema,
      body: VideoQuizAnswerBodySchema,
      response: { 200: VideoQuizAnswerResultSchema, ...errors },
    },
    handler: async (request) => answerSubject(app.deps, actorOf(request), request.params.subjectId, request.body.answer),
  });
  app.get('/api/video-quizzes/:id/results', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: "Learners' answers to a video quiz: per subject answered and right, per learner totals (course team)",
      params: VideoQuizIdParamsSchema,
      response: { 200: VideoQuizResultsSchema, ...errors },
    },
    handler: async (request) => quizResults(app.deps, actorOf(request), request.params.id),
  });
  app.get('/api/video-quiz-subjects/:subjectId/answers', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary: "Every learner's answer to one subject, with points (null while ungraded), for the team to grade",
      params: VideoQuizSubjectIdParamsSchema,
      response: { 200: VideoQuizSubjectAnswersSchema, ...errors },
    },
    handler: async (request) => subjectAnswers(app.deps, actorOf(request), request.params.subjectId),
  });
  app.put('/api/video-quiz-subjects/:subjectId/answers/:userId/score', {
    config: { action: 'course.manage_content' },
    schema: {
      tags: ['video-quizzes'],
      summary:
        "The team's points for a learner's answer (essay, short answer without accepted answers, or an override); 400 naming score above the subject's points",
      params: VideoQuizAnswerParamsSchema,
      body: GradeVideoQuizAnswerBodySchema,
      response: { 200: VideoQuizGradedAnswerSchema, ...errors },
    },
    handler: async (request) => gradeAnswer(app.deps, actorOf(request), request.params.subjectId, request.params.userId, request.body.score),
  });
};
