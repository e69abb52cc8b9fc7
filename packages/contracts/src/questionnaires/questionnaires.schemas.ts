import { z } from 'zod';

/**
 * Questionnaires (issue 15 §5; spec §2 `/course/{id}/learning-activity/full-screen#/questionnaire/{id}`,
 * `#/questionnaire/{id}`): anonymous or named surveys of single or multiple choice, text, rating
 * scale and matrix subjects. Nothing is right or wrong: there is no key and no score. In an
 * anonymous questionnaire no response can be traced to a person, not even by the course team.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });
const richText = z.string().max(200_000);
const label = z.string().trim().min(1).max(500);

export const QUESTIONNAIRE_SUBJECT_TYPES = ['single_selection', 'multiple_selection', 'text', 'rating', 'matrix'] as const;
export const QuestionnaireSubjectTypeSchema = z.enum(QUESTIONNAIRE_SUBJECT_TYPES);
export type QuestionnaireSubjectType = z.infer<typeof QuestionnaireSubjectTypeSchema>;

/** `questionnaire` activity data: anonymous (who answered is kept apart from what), and whether learners see the results after answering. */
export const QuestionnaireDataSchema = z.object({
  anonymous: z.boolean().optional(),
  show_results: z.boolean().optional(),
});

/**
 * `POST /api/questionnaires/{activityId}/subjects`, `PUT /api/questionnaire-subjects/{id}` (course team).
 * Per type: selections `options` (two or more labels); rating `min`..`max` (integers, at most 11 steps)
 * with optional end labels; matrix `rows` and `columns` (labels); text `multiline`. Errors name the field.
 */
export const CreateQuestionnaireSubjectBodySchema = z.object({
  type: QuestionnaireSubjectTypeSchema,
  description: richText.default(''),
  is_required: z.boolean().default(false),
  options: z.array(label).max(50).optional(),
  min: z.number().int().min(0).max(10).optional(),
  max: z.number().int().min(1).max(10).optional(),
  min_label: z.string().trim().max(100).optional(),
  max_label: z.string().trim().max(100).optional(),
  rows: z.array(label).max(50).optional(),
  columns: z.array(label).max(20).optional(),
  multiline: z.boolean().optional(),
});
export type CreateQuestionnaireSubjectBody = z.infer<typeof CreateQuestionnaireSubjectBodySchema>;

const Labelled = z.object({ id: z.string(), content: z.string() });
export const QuestionnaireSubjectSchema = z.object({
  id,
  type: QuestionnaireSubjectTypeSchema,
  description: z.string(),
  is_required: z.boolean(),
  sort: z.number().int(),
  options: z.array(Labelled).optional(),
  rating: z.object({ min: z.number().int(), max: z.number().int(), min_label: z.string(), max_label: z.string() }).optional(),
  rows: z.array(Labelled).optional(),
  columns: z.array(Labelled).optional(),
  multiline: z.boolean().optional(),
});
export type QuestionnaireSubject = z.infer<typeof QuestionnaireSubjectSchema>;

/** An answer: an option id (single), option ids (multiple), text, a rating (integer), or `{ rowId: columnId }` (matrix). */
export const QuestionnaireAnswerSchema = z.union([
  z.string().max(20_000),
  z.number().int(),
  z.array(z.string().max(64)).max(50),
  z.record(z.string().max(64), z.string().max(64)),
]);
export type QuestionnaireAnswer = z.infer<typeof QuestionnaireAnswerSchema>;

/** `GET /api/questionnaires/{activityId}`: the subjects and whether I answered (my answers only when named). */
export const QuestionnaireSchema = z.object({
  activity_id: id,
  title: z.string(),
  anonymous: z.boolean(),
  show_results: z.boolean(),
  subjects: z.array(QuestionnaireSubjectSchema),
  my_response: z
    .object({
      submitted_at: isoTime,
      /** Null in an anonymous questionnaire: what I answered is not linked to me. */
      answers: z.array(z.object({ subject_id: id, answer: QuestionnaireAnswerSchema })).nullable(),
    })
    .nullable(),
});
export type Questionnaire = z.infer<typeof QuestionnaireSchema>;

/** `POST /api/questionnaires/{activityId}/responses` (once per person). 400 naming `answers[i].answer`, or `answers` for a required subject left out. */
export const SubmitQuestionnaireBodySchema = z.object({
  answers: z.array(z.object({ subject_id: id, answer: QuestionnaireAnswerSchema })).max(500),
});
export type SubmitQuestionnaireBody = z.infer<typeof SubmitQuestionnaireBodySchema>;

/** `GET /api/questionnaires/{activityId}/results` (course team; learners too when `show_results`, without names). */
export const QuestionnaireResultsSchema = z.object({
  activity_id: id,
  anonymous: z.boolean(),
  response_count: z.number().int(),
  /** Learners of the course (who could answer). */
  learner_count: z.number().int(),
  subjects: z.array(
    z.object({
      subject_id: id,
      type: QuestionnaireSubjectTypeSchema,
      description: z.string(),
      /** Responses that answered this subject. */
      answered: z.number().int(),
      options: z.array(z.object({ id: z.string(), content: z.string(), count: z.number().int() })).optional(),
      rating: z
        .object({
          min: z.number().int(),
          max: z.number().int(),
          distribution: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
          mean: z.number().nullable(),
        })
        .optional(),
      matrix: z
        .object({
          rows: z.array(Labelled),
          columns: z.array(Labelled),
          /** counts[row][column]. */
          counts: z.array(z.array(z.number().int())),
        })
        .optional(),
      /** Text answers, newest first, at most 500; `user` only in a named questionnaire seen by the team. */
      texts: z.array(z.object({ text: z.string(), user: z.object({ id, name: z.string() }).nullable() })).optional(),
    }),
  ),
});
export type QuestionnaireResults = z.infer<typeof QuestionnaireResultsSchema>;

export const QuestionnaireIdParamsSchema = z.object({ activityId: z.coerce.number().int().positive() });
