import type { Statement, Verb } from '@xapi/xapi';
import { v5 as uuidv5 } from 'uuid';
import xapiValidation from 'xapi-validation';

/**
 * Learning events as xAPI statements (issue 25 item 6; xAPI 1.0.3, IEEE 9274.1.1): a stored statistics event
 * becomes one Statement whose actor is the Atrium account (`account.homePage` the site, `account.name` the user
 * id), verb from the ADL and Activity Streams vocabularies, object the activity (or the course, or the page),
 * the course as context parent. Events without a user (visitors) have no actor and are not statements.
 */

/** Namespace of the statements' name-based UUIDs (RFC 4122 §4.3, v5): one event id is always one statement id. */
const STATEMENT_NAMESPACE = 'd7cbe0a2-4e1b-5c55-9a8e-0f6f6e1b7a31';

const verb = (id: string, display: string): Verb => ({ id, display: { 'en-US': display } });
/** xAPI verbs by Atrium action (ADL vocabulary http://adlnet.gov/expapi/verbs/, Activity Streams 1.0). */
export const XAPI_VERBS: Record<string, Verb> = {
  'page.view': verb('http://adlnet.gov/expapi/verbs/experienced', 'experienced'),
  'activity.open': verb('http://adlnet.gov/expapi/verbs/experienced', 'experienced'),
  'activity.read': verb('http://adlnet.gov/expapi/verbs/experienced', 'experienced'),
  'scorm.progressed': verb('http://adlnet.gov/expapi/verbs/progressed', 'progressed'),
  'exam.submitted': verb('http://adlnet.gov/expapi/verbs/completed', 'completed'),
  'exam.graded': verb('http://adlnet.gov/expapi/verbs/scored', 'scored'),
  'questionnaire.submitted': verb('http://adlnet.gov/expapi/verbs/responded', 'responded'),
  'homework.submitted': verb('http://activitystrea.ms/schema/1.0/submit', 'submitted'),
  'homework.graded': verb('http://adlnet.gov/expapi/verbs/scored', 'scored'),
  'scores.published': verb('http://activitystrea.ms/schema/1.0/publish', 'published'),
  'video_quiz.answered': verb('http://adlnet.gov/expapi/verbs/answered', 'answered'),
  'forum.topic_created': verb('http://adlnet.gov/expapi/verbs/shared', 'shared'),
  'forum.question_asked': verb('http://adlnet.gov/expapi/verbs/asked', 'asked'),
  'forum.replied': verb('http://adlnet.gov/expapi/verbs/commented', 'commented'),
  'forum.answered': verb('http://adlnet.gov/expapi/verbs/answered', 'answered'),
};
/** An action without its own verb: the ADL `interacted`. */
const DEFAULT_VERB = verb('http://adlnet.gov/expapi/verbs/interacted', 'interacted');

/** A stored event as the statements read it (`ts` epoch ms). */
export interface EventForStatement {
  event_id: string;
  ts: number;
  stream: string;
  action: string;
  user_id: number | null;
  course_id: number | null;
  activity_id: number | null;
  url: string | null;
  data: Record<string, unknown> | null;
}

const ACTIVITY_TYPE = 'http://adlnet.gov/expapi/activities/';
const EXTENSION = (site: string, name: string) => `${site}/xapi/extensions/${name}`;

/**
 * The statement of one event, or null when it has no user. `site`: the site's public address (no trailing slash),
 * the accounts' home page and the root of activity IRIs (`{site}/course/{id}`, `{site}/course/{id}/learning-activity#/{activity}`).
 * A score in `data.score` out of `data.max_score` (points) becomes `result.score` (raw, min 0, max, scaled).
 */
export function statementOf(event: EventForStatement, site: string): Statement | null {
  if (event.user_id === null) return null;
  const courseIri = event.course_id !== null ? `${site}/course/${event.course_id}` : null;
  const object =
    event.activity_id !== null && courseIri
      ? { objectType: 'Activity' as const, id: `${courseIri}/learning-activity#/${event.activity_id}`, definition: { type: `${ACTIVITY_TYPE}module` } }
      : courseIri
        ? { objectType: 'Activity' as const, id: courseIri, definition: { type: `${ACTIVITY_TYPE}course` } }
        : { objectType: 'Activity' as const, id: `${site}${event.url && event.url.startsWith('/') ? event.url : '/'}` };
  const score = typeof event.data?.score === 'number' ? event.data.score : null;
  const max = typeof event.data?.max_score === 'number' && event.data.max_score > 0 ? event.data.max_score : null;
  const statement: Statement = {
    id: uuidv5(event.event_id, STATEMENT_NAMESPACE),
    actor: { objectType: 'Agent', account: { homePage: site, name: String(event.user_id) } },
    verb: XAPI_VERBS[event.action] ?? DEFAULT_VERB,
    object,
    timestamp: new Date(event.ts).toISOString(),
    context: {
      platform: 'Atrium',
      ...(courseIri && object.id !== courseIri ? { contextActivities: { parent: [{ objectType: 'Activity', id: courseIri }] } } : {}),
      extensions: { [EXTENSION(site, 'stream')]: event.stream, [EXTENSION(site, 'action')]: event.action },
    },
    ...(score !== null && max !== null ? { result: { score: { raw: score, min: 0, max, scaled: Math.max(-1, Math.min(1, score / max)) } } } : {}),
  };
  return statement;
}

/** The problems xAPI's statement rules find in `statement` (Learning Locker's conformance-tested validator); empty when valid. */
export function statementProblems(statement: unknown): string[] {
  // A CommonJS module with `exports.default`: Node's ESM loader hands over the exports object, bundlers the function.
  const interop = xapiValidation as unknown as { default?: typeof xapiValidation };
  const validateStatement = typeof xapiValidation === 'function' ? xapiValidation : interop.default!;
  return validateStatement(statement).map((warning) => {
    const { path, name } = warning as unknown as { path?: string[]; name?: string };
    return `${(path ?? []).join('.')}: ${name ?? 'invalid'}`;
  });
}
