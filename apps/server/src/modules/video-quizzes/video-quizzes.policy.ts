import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import type { CourseAccess } from '../courses/courses.policy.js';
import type { UploadAccessKind } from '../uploads/uploads.policy.js';
import { findVideoQuiz, findVideoQuizSubject, type VideoQuizRow, type VideoQuizSubjectRow, type VideoQuizWithUpload } from './video-quizzes.repository.js';

/**
 * The video quiz policy (issue 15 §6, decision 0080's model). A quiz belongs to its video, a file
 * of the course: whoever may read the video reads the quiz (`upload.read`, so a learner only while
 * an activity holding the video is open, or when none holds it); its subjects and answering are
 * what playing the video goes with (`upload.read_content`: never for an exam-only video); the
 * course team (`course.manage_content`) builds it and reads the results, and does not answer.
 */

const NO_QUIZ = () => new AppError('NOT_FOUND', 'This video quiz does not exist');
const NO_SUBJECT = () => new AppError('SUBJECT_NOT_FOUND', 'This subject does not exist');

/** A refusal of the video's policy, said of the quiz: a video that is not there (for this actor) is a quiz that is not there. */
function asQuizRefusal(error: unknown): unknown {
  return error instanceof AppError && error.status === 404 ? NO_QUIZ() : error;
}

/**
 * The quiz and what the actor may do with its video: `upload.read` (the quiz itself) or
 * `upload.read_content` (its subjects, answering). NOT_FOUND (404) when missing, its video deleted
 * or out of reach; FORBIDDEN (403) as the upload policy (not a member; every activity holding the
 * video closed to this learner; an exam-only video for `read_content`).
 */
export async function quizToRead(
  deps: AppDeps,
  actor: Actor,
  quizId: number,
  action: 'upload.read' | 'upload.read_content',
): Promise<{ quiz: VideoQuizWithUpload; access: UploadAccessKind }> {
  const quiz = await findVideoQuiz(deps.db, quizId);
  if (!quiz || quiz.upload.deletedAt) throw NO_QUIZ();
  try {
    const { access } = await authorize(deps, actor, action, { uploadId: quiz.uploadId });
    return { quiz, access };
  } catch (error) {
    throw asQuizRefusal(error);
  }
}

/** `course.manage_content` on the quiz's course: the quiz and the course access. NOT_FOUND, COURSE_NOT_FOUND, FORBIDDEN. */
export async function quizToManage(deps: AppDeps, actor: Actor, quizId: number): Promise<{ quiz: VideoQuizWithUpload; course: CourseAccess }> {
  const quiz = await findVideoQuiz(deps.db, quizId);
  if (!quiz) throw NO_QUIZ();
  return { quiz, course: await authorize(deps, actor, 'course.manage_content', { courseId: quiz.courseId }) };
}

/** `course.manage_content` on the course of a subject's quiz. SUBJECT_NOT_FOUND, COURSE_NOT_FOUND, FORBIDDEN. */
export async function subjectToManage(deps: AppDeps, actor: Actor, subjectId: number): Promise<{ subject: VideoQuizSubjectRow; quiz: VideoQuizRow }> {
  const found = await findVideoQuizSubject(deps.db, subjectId);
  if (!found) throw NO_SUBJECT();
  await authorize(deps, actor, 'course.manage_content', { courseId: found.quiz.courseId });
  return found;
}

/**
 * A subject a learner may answer: `upload.read_content` on the quiz's video, and not the course
 * team (they build the quiz; their answers would count among the learners'). SUBJECT_NOT_FOUND
 * when missing or its video is out of reach; FORBIDDEN as the upload policy, or for the team.
 */
export async function subjectToAnswer(deps: AppDeps, actor: Actor, subjectId: number): Promise<{ subject: VideoQuizSubjectRow; quiz: VideoQuizRow }> {
  const found = await findVideoQuizSubject(deps.db, subjectId);
  if (!found) throw NO_SUBJECT();
  let access: UploadAccessKind;
  try {
    ({ access } = await authorize(deps, actor, 'upload.read_content', { uploadId: found.quiz.uploadId }));
  } catch (error) {
    throw error instanceof AppError && error.status === 404 ? NO_SUBJECT() : error;
  }
  if (access === 'manage') throw new AppError('FORBIDDEN', 'The course team builds video quizzes; only learners answer them');
  return found;
}
