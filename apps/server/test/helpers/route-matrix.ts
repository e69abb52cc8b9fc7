import { COURSE_ACTIONS, type CourseActorKind } from '../../src/modules/courses/courses.policy.js';
import { RESOURCE_ACTIONS, type ResourceKind, type RouteAction } from '../../src/modules/access/actions.js';

/**
 * The role × action matrix of issue 14 §1: every route of the app (as the
 * OpenAPI document names it, `METHOD /path/{param}`) with the action it
 * declares, and for every action the roles expected to pass its access check.
 * route-actions.routes.test.ts checks the table against the running app, so a
 * new route cannot be added without deciding here who may call it.
 */

/** The six people of the matrix: no session, a user of another organisation, and the course's student, assistant, instructor and the org admin. */
export const MATRIX_ROLES = ['anonymous', 'outsider', 'student', 'assistant', 'instructor', 'orgAdmin'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

const SIGNED_IN: readonly MatrixRole[] = ['outsider', 'student', 'assistant', 'instructor', 'orgAdmin'];
const EVERYONE: readonly MatrixRole[] = MATRIX_ROLES;
const MEMBERS: readonly MatrixRole[] = ['student', 'assistant', 'instructor', 'orgAdmin'];
/** Course roles of each matrix role towards the world's course (the org admin counts as 'admin', courses.policy.ts). */
const COURSE_KIND: Partial<Record<MatrixRole, CourseActorKind>> = {
  student: 'student',
  assistant: 'instructor_assistant',
  instructor: 'instructor',
  orgAdmin: 'admin',
};

/** The roles COURSE_ACTIONS lets do `action` on the course (generated from the policy table, not copied). */
function courseRoles(action: keyof typeof COURSE_ACTIONS): MatrixRole[] {
  const allowed = COURSE_ACTIONS[action] as readonly CourseActorKind[];
  return MATRIX_ROLES.filter((role) => {
    const kind = COURSE_KIND[role];
    return kind !== undefined && allowed.includes(kind);
  });
}
const TEAM = courseRoles('manage_content');

/**
 * Who passes each action's access check in the matrix world: a published course
 * of one organisation with a published activity (guest preview on) holding a
 * file the instructor uploaded; the outsider belongs to another organisation and
 * the assistant and instructor hold the global instructor role, the student the
 * student role. Actions on the caller's own things (`self.*`, own notes, own
 * calendar, invitations addressed to them) pass for every signed-in user, the
 * data they reach being their own; `token.*` and `public.*` routes decide by
 * their token or need nothing, so everyone passes the action check.
 */
export const ACTION_ROLES: { readonly [A in RouteAction]: readonly MatrixRole[] } = {
  'public.read': EVERYONE,
  'public.sign_in': EVERYONE,
  'self.read': SIGNED_IN,
  'self.write': SIGNED_IN,
  'course.view': courseRoles('view'),
  'course.publish': courseRoles('publish'),
  'course.review': courseRoles('review'),
  'course.switch_type': courseRoles('switch_type'),
  'course.invite': courseRoles('invite'),
  'course.team_teaching': courseRoles('team_teaching'),
  'course.enrol': courseRoles('enrol'),
  'course.see_members': courseRoles('see_members'),
  'course.see_codes': courseRoles('see_codes'),
  'course.preview': courseRoles('preview'),
  'course.inspect': courseRoles('inspect'),
  'course.edit': courseRoles('edit'),
  'course.delete': courseRoles('delete'),
  'course.restore': courseRoles('restore'),
  'course.recommend': courseRoles('recommend'),
  'course.manage_content': courseRoles('manage_content'),
  'course.set_learning_mode': courseRoles('set_learning_mode'),
  /** Spec §6: instructors and org admins create courses (the assistant holds the global instructor role). */
  'course.create': ['assistant', 'instructor', 'orgAdmin'],
  /** Anyone signed in may join by a valid access code. */
  'course.join': SIGNED_IN,
  'module.manage': TEAM,
  'activity.open': MEMBERS,
  'activity.manage': TEAM,
  /** Creating a file in the course (parent_type course) is the course team's. */
  'upload.create': TEAM,
  'upload.read': MEMBERS,
  'upload.read_content': MEMBERS,
  'upload.manage': TEAM,
  /** Only the person who started an upload sends its bytes: the instructor in the world. */
  'upload.send': ['instructor'],
  /** Visitors reach a published activity that allows guest preview. */
  'guest.read': EVERYONE,
  'note.read': MEMBERS,
  'note.write': MEMBERS,
  'note.read_statistics': TEAM,
  'calendar.read': SIGNED_IN,
  'calendar.write': SIGNED_IN,
  'calendar.review': ['orgAdmin'],
  'organisation.read': SIGNED_IN,
  'organisation.manage': ['orgAdmin'],
  /** The management area's lists and the user look-up: instructors (the assistant holds that global role) and org admins. */
  'organisation.list': ['assistant', 'instructor', 'orgAdmin'],
  'import.create': ['assistant', 'instructor', 'orgAdmin'],
  'import.read': ['assistant', 'instructor', 'orgAdmin'],
  'import.manage': ['assistant', 'instructor', 'orgAdmin'],
  /** An attempt is its learner's own: the world's attempt is the student's. */
  'attempt.answer': ['student'],
  'attempt.grade': TEAM,
  'invite.answer': SIGNED_IN,
  'token.use': EVERYONE,
};

/** Every operation of the app and the action it declares (the OpenAPI document's `x-action`). */
export const ROUTE_MATRIX: Readonly<Record<string, RouteAction>> = {
  'GET /api/health': 'public.read',
  'GET /d/version': 'public.read',
  'POST /api/login': 'public.sign_in',
  'POST /api/logout': 'public.sign_in',
  'GET /api/user': 'self.read',
  'PUT /api/user/time-zone': 'self.write',
  'POST /api/course': 'course.create',
  'GET /api/courses/{id}': 'course.view',
  'PUT /api/courses/{id}': 'course.edit',
  'DELETE /api/courses/{id}': 'course.delete',
  'GET /api/user/courses': 'self.read',
  'GET /api/course/{id}/access_code': 'course.see_codes',
  'PUT /api/course/{id}/access_code': 'course.see_codes',
  'GET /api/course/access-code/{code}/validate': 'course.join',
  'POST /api/course/join/{code}': 'course.join',
  'GET /api/courses/{id}/header': 'course.view',
  'PUT /api/course/{id}/role': 'course.view',
  'PUT /api/courses/{id}/publish': 'course.publish',
  'GET /api/courses/{id}/can-unpublished': 'course.publish',
  'PUT /api/course/{id}/manager/review': 'course.review',
  'GET /api/courses/{id}/validate-lite-course-condition': 'course.switch_type',
  'PUT /api/courses/{id}/switch-lite': 'course.switch_type',
  'PUT /api/courses/{id}/switch-normal': 'course.switch_type',
  'PUT /api/courses/{id}/preview': 'course.preview',
  'DELETE /api/courses/{id}/preview': 'course.preview',
  'PUT /api/courses/{id}/inspect': 'course.inspect',
  'DELETE /api/courses/{id}/inspect': 'course.inspect',
  'GET /api/courses/{id}/study-completeness': 'course.view',
  'POST /api/courses': 'organisation.list',
  'GET /api/courses/count': 'organisation.list',
  'GET /api/courses/settings': 'organisation.read',
  'PUT /api/courses/settings': 'organisation.manage',
  'PUT /api/course/{id}': 'course.edit',
  'DELETE /api/course/{id}': 'course.delete',
  'PUT /api/courses/{id}/restore': 'course.restore',
  'PUT /api/courses/{id}/recommended': 'course.recommend',
  'PUT /api/course/{id}/outline': 'course.edit',
  'POST /api/outline/notify': 'course.edit',
  'GET /api/courses/{id}/members': 'course.see_members',
  'POST /api/courses/{id}/enrollments': 'course.enrol',
  'PUT /api/course/enrollments': 'course.enrol',
  'DELETE /api/course/enrollments': 'course.enrol',
  'GET /api/courses/{id}/groups': 'course.see_members',
  'POST /api/courses/{id}/groups': 'course.enrol',
  'PUT /api/courses/{id}/groups/{groupId}': 'course.enrol',
  'DELETE /api/courses/{id}/groups/{groupId}': 'course.enrol',
  'GET /api/authz/course-roles': 'course.view',
  'POST /api/course/{id}/invites': 'course.invite',
  'GET /api/user/invites': 'self.read',
  'GET /api/invites/{id}/status': 'invite.answer',
  'POST /api/invites/{id}/invite-confirm': 'invite.answer',
  'POST /api/courses/{id}/team-teaching': 'course.team_teaching',
  'GET /api/toggle-opened-orgs': 'organisation.list',
  'GET /api/orgs/{id}/departments': 'organisation.read',
  'GET /api/user/search': 'organisation.list',
  'POST /api/auth_code/get_auth_code': 'self.write',
  'POST /api/auth_code/validate_auth_code': 'self.write',
  'GET /api/auth_code/auth_validate': 'self.read',
  'POST /api/uploads': 'upload.create',
  'GET /api/uploads/embed-material/{id}': 'upload.read_content',
  'GET /api/uploads/settings': 'self.read',
  'PUT /api/uploads/{id}/content': 'upload.send',
  'GET /api/uploads/{id}': 'upload.read',
  'DELETE /api/uploads/{id}': 'upload.manage',
  'GET /api/uploads/{id}/blob': 'upload.read_content',
  'GET /api/courses/{id}/uploads': 'course.view',
  'PUT /api/uploads/{id}/uploaded': 'upload.send',
  'POST /api/uploads/{id}/videos': 'upload.manage',
  'POST /api/uploads/{id}/retry-transcode': 'upload.manage',
  'GET /api/uploads/{id}/text': 'upload.read_content',
  'GET /api/uploads/document/{id}/url': 'upload.read_content',
  'GET /api/uploads/reference/document/{id}/url': 'upload.read_content',
  'GET /api/uploads/reference/document/{id}/pdf-info-for-stat': 'upload.read_content',
  'GET /api/uploads/{id}/derived/{*}': 'upload.read_content',
  'POST /api/uploads/screen-shot': 'upload.create',
  'POST /api/uploads/screen-shot/share-to': 'upload.create',
  'GET /api/uptoken': 'upload.send',
  'POST /mkblk/{blockSize}': 'token.use',
  'POST /bput/{ctx}/{offset}': 'token.use',
  'POST /mkfile/{fileSize}/key/{key}': 'token.use',
  'POST /internal-api/upload/callback/{id}': 'token.use',
  'GET /api/calendar-events': 'calendar.read',
  'POST /api/calendar-events': 'calendar.write',
  'PUT /api/calendar-events/{id}': 'calendar.write',
  'DELETE /api/calendar-events/{id}': 'calendar.write',
  'GET /api/calendar-alerts': 'calendar.read',
  'GET /api/calendar-events/users/{id}/courses': 'calendar.read',
  'GET /api/course/{id}/students': 'course.see_members',
  'GET /api/calendar-timetables': 'calendar.read',
  'POST /api/calendar-timetables': 'calendar.write',
  'PUT /api/calendar-timetables/{id}': 'calendar.write',
  'PUT /api/calendar-timetables/{id}/delete': 'calendar.write',
  'GET /api/calendar-meeting': 'calendar.read',
  'POST /api/calendar-meeting': 'calendar.write',
  'PUT /api/calendar-meeting/{id}': 'calendar.write',
  'DELETE /api/calendar-meeting/{id}': 'calendar.write',
  'GET /api/instruction-team/meeting': 'calendar.read',
  'GET /api/activity/cloud-classroom': 'calendar.read',
  'POST /api/management/calendar-meeting': 'calendar.review',
  'POST /api/management/calendar-meeting/excel': 'calendar.review',
  'GET /api/calendar-feed': 'calendar.read',
  'POST /api/calendar-feed': 'calendar.write',
  'DELETE /api/calendar-feed': 'calendar.write',
  'GET /api/calendar-feed/{file}': 'token.use',
  'GET /api/org': 'organisation.read',
  'PUT /api/org/time-zone': 'organisation.manage',
  'GET /api/departments': 'organisation.read',
  'GET /api/uploads/moodle-pkg': 'import.read',
  'PUT /api/uploads/moodle-pkg/{id}': 'import.manage',
  'POST /api/course/{id}/moodle/import': 'import.create',
  'POST /api/course/mbz/import': 'import.create',
  'GET /api/course/{id}/sync-status': 'import.read',
  'GET /api/course/{id}/imports': 'import.read',
  'GET /api/course/{id}/imports/{importId}': 'import.read',
  'GET /api/courses/{id}/content': 'course.view',
  'PUT /api/courses/{id}/content/order': 'course.manage_content',
  'PUT /api/courses/{id}/learning-mode': 'course.set_learning_mode',
  'POST /api/course/{id}/record-user-reads': 'course.view',
  'PUT /api/courses/{id}/study-completeness/completion-popup': 'course.view',
  'GET /api/courses/{id}/nav-setting': 'course.view',
  'POST /api/courses/{id}/modules': 'module.manage',
  'PUT /api/modules/{id}': 'module.manage',
  'DELETE /api/modules/{id}': 'module.manage',
  'PUT /api/modules/{id}/publish': 'module.manage',
  'POST /api/courses/{id}/activities': 'activity.manage',
  'GET /api/activities/{id}': 'activity.open',
  'PUT /api/activities/{id}': 'activity.manage',
  'DELETE /api/activities/{id}': 'activity.manage',
  'PUT /api/activities/{id}/publish': 'activity.manage',
  'POST /api/activities/{id}/reads': 'activity.open',
  'GET /api/activities/{id}/comment/count': 'course.view',
  'GET /api/notes': 'note.read',
  'POST /api/notes': 'note.write',
  'GET /api/notes/statistics': 'note.read_statistics',
  'PUT /api/notes/{id}': 'note.write',
  'DELETE /api/notes/{id}': 'note.write',
  'GET /api/media/{uploadId}/{expires}/{signature}/{*}': 'token.use',
  'GET /api/uploads/{id}/player-options': 'upload.read_content',
  'POST /api/uploads/{id}/play-progress': 'upload.read',
  'POST /api/uploads/{id}/seek': 'upload.read',
  'GET /api/uploads/audio/{id}': 'upload.read_content',
  'GET /api/exam-subjects/{subjectId}/uploads/{uploadId}/play-status': 'upload.read',
  'POST /api/exam-subjects/{subjectId}/uploads/{uploadId}/play': 'upload.read_content',
  'GET /api/exams/{activityId}/subjects': 'activity.manage',
  'POST /api/exams/{activityId}/subjects': 'activity.manage',
  'PUT /api/exam-subjects/{subjectId}': 'activity.manage',
  'DELETE /api/exam-subjects/{subjectId}': 'activity.manage',
  'POST /api/exams/{activityId}/attempts': 'activity.open',
  'GET /api/exam-attempts/{attemptId}': 'attempt.answer',
  'PUT /api/exam-attempts/{attemptId}/answers': 'attempt.answer',
  'POST /api/exam-attempts/{attemptId}/submit': 'attempt.answer',
  'GET /api/exams/{activityId}/score-list': 'activity.manage',
  'GET /api/exams/{activityId}/statistics': 'activity.manage',
  'GET /api/exams/{activityId}/score-list/export': 'activity.manage',
  'GET /api/exam-attempts/{attemptId}/review': 'attempt.grade',
  'PUT /api/exam-attempts/{attemptId}/grades': 'attempt.grade',
  'POST /api/exams/{activityId}/scores/publish': 'activity.manage',
  'GET /api/questionnaires/{activityId}': 'activity.open',
  'POST /api/questionnaires/{activityId}/subjects': 'activity.manage',
  'PUT /api/questionnaire-subjects/{subjectId}': 'activity.manage',
  'DELETE /api/questionnaire-subjects/{subjectId}': 'activity.manage',
  'POST /api/questionnaires/{activityId}/responses': 'activity.open',
  'GET /api/questionnaires/{activityId}/results': 'activity.open',
  'GET /api/questionnaires/{activityId}/results/export': 'activity.manage',
  'GET /api/uploads/scorm/{id}': 'upload.read_content',
  'GET /api/uploads/scorm/{id}/content/{*}': 'upload.read_content',
  'GET /api/uploads/scorm/{id}/runtime': 'activity.open',
  'PUT /api/uploads/scorm/{id}/runtime': 'activity.open',
  'GET /api/uploads/{id}/preview/wps': 'upload.read_content',
  'GET /api/uploads/{id}/preview/aliyun': 'upload.read_content',
  'GET /api/uploads/{id}/preview/yz': 'upload.read_content',
  'GET /api/uploads/{id}/preview/private-wps': 'upload.read_content',
  'GET /api/uploads/org/arrears/{id}': 'upload.read_content',
  'GET /api/courses/{id}/activity-files': 'course.view',
  'GET /anonymous-api/{activityId}/uploads': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/{id}': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/audio/{id}': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/{id}/text': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/document/{id}/url': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/{id}/blob': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/{id}/player-options': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/scorm/{id}': 'guest.read',
  'GET /anonymous-api/{activityId}/uploads/scorm/{id}/content/{*}': 'guest.read',
  'GET /api/resource-file/{id}/player-url': 'upload.read_content',
  'GET /api/captures/{code}/player-url': 'upload.read_content',
  'GET /api/uploads/{id}/rms-preview': 'upload.read_content',
  'GET /api/uploads/{id}/rms-video-urls': 'upload.read_content',
  'GET /api/video-quizzes/org/arrears/{id}': 'upload.read_content',
  'GET /api/resource-file/org/arrears/{id}': 'upload.read_content',
  'POST /api/courses/{id}/video-quizzes': 'course.manage_content',
  'GET /api/courses/{id}/video-quizzes': 'course.view',
  'GET /api/video-quizzes/{id}': 'upload.read',
  'PUT /api/video-quizzes/{id}': 'course.manage_content',
  'DELETE /api/video-quizzes/{id}': 'course.manage_content',
  'GET /api/video-quizzes/{id}/subjects': 'upload.read_content',
  'POST /api/video-quizzes/{id}/subjects': 'course.manage_content',
  'PUT /api/video-quiz-subjects/{subjectId}': 'course.manage_content',
  'DELETE /api/video-quiz-subjects/{subjectId}': 'course.manage_content',
  'PUT /api/video-quiz-subjects/{subjectId}/answer': 'upload.read_content',
  'GET /api/video-quizzes/{id}/results': 'course.manage_content',
};

/** The resource kind of an action: `upload` for `upload.read_content`. */
export function kindOf(action: RouteAction): ResourceKind {
  return action.slice(0, action.indexOf('.')) as ResourceKind;
}

/** Every resource kind of the catalogue, for the coverage check. */
export const RESOURCE_KINDS = Object.keys(RESOURCE_ACTIONS) as ResourceKind[];
