import { COURSE_ACTIONS } from '../courses/course-actions.js';

/**
 * The action catalogue (issue 14 §1, decision 0080): every route declares one
 * (`config: { action }`), named `<resource kind>.<verb>`. The kind says which
 * policy decides (`authorize` in authorize.ts); `public.*` and `self.*` need
 * no resource (public pages, the signed-in user's own account and lists).
 * A route registered without an action makes the app refuse to start.
 */
export const RESOURCE_ACTIONS = {
  /** No sign-in needed (health, version, sign-in itself, documents of the product; `report`: the statistics beacon, issue 25). */
  public: ['read', 'sign_in', 'report'],
  /** The signed-in user's own account, sessions, lists and settings: no other resource involved. */
  self: ['read', 'write'],
  /** Spec §6 course roles (COURSE_ACTIONS), plus creating and joining. */
  course: [...(Object.keys(COURSE_ACTIONS) as (keyof typeof COURSE_ACTIONS)[]), 'create', 'join'],
  /** Modules of a course: managed by the course team (course.manage_content). */
  module: ['manage'],
  /** One activity: opened by learners under its rules (published, window, checkpoint), managed by the team. */
  activity: ['open', 'manage'],
  /** One file, reached through its parent (course, activity, personal, exam-only): its answer, its bytes and every rendition. */
  upload: ['create', 'read', 'read_content', 'manage', 'send'],
  /** A visitor's way to an activity that allows guest preview (spec §6 visitors, /anonymous-api). */
  guest: ['read'],
  /** Notes on a file of an activity (`read_statistics`: how many notes all learners put at each anchor, for the course team). */
  note: ['read', 'write', 'read_statistics'],
  /** Calendar items: events, timetables, meetings, feeds. */
  calendar: ['read', 'write', 'review'],
  /** The organisation: settings, departments, users, management lists (`list`: the management area's lists and user look-up, instructors and org admins). */
  organisation: ['read', 'manage', 'list'],
  /** Course package imports. */
  import: ['create', 'read', 'manage'],
  /** An exam attempt: `answer` its learner only (nobody else learns it exists), `grade` the course team. */
  attempt: ['answer', 'grade'],
  /** A homework submission: `read` its learner (or group) and the course team, `grade` the course team (404 to anyone else). */
  submission: ['read', 'grade'],
  /**
   * Bulletins (issue 17 §3): `list` the organisation's or one's courses' bulletins (and mark them all
   * read), `create` one (org admins for the organisation, the course team for a course), `read` one
   * (its audience; before its publish time only its managers), `manage` one (edit, delete).
   */
  bulletin: ['list', 'create', 'read', 'manage'],
  /**
   * The course forum, the teaching team's forum and group topics (issue 18): `read` a forum's topic
   * list and search (a forum activity, the general category, the team space, a group), `post` a
   * topic there. Group topics reach only the group's members and the team; the team space only the team.
   */
  forum: ['read', 'post'],
  /**
   * One topic (or question) and its replies: `read` it, `reply` (refused when locked or closed, but
   * to the team), `edit` its own text (author; the team any), `moderate` (team: pin, lock, close,
   * hide, delete, resolve reports), `react` (like, subscribe, mark read, report).
   */
  topic: ['read', 'reply', 'edit', 'moderate', 'react'],
  /** Questions on a file (issue 18 §4): `read` a file's questions and their count, `ask` one (a learner who may open the file in its activity). */
  question: ['read', 'ask'],
  /**
   * Vocabulary entries of an organisation (issue 19 §4), while its `vocabulary_entries` toggle is on:
   * `list` and `read` its users, `create` and `manage` (edit, delete) its admins.
   */
  entry: ['list', 'read', 'create', 'manage'],
  /** My library (issue 19 §1): an instructor's or org admin's own folders, files, trash and quota; `read` lists, `write` changes. */
  library: ['read', 'write'],
  /** Resource groups (issue 19 §2): `read` my groups and one I belong to, `manage` create one, or change one I own or manage. */
  resource_group: ['read', 'manage'],
  /** Shared library items (issue 19 §2): `read` what is shared with me (and open it), `share` share my items, withdraw and see who opened them. */
  shared_resource: ['read', 'share'],
  /**
   * The organisation's plan (issue 24 item 3): `read` it and its requests, `apply` for a change (or withdraw one),
   * its admins; `decide` requests (approve, reject), platform operators (wg admin) over every organisation.
   */
  plan: ['read', 'apply', 'decide'],
  /**
   * In-class mode (issue 24 item 2): `run` a session of a classroom activity (roll calls, polls, picks), the course
   * team; `take` part in one (read it, its stream; learners check in and answer), the course's members.
   */
  inclass: ['run', 'take'],
  /** Invitations and team teaching: answered by the invitee. */
  invite: ['answer'],
  /** Storage and job callbacks authorised by their own token, not a session. */
  token: ['use'],
} as const;

export type ResourceKind = keyof typeof RESOURCE_ACTIONS;
/** `<kind>.<verb>`, e.g. `upload.read_content`, `course.publish`. */
export type RouteAction = { [K in ResourceKind]: `${K}.${(typeof RESOURCE_ACTIONS)[K][number]}` }[ResourceKind];

/** Every declared action, for the route test and the start-up check. */
export const ROUTE_ACTIONS: ReadonlySet<string> = new Set(
  (Object.entries(RESOURCE_ACTIONS) as [ResourceKind, readonly string[]][]).flatMap(([kind, verbs]) => verbs.map((v) => `${kind}.${v}`)),
);
