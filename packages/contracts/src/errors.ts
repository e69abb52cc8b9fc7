/**
 * Error codes of the API and their HTTP statuses (ARCHITECTURE.md "Errors").
 * Every error body is `{ code, message, errors? }` (see ErrorBodySchema).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** Issue 25: the statistics are kept by a separate statistics server (STATS_URL): ask it. */
  STATS_ELSEWHERE: 409,
  /** Issue 25: the Learning Record Store refused the statements (its status in the message). */
  LRS_REFUSED: 502,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** Issue 20 §4: a state-changing request a page of another site made with the visitor's cookie. */
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  COURSE_NOT_FOUND: 404,
  UPLOAD_NOT_FOUND: 404,
  ACCESS_CODE_INVALID: 400,
  ACCESS_CODE_NOT_FOUND: 404,
  ACCESS_CODE_NOT_RESETTABLE: 403,
  UPLOAD_ALREADY_RECEIVED: 409,
  UPLOAD_SIZE_MISMATCH: 400,
  UPLOAD_CONTENT_MISMATCH: 400,
  INVITE_NOT_FOUND: 404,
  /** Spec §4, §8: an invite whose course was deleted answers something other than 404. */
  COURSE_DELETED: 410,
  ENROLMENT_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  PUBLISH_NOT_ENABLED: 409,
  CANNOT_UNPUBLISH: 409,
  LITE_CONDITION_FAILED: 409,
  LAST_INSTRUCTOR: 409,
  AUTH_CODE_REQUIRED: 403,
  AUTH_CODE_INVALID: 400,
  AUTH_CODE_TOO_SOON: 429,
  /** Account prompts (issue 17 §4, decision 0102): an e-mail verification link that was tampered with, or is past its time. */
  VERIFICATION_LINK_INVALID: 400,
  VERIFICATION_LINK_EXPIRED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UPLOAD_TOKEN_INVALID: 401,
  UPLOAD_NOT_RECEIVED: 409,
  /** Qiniu's status for a stale, unknown or expired block ctx (resumable upload v1); sent as HTTP 701. */
  UPLOAD_CTX_INVALID: 701,
  /** Calendar (issue 6). */
  CALENDAR_EVENT_NOT_FOUND: 404,
  TIMETABLE_NOT_FOUND: 404,
  MEETING_NOT_FOUND: 404,
  /** Spec §4 meeting audit_status: the meeting may not be changed now. */
  MEETING_NOT_EDITABLE: 409,
  CALENDAR_FEED_NOT_FOUND: 404,
  /** Course package import (issue 8). */
  PACKAGE_NOT_FOUND: 404,
  IMPORT_NOT_FOUND: 404,
  IMPORT_RUNNING: 409,
  /** Learning activities (issue 7; spec §2 access-forbidden popup, §6 view permission). */
  MODULE_NOT_FOUND: 404,
  ACTIVITY_NOT_FOUND: 404,
  ACTIVITY_NOT_STARTED: 403,
  ACTIVITY_ENDED: 403,
  ACTIVITY_UNPUBLISHED: 403,
  /** learning_mode 'checkpoint': an earlier activity is unfinished. */
  ACTIVITY_LOCKED: 403,
  /** Spec §4: the completion popup can only be acknowledged at 100 % study completeness. */
  COMPLETION_NOT_REACHED: 409,
  COURSE_GROUP_NOT_FOUND: 404,
  /** Media and previews (issue 5). */
  NOTE_NOT_FOUND: 404,
  MEDIA_URL_INVALID: 403,
  /** Spec §4 audio/video: a seek beyond the furthest position already played. */
  MEDIA_FORWARD_SEEK_REFUSED: 403,
  /** Spec §8 overLimit: no plays left for this exam subject's upload. */
  MEDIA_PLAY_LIMIT_REACHED: 403,
  /** Spec §8 missedFile: the exam's upload was deleted. */
  MEDIA_MISSED_FILE: 410,
  SCORM_NOT_READY: 409,
  /** Exams (issue 15). */
  SUBJECT_NOT_FOUND: 404,
  ATTEMPT_NOT_FOUND: 404,
  /** The activity is not an exam. */
  NOT_AN_EXAM: 409,
  /** Every attempt allowed was used. */
  EXAM_NO_ATTEMPTS_LEFT: 409,
  /** The attempt's deadline passed: it was submitted by the server with what was saved. */
  EXAM_DEADLINE_PASSED: 409,
  /** The attempt was already submitted. */
  ATTEMPT_SUBMITTED: 409,
  /** Questionnaires (issue 15 §5). */
  NOT_A_QUESTIONNAIRE: 409,
  QUESTIONNAIRE_ANSWERED: 409,
  /** Homework (issue 16). */
  NOT_HOMEWORK: 409,
  SUBMISSION_NOT_FOUND: 404,
  /** The cut-off date passed (or, once handed in, the due date): nothing more is accepted. */
  HOMEWORK_CLOSED: 409,
  /** The submission was graded: it can no longer be changed by its learner. */
  HOMEWORK_GRADED: 409,
  /** Group homework and the learner is in no group of the course. */
  HOMEWORK_NO_GROUP: 409,
  /** The submission has nothing to hand in (no file, no text). */
  HOMEWORK_EMPTY: 400,
  /** The PDF editor cannot open this file (not a document or image, unreadable, or an office file not converted yet). */
  ANNOTATION_SOURCE_UNSUPPORTED: 422,
  /** Gradebook (issue 16 §3). */
  NOT_GRADED_ACTIVITY: 409,
  GRADE_CATEGORY_NOT_FOUND: 404,
  CERTIFICATE_NOT_FOUND: 404,
  /** Bulletins (issue 17 §3): missing, deleted, another organisation's or course's, or not yet published to this reader. */
  BULLETIN_NOT_FOUND: 404,
  /** Forum (issue 18): a topic, reply or report missing, deleted, hidden, or in a space the reader may not see (a group, the team's). */
  TOPIC_NOT_FOUND: 404,
  REPLY_NOT_FOUND: 404,
  FORUM_REPORT_NOT_FOUND: 404,
  /** The activity is not a forum (or is missing / not visible to the reader). */
  FORUM_NOT_FOUND: 404,
  /** The topic is locked or closed: only the course team may reply. */
  TOPIC_LOCKED: 409,
  /** Vocabulary entries (issue 19 §4): missing, deleted or another organisation's. */
  ENTRY_NOT_FOUND: 404,
  /** The organisation's `vocabulary_entries` toggle is off (spec §6). */
  ENTRIES_DISABLED: 403,
  /** My library (issue 19 §1): a folder or file missing, purged, or someone else's. */
  LIBRARY_ITEM_NOT_FOUND: 404,
  /** A file to purge is used by an activity (by reference): remove it there first. */
  LIBRARY_FILE_IN_USE: 409,
  /** A new file would take the user's or the organisation's storage past its quota (`errors.size`: the message key). */
  QUOTA_EXCEEDED: 413,
  /** Resource groups (issue 19 §2): a group missing or one the caller is not a member of. */
  RESOURCE_GROUP_NOT_FOUND: 404,
  /** A share missing, withdrawn, its item trashed, or not shared with the caller. */
  SHARED_RESOURCE_NOT_FOUND: 404,
  PREVIEW_PROVIDER_DISABLED: 403,
  /** Campus connectors (issue 24 item 4): the organisation has no connector for this system (`errors.provider`). */
  CONNECTOR_NOT_CONFIGURED: 409,
  /** The connector's source did not answer, answered an error, or sent what is not its CSV (`errors.url`). */
  CONNECTOR_SOURCE_FAILED: 502,
  /** Organisation plans (issue 24 item 3): a request missing or of another organisation. */
  PLAN_REQUEST_NOT_FOUND: 404,
  /** The organisation has a pending request already (withdraw it, or wait for the decision). */
  PLAN_REQUEST_PENDING: 409,
  /** The request was decided or withdrawn already. */
  PLAN_REQUEST_CLOSED: 409,
  /** A feature toggle the organisation's plan does not include (`errors.<toggle>`). */
  PLAN_FEATURE_NOT_INCLUDED: 409,
  /** The plan (or its storage) has ended: no new files until it is renewed (`errors.size`). */
  PLAN_EXPIRED: 409,
  /** Live activities (issue 24 item 1, decision 0150): joining before the join window opens (body `join_available_from`) … */
  LIVE_NOT_STARTED: 409,
  /** … or after it closed. */
  LIVE_ENDED: 409,
  /** A live-activity call (join, attendance) on an activity that is not a meeting or live type. */
  NOT_A_LIVE_ACTIVITY: 409,
  /** Associated partners (issue 24 item 4): the course has a partner already (change it with PUT) … */
  PARTNER_INFO_EXISTS: 409,
  /** … or has none yet (record one with POST). */
  PARTNER_INFO_NOT_FOUND: 404,
  /** In-class mode (issue 24 item 2, decision 0155): a session, roll call or poll missing (or of a course the caller is not in). */
  INCLASS_SESSION_NOT_FOUND: 404,
  INCLASS_ROLLCALL_NOT_FOUND: 404,
  INCLASS_POLL_NOT_FOUND: 404,
  /** The course runs a session already (body `session_id`): end it first. */
  INCLASS_SESSION_RUNNING: 409,
  /** The session has ended: nothing more happens in it. */
  INCLASS_SESSION_ENDED: 409,
  /** In-class mode runs a classroom activity; this one is another type. */
  NOT_A_CLASSROOM: 409,
  /** No roll call is open to check in to. */
  INCLASS_NO_ROLLCALL: 409,
  /** The poll is closed: answers are no longer taken. */
  INCLASS_POLL_CLOSED: 409,
  /** Nobody to pick: no learner checked in (or none in the course). */
  INCLASS_NOBODY_TO_PICK: 409,
  /** The session does not record learners' actions (`inclass.user_action_track` was off when it started). */
  INCLASS_TRACKING_OFF: 409,
  /** LTI (decision 0153): the `lti` activity holds no complete LTI 1.3 registration yet (the team registers the tool). */
  LTI_NOT_REGISTERED: 409,
  /** An LTI message or service request that breaks LTI 1.3 / the Security Framework (wrong redirect_uri, unknown client, spent launch). */
  LTI_INVALID_REQUEST: 400,
  /** A tool's JWT (client assertion, deep linking response) or access token that does not verify: signature, audience, expiry. */
  LTI_INVALID_TOKEN: 401,
  /** The access token's scopes do not cover the service called (AGS, NRPS). */
  LTI_INSUFFICIENT_SCOPE: 403,
  /** DingTalk chat group (issue 24 item 4, decision 0154): the organisation's `chat_group` toggle is off (spec §6). */
  CHAT_GROUP_DISABLED: 403,
  /** A user DingTalk cannot be asked about or does not know: no mobile phone bound, or none of its users has it (`errors.mobile_phone` or `errors.users_2_add`). */
  DINGTALK_USER_UNKNOWN: 409,
  /** DingTalk did not answer, answered an error (its `errcode` and `errmsg` in the message), or answered something else (`errors.api_base_url`). */
  DINGTALK_FAILED: 502,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Codes of processing and import failures (decision 0082), stored with the
 * upload (`failure_code`), the import (`failure_code`) or the course package
 * (`read_error_code`) next to the English reason, and translated by the web
 * (`failures.<CODE>` in every locale). Each code lists the parameters its
 * message uses (`failure_params`): `tool` a program name, `seconds` a timeout,
 * `limit` a count or a number of bytes, `attempts` a count, `file` a file name
 * inside the uploaded archive.
 */
