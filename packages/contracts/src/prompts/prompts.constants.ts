/**
 * Account prompt constants (issue 17 §4; spec §4, §7, §9; decision 0102). Kept apart from
 * prompts.schemas.ts so the web shell reads them without loading zod.
 */

/** Spec §7: the pre-task check runs at most this often, in ms (6 hours; tracked in local storage). */
export const PRE_TASK_CHECK_INTERVAL_MS = 6 * 3600_000;
/** A verification e-mail may be asked for again after this many seconds. */
export const VERIFICATION_EMAIL_RESEND_SECONDS = 60;
/** A verification link stays valid this many seconds (24 h). */
export const VERIFICATION_LINK_TTL_SECONDS = 24 * 3600;
/** A mobile binding code: 6 digits (spec §9), valid 10 minutes, resent after 60 s (spec §4). */
export const MOBILE_CODE_LENGTH = 6;
export const MOBILE_CODE_TTL_SECONDS = 600;
/** Wrong codes accepted before a code is spent and a new one must be sent. */
export const MOBILE_CODE_MAX_ATTEMPTS = 5;
