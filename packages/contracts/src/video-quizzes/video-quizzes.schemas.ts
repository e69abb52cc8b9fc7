import { z } from 'zod';
import { AnswerValueSchema, AttemptSubjectSchema, CreateSubjectBodySchema, SubjectSchema } from '../exams/exams.schemas.js';

/**
 * Video quizzes (issue 15 §6; spec §7 `GET /api/video-quizzes/{id}` and `/subjects`): subjects
 * pinned to seconds of one video of a course; playback pauses at each and records the learner's
 * answer, graded at once. Subjects are exam subjects (types, bodies, keys and grading of
 * exams.schemas.ts) with `at_seconds`. A learner's shapes carry no answer key.
 *
 * Times are seconds from the start of the video; scores are points (two decimals kept).
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });
/** Seconds from the start of the video (≥ 0; at most the video's duration when it is known). */
const atSeconds = z
  .number()
  .min(0)
  .max(86_400 * 7);
const title = z.string().trim().max(200);

export const VideoQuizIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const VideoQuizSubjectIdParamsSchema = z.object({ subjectId: z.coerce.number().int().positive() });

/** `POST /api/courses/{id}/video-quizzes` (course team): a quiz over a video file of the course (400 naming `upload_id` otherwise, or when that video has one already). */
export const CreateVideoQuizBodySchema = z.object({ upload_id: id, title: title.default('') });
export type CreateVideoQuizBody = z.infer<typeof CreateVideoQuizBodySchema>;
/** `PUT /api/video-quizzes/{id}` (course team): its title (the video stays). */
export const UpdateVideoQuizBodySchema = z.object({ title });
export type UpdateVideoQuizBody = z.infer<typeof UpdateVideoQuizBodySchema>;

/** `GET /api/courses/{id}/video-quizzes?upload_id=`: the quizzes of one video (or of every video of the course the actor may open). */
export const VideoQuizListQuerySchema = z.object({ upload_id: z.coerce.number().int().positive().optional() });

/** The video a quiz plays over; `duration` in seconds, null until probed. */
export const VideoQuizUploadSchema = z.object({ id, name: z.string(), type: z.string(), status: z.string(), duration: z.number().nullable() });

/** A video quiz (spec §7 `GET /api/video-quizzes/{id}`); `subject_count` counts its subjects, descriptions included. */
export const VideoQuizSchema = z.object({
  id,
  course_id: id,
  upload_id: id,
  title: z.string(),
  subject_count: z.number().int(),
  upload: VideoQuizUploadSchema,
});
export type VideoQuiz = z.infer<typeof VideoQuizSchema>;

/** The quizzes of a course's videos; `can_manage`: the actor is on the course team (may add, edit and delete). */
export const VideoQuizListSchema = z.object({ video_quizzes: z.array(VideoQuizSchema), can_manage: z.boolean() });
export type VideoQuizList = z.infer<typeof VideoQuizListSchema>;

// ---------------------------------------------------------------- subjects

/** `POST /api/video-quizzes/{id}/subjects`, `PUT /api/video-quiz-subjects/{subjectId}` (course team): an exam subject body and the second it shows at. */
export const CreateVideoQuizSubjectBodySchema = CreateSubjectBodySchema.extend({ at_seconds: atSeconds });
export type CreateVideoQuizSubjectBody = z.infer<typeof CreateVideoQuizSubjectBodySchema>;

/** The fields of the exam team shape a video quiz subject has (no activity, no media of its own). */
export const VIDEO_QUIZ_SUBJECT_FIELDS = [
  'id',
  'type',
  'description',
  'score',
  'sort',
  'options',
  'answer',
  'answers',
  'case_sensitive',
  'numerical_answers',
  'units',
  'pairs',
  'distractors',
  'explanation',
] as const;
/** The fields of the exam attempt shape a learner's video quiz subject has. */
export const VIDEO_QUIZ_LEARNER_SUBJECT_FIELDS = ['id', 'type', 'description', 'score', 'options', 'blank_count', 'prompts', 'choices', 'units'] as const;
const fieldMask = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };

/** A subject as the course team sees it: the exam team shape (answer key included) with its quiz and second. */
export const VideoQuizSubjectSchema = SubjectSchema.pick(fieldMask(VIDEO_QUIZ_SUBJECT_FIELDS)).extend({
  video_quiz_id: id,
  at_seconds: z.number(),
});
export type VideoQuizSubject = z.infer<typeof VideoQuizSubjectSchema>;

/** A learner's saved answer to one subject: `score` in points (null while the team grades it), `correct` full marks (null then too). */
export const VideoQuizMyAnswerSchema = z.object({
  answer: AnswerValueSchema,
  score: z.number().nullable(),
  correct: z.boolean().nullable(),
  answered_at: isoTime,
});
export type VideoQuizMyAnswer = z.infer<typeof VideoQuizMyAnswerSchema>;