export const FAILURE_PARAMS = {
  /** Processing (uploads). */
  TOOL_MISSING: ['tool'],
  TOOL_TIMEOUT: ['tool', 'seconds'],
  TOOL_FAILED: ['tool'],
  MEDIA_NO_VIDEO_STREAM: [],
  MEDIA_UNPLAYABLE: [],
  PDF_UNREADABLE: [],
  OFFICE_NO_PDF: [],
  PROCESSING_INTERRUPTED: ['attempts'],
  PROCESSING_CRASHED: [],
  /** SCORM packages (decision 0031). */
  SCORM_NOT_ZIP: [],
  SCORM_TOO_MANY_FILES: ['limit'],
  /** `limit` in bytes. */
  SCORM_TOO_LARGE: ['limit'],
  SCORM_UNSAFE_ENTRY: [],
  SCORM_NO_MANIFEST: [],
  SCORM_MANIFEST_TOO_LARGE: [],
  SCORM_MANIFEST_INVALID: [],
  SCORM_EXTRACT_FAILED: [],
  /** Archives of course packages (decision 0040). */
  ARCHIVE_UNSUPPORTED_CONTAINER: [],
  ARCHIVE_UNSAFE_PATH: [],
  ARCHIVE_LINK_ENTRY: [],
  ARCHIVE_SPECIAL_ENTRY: [],
  /** `limit` in bytes (unpacked). */
  ARCHIVE_TOO_LARGE: ['limit'],
  ARCHIVE_TOO_MANY_ENTRIES: ['limit'],
  ARCHIVE_COMPRESSION_RATIO: ['limit'],
  ARCHIVE_CORRUPT: [],
  /** Moodle backups and their XML. */
  BACKUP_NOT_MOODLE: [],
  BACKUP_UNSUPPORTED_VERSION: [],
  XML_DOCTYPE_REFUSED: ['file'],
  XML_MALFORMED: ['file'],
  /** Imports into a course (spec §3 Sync status 2). */
  IMPORT_EMPTY: [],
  IMPORT_SOURCE_DELETED: [],
  IMPORT_INTERRUPTED: [],
  IMPORT_CRASHED: [],
  /** A stored object larger than allowed; `limit` in bytes. */
  PAYLOAD_TOO_LARGE: ['limit'],
} as const satisfies Record<string, readonly string[]>;

export type FailureCode = keyof typeof FAILURE_PARAMS;

/** Every failure code, in the order above. */
export const FAILURE_CODES = Object.keys(FAILURE_PARAMS) as FailureCode[];

/** The parameters of a failure's message: names from FAILURE_PARAMS, numbers or short strings. */
export type FailureParams = Record<string, string | number>;