/** A subject as a learner meets it: the exam attempt shape (no answer key), its second and my saved answer (null before I answer). */
export const VideoQuizLearnerSubjectSchema = AttemptSubjectSchema.pick(fieldMask(VIDEO_QUIZ_LEARNER_SUBJECT_FIELDS)).extend({
  at_seconds: z.number(),
  my_answer: VideoQuizMyAnswerSchema.nullable(),
});
export type VideoQuizLearnerSubject = z.infer<typeof VideoQuizLearnerSubjectSchema>;

/**
 * `GET /api/video-quizzes/{id}/subjects`, sorted by `at_seconds`: the course team gets
 * `view: 'team'` and the keys; a learner `view: 'learner'`, no key, their answers and the
 * points they have (`score`) of `max_score`.
 */
export const VideoQuizSubjectsSchema = z.discriminatedUnion('view', [
  z.object({ view: z.literal('team'), video_quiz_id: id, max_score: z.number(), subjects: z.array(VideoQuizSubjectSchema) }),
  z.object({
    view: z.literal('learner'),
    video_quiz_id: id,
    max_score: z.number(),
    score: z.number(),
    subjects: z.array(VideoQuizLearnerSubjectSchema),
  }),
]);
export type VideoQuizSubjects = z.infer<typeof VideoQuizSubjectsSchema>;

// ---------------------------------------------------------------- answering

/** `PUT /api/video-quiz-subjects/{subjectId}/answer` (a learner): an answer in the exam answer shape (400 naming `answer` when it does not fit the subject). */
export const VideoQuizAnswerBodySchema = z.object({ answer: AnswerValueSchema });
export type VideoQuizAnswerBody = z.infer<typeof VideoQuizAnswerBodySchema>;

/** The graded answer: points of `max_score`; `correct` full marks, null when the team grades it (essay, short answer without accepted answers). No key. */
export const VideoQuizAnswerResultSchema = z.object({
  subject_id: id,
  score: z.number().nullable(),
  max_score: z.number(),
  correct: z.boolean().nullable(),
  answered_at: isoTime,
});
export type VideoQuizAnswerResult = z.infer<typeof VideoQuizAnswerResultSchema>;

// ---------------------------------------------------------------- results

/**
 * `GET /api/video-quizzes/{id}/results` (course team): per subject how many learners answered and
 * how many got full marks; per learner who answered, how many subjects and their points.
 */
export const VideoQuizResultsSchema = z.object({
  video_quiz_id: id,
  max_score: z.number(),
  subjects: z.array(
    z.object({
      subject_id: id,
      at_seconds: z.number(),
      type: z.string(),
      max_score: z.number(),
      answered: z.number().int(),
      right: z.number().int(),
      /** Answers the team has still to grade (essay, short answer without accepted answers). */
      to_grade: z.number().int(),
    }),
  ),
  learners: z.array(
    z.object({
      user: z.object({ id, name: z.string(), user_no: z.string().nullable() }),
      answered: z.number().int(),
      right: z.number().int(),
      /** Points of the graded answers; answers still to grade count none. */
      score: z.number(),
      to_grade: z.number().int(),
    }),
  ),
});
export type VideoQuizResults = z.infer<typeof VideoQuizResultsSchema>;

// ---------------------------------------------------------------- grading by the team

const VideoQuizLearnerRefSchema = z.object({ id, name: z.string(), user_no: z.string().nullable() });

/** One learner's answer to a subject as the team grades it: the answer as given (an essay's sanitised HTML), its points (null while ungraded) and whether it is right (null when the team judges it). */
export const VideoQuizGradedAnswerSchema = z.object({
  user: VideoQuizLearnerRefSchema,
  answer: z.unknown(),
  score: z.number().nullable(),
  correct: z.boolean().nullable(),
  answered_at: isoTime,
});
export type VideoQuizGradedAnswer = z.infer<typeof VideoQuizGradedAnswerSchema>;

/** `GET /api/video-quiz-subjects/{subjectId}/answers` (course team): every learner's answer to one subject, by name. */
export const VideoQuizSubjectAnswersSchema = z.object({
  subject_id: id,
  type: z.string(),
  max_score: z.number(),
  answers: z.array(VideoQuizGradedAnswerSchema),
});
export type VideoQuizSubjectAnswers = z.infer<typeof VideoQuizSubjectAnswersSchema>;

export const VideoQuizAnswerParamsSchema = z.object({
  subjectId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

/** `PUT /api/video-quiz-subjects/{subjectId}/answers/{userId}/score` (course team): points for a learner's answer, 0 to the subject's points (400 naming `score` otherwise). */
export const GradeVideoQuizAnswerBodySchema = z.object({ score: z.number().min(0).max(10_000) });
export type GradeVideoQuizAnswerBody = z.infer<typeof GradeVideoQuizAnswerBodySchema>;
