import {
  LOCALES,
  MOBILE_CODE_LENGTH,
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_TTL_SECONDS,
  USER_ROLE,
  VERIFICATION_EMAIL_RESEND_SECONDS,
  VERIFICATION_LINK_TTL_SECONDS,
  type AccountState,
  type ClientConfig,
  type OrgPromptSettings,
  type PromptSettings,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { randomString, sha256Hex } from '../../lib/crypto.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../plugins/auth.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { forgetCachedSessions } from '../auth/auth.service.js';
import { orgSettingsOf } from '../courses/course-header.service.js';
import { mergeOrgSettings } from '../orgs/orgs.repository.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import { emit, transaction } from '../events/events.service.js';
import { findAccountState, markEmailVerified, setAssociationCode, setBoundMobile, setPasswordHash } from '../users/users.repository.js';
import { countWrongAttempt, findLastSentAt, insertAccountCode, lockOpenMobileCode, markCodeUsed } from './prompts.repository.js';
import { isEmailTokenSignatureValid, parseEmailToken, signEmailToken } from './signed-link.js';

/**
 * Account prompts (issue 17 §4; spec §2 popups and banners, §6 forced mobile binding, §7 the user
 * calls; decision 0102).
 */

const DAY_MS = 86_400_000;

/**
 * Where mobile binding codes go. The default writes an SMS to the outbox (through the
 * `mobile_code.issued` event and `outbox.emails`, kind 'sms'), so binding works and is testable
 * without a provider; an SMS provider plugs in with `setSmsChannel`. `db` is the caller's transaction.
 */
export interface SmsChannel {
  send(deps: AppDeps, db: Db, message: { userId: number; mobilePhone: string; code: string }): Promise<void>;
}

const outboxSmsChannel: SmsChannel = {
  async send(deps, db, { userId, mobilePhone, code }) {
    await emit(deps, db, { type: 'mobile_code.issued', payload: { user_id: userId, mobile_phone: mobilePhone, code } });
  },
};
let smsChannel: SmsChannel = outboxSmsChannel;

/** Replaces the SMS channel (a provider integration, or a test double); answers the previous one. */
export function setSmsChannel(next: SmsChannel): SmsChannel {
  const previous = smsChannel;
  smsChannel = next;
  return previous;
}

async function accountOf(deps: AppDeps, userId: number) {
  const account = await findAccountState(deps.db, userId);
  if (!account) throw new AppError('USER_NOT_FOUND', 'This user does not exist');
  return account;
}

/** Days a password lives in `settings`, or null when passwords never expire. */
function maxAgeDays(settings: { passwordMaxAgeDays?: number }): number | null {
  const days = settings.passwordMaxAgeDays;
  return typeof days === 'number' && Number.isFinite(days) && days > 0 ? Math.floor(days) : null;
}

/** The organisation's pre-task URL when it is an absolute http(s) address, else null. */
function preTaskUrlOf(settings: { preTaskUrl?: string }): string | null {
  const url = settings.preTaskUrl;
  return typeof url === 'string' && /^https?:\/\/\S+$/i.test(url) ? url : null;
}

/** Whether a password changed at `since` is expired at `now` under a `days`-day policy (expired from exactly `days` days on). */
export function isPasswordExpired(since: Date, days: number | null, now: Date): boolean {
  return days !== null && now.getTime() - since.getTime() >= days * DAY_MS;
}

/**
 * `GET /api/config` (public): the instance's locales (spec §1), version and feature toggles; for a
 * signed-in user also their organisation's prompt settings (the spec §6 Student exception applied)
 * and their account state. Two SELECTs when signed in, none otherwise.
 */
export async function clientConfig(deps: AppDeps, actor: Actor | null): Promise<ClientConfig> {
  const base = { version: deps.version, locales: [...LOCALES], default_locale: LOCALES[0], stats_url: deps.config.statsUrl ?? null };
  if (!actor) {
    return { ...base, features: { email_verification: true, mobile_binding: true, pre_task: false, association_code: true }, prompts: null, account: null };
  }
  const [settings, user] = await Promise.all([orgSettingsOf(deps, actor.orgId), accountOf(deps, actor.id)]);
  const mobileBound = !!user.mobilePhone && !!user.mobileVerifiedAt;
  const prompts: PromptSettings = {
    force_mobile_binding: (settings.forceMobileBinding ?? false) && user.role !== USER_ROLE.student && !mobileBound,
    require_email_verification: settings.requireEmailVerification ?? true,
    password_max_age_days: maxAgeDays(settings),
  };
  const account: AccountState = {
    has_email: !!user.email,
    email_verified: !!user.email && !!user.emailVerifiedAt,
    mobile_phone: user.mobilePhone,
    mobile_verified: mobileBound,
    association_code: user.associationCode,
  };
  return {
    ...base,
    features: {
      email_verification: prompts.require_email_verification,
      mobile_binding: true,
      pre_task: preTaskUrlOf(settings) !== null,
      association_code: true,
    },
    prompts,
    account,
  };
}

function tooSoon(field: string, lastSentAt: Date | undefined, seconds: number, now: Date): void {
  if (!lastSentAt) return;
  const wait = Math.ceil(seconds - (now.getTime() - lastSentAt.getTime()) / 1000);
  if (wait > 0) throw new AppError('AUTH_CODE_TOO_SOON', `Wait ${wait} s before asking again`, { [field]: [`Wait ${wait} s before asking again`] });
}

/**
 * `POST /api/user/send_verification_email` (`purpose` 'verify') and
 * `POST /api/user/send_org_sing_up_verification_email` ('org_sign_up'): e-mails the user a signed link
 * (`{PUBLIC_URL}/user/verify-email?token=…`, valid 24 h) through the outbox. Errors: 400 naming `email`
 * when the user has no address or it is already verified; 429 AUTH_CODE_TOO_SOON within 60 s of the
 * previous link (either purpose).
 */
export async function sendVerificationEmail(deps: AppDeps, actor: Actor, purpose: 'verify' | 'org_sign_up', now = new Date()): Promise<{ message: string }> {
  const user = await accountOf(deps, actor.id);
  if (!user.email) throw AppError.field('email', 'Your account has no e-mail address');
  if (user.emailVerifiedAt) throw AppError.field('email', 'Your e-mail address is already verified');
  tooSoon('email', await findLastSentAt(deps.db, actor.id, 'email'), VERIFICATION_EMAIL_RESEND_SECONDS, now);
  const token = signEmailToken(deps.config, user.id, user.email, VERIFICATION_LINK_TTL_SECONDS, now.getTime());
  const url = `${deps.config.publicUrl}/user/verify-email?token=${encodeURIComponent(token)}`;
  const email = user.email;
  await transaction(deps, async (tx) => {
    await insertAccountCode(tx, {
      userId: user.id,
      purpose: 'email',
      target: email,
      sentAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_LINK_TTL_SECONDS * 1000),
    });
    await emit(deps, tx, { type: 'email_verification.requested', payload: { user_id: user.id, name: user.name, email, url, purpose } });
  });
  return { message: `A verification link was sent to ${email}` };
}

/**
 * `GET /api/user/verify-email?token=` (public: the token is the proof): sets `email_verified_at`.
 * Errors: 400 VERIFICATION_LINK_INVALID naming `token` when it is malformed, tampered with, or the
 * address changed since it was sent; 400 VERIFICATION_LINK_EXPIRED past its 24 h.
 */
export async function verifyEmail(deps: AppDeps, token: string, now = new Date()): Promise<{ email: string; email_verified_at: string }> {
  const invalid = () => new AppError('VERIFICATION_LINK_INVALID', 'This verification link is not valid', { token: ['This verification link is not valid'] });
  const parsed = parseEmailToken(token);
  if (!parsed) throw invalid();
  const user = await findAccountState(deps.db, parsed.userId);
  if (!user?.email || !isEmailTokenSignatureValid(deps.config, user.id, user.email, parsed.expires, parsed.signature)) throw invalid();
  if (parsed.expires * 1000 < now.getTime())
    throw new AppError('VERIFICATION_LINK_EXPIRED', 'This verification link has expired; ask for a new one', { token: ['This verification link has expired'] });
  const at = user.emailVerifiedAt ?? now;
  if (!user.emailVerifiedAt && !(await markEmailVerified(deps.db, user.id, user.email, at))) throw invalid();
  return { email: user.email, email_verified_at: at.toISOString() };
}

/**
 * `POST /api/user/mobile/code {mobile_phone}`: sends a 6-digit code (valid 10 min) to the number
 * through the SMS channel. Errors: 429 AUTH_CODE_TOO_SOON naming `mobile_phone` within 60 s of the
 * previous code (spec §4).
 */
export async function sendMobileCode(
  deps: AppDeps,
  actor: Actor,
  mobilePhone: string,
  now = new Date(),
): Promise<{ message: string; resend_after_seconds: number }> {
  tooSoon('mobile_phone', await findLastSentAt(deps.db, actor.id, 'mobile'), 60, now);
  const code = randomString('0123456789', MOBILE_CODE_LENGTH);
  await transaction(deps, async (tx) => {
    await insertAccountCode(tx, {
      userId: actor.id,
      purpose: 'mobile',
      target: mobilePhone,
      codeHash: sha256Hex(code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + MOBILE_CODE_TTL_SECONDS * 1000),
    });
    await smsChannel.send(deps, tx, { userId: actor.id, mobilePhone, code });
  });
  return { message: 'A code was sent to your phone', resend_after_seconds: 60 };
}

/**
 * `PUT /api/user/mobile {mobile_phone, code}`: binds the number when the code is the latest one sent
 * to it, unexpired and unused; sets `mobile_phone` and `mobile_verified_at`. A wrong code counts
 * against the code (5 tries, then a new one must be sent). Errors: 400 AUTH_CODE_INVALID naming `code`.
 */
export async function bindMobile(
  deps: AppDeps,
  actor: Actor,
  mobilePhone: string,
  code: string,
  now = new Date(),
): Promise<{ mobile_phone: string; mobile_verified_at: string }> {
  const outcome = await transaction(deps, async (tx) => {
    const open = await lockOpenMobileCode(tx, actor.id, mobilePhone, now, MOBILE_CODE_MAX_ATTEMPTS);
    if (!open) return 'none' as const;
    if (open.codeHash !== sha256Hex(code)) {
      await countWrongAttempt(tx, open.id);
      return 'wrong' as const;
    }
    await markCodeUsed(tx, open.id, now);
    await setBoundMobile(tx, actor.id, mobilePhone, now);
    return 'bound' as const;
  });
  if (outcome !== 'bound') throw AppError.field('code', 'This code is wrong or has expired', 'AUTH_CODE_INVALID');
  forgetCachedSessions(deps, actor.id);
  return { mobile_phone: mobilePhone, mobile_verified_at: now.toISOString() };
}

/**
 * `GET /api/user/check-expired-password`: true when the organisation's `passwordMaxAgeDays` have
 * passed since the last change (else since the account was made). Two SELECTs.
 */
export async function checkExpiredPassword(deps: AppDeps, actor: Actor, now = new Date()): Promise<{ is_password_expired: boolean }> {
  const [settings, user] = await Promise.all([orgSettingsOf(deps, actor.orgId), accountOf(deps, actor.id)]);
  return { is_password_expired: isPasswordExpired(user.passwordChangedAt ?? user.createdAt, maxAgeDays(settings), now) };
}

/**
 * `PUT /api/user/password {old_password, new_password}`: argon2id hash of the new password, sets
 * `password_changed_at`. Errors: 400 naming `old_password` when it is wrong (400, not 401: the session stays).
 */
export async function changePassword(
  deps: AppDeps,
  actor: Actor,
  oldPassword: string,
  newPassword: string,
  now = new Date(),
): Promise<{ password_changed_at: string }> {
  const user = await accountOf(deps, actor.id);
  if (!(await verifyPassword(user.passwordHash, oldPassword))) throw AppError.field('old_password', 'The current password is wrong');
  await setPasswordHash(deps.db, actor.id, await hashPassword(newPassword), now);
  return { password_changed_at: now.toISOString() };
}

/** `GET /api/user/pre-task` (spec §7): the organisation's pre-task URL, if it set one. One SELECT. */
export async function preTask(deps: AppDeps, actor: Actor): Promise<{ has_pre_task: boolean; url: string | null }> {
  const url = preTaskUrlOf(await orgSettingsOf(deps, actor.orgId));
  return url ? { has_pre_task: true, url } : { has_pre_task: false, url: null };
}

/** Association codes: 10 characters without look-alikes (0/O, 1/I/L). */
const ASSOCIATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `PUT /api/user/association-code` (spec §7): makes and stores a new code, replacing any previous one. One UPDATE. */
export async function resetAssociationCode(deps: AppDeps, actor: Actor): Promise<{ association_code: string }> {
  const code = randomString(ASSOCIATION_ALPHABET, 10);
  await setAssociationCode(deps.db, actor.id, code);
  return { association_code: code };
}

/** `GET /api/org/prompt-settings`: the organisation's prompt settings (its administrators; else 403). One SELECT. */
export async function orgPromptSettings(deps: AppDeps, actor: Actor): Promise<OrgPromptSettings> {
  assertManagesOrganisation(actor, 'Only organisation administrators see these settings');
  const settings = await orgSettingsOf(deps, actor.orgId);
  return {
    force_mobile_binding: settings.forceMobileBinding ?? false,
    require_email_verification: settings.requireEmailVerification ?? true,
    password_max_age_days: maxAgeDays(settings),
    pre_task_url: preTaskUrlOf(settings),
  };
}

/** `PUT /api/org/prompt-settings`: replaces the organisation's four prompt settings (its administrators; else 403); answers them. */
export async function updateOrgPromptSettings(deps: AppDeps, actor: Actor, body: OrgPromptSettings): Promise<OrgPromptSettings> {
  assertManagesOrganisation(actor, 'Only organisation administrators change these settings');
  await mergeOrgSettings(deps.db, actor.orgId, {
    forceMobileBinding: body.force_mobile_binding,
    requireEmailVerification: body.require_email_verification,
    passwordMaxAgeDays: body.password_max_age_days ?? 0,
    preTaskUrl: body.pre_task_url ?? '',
  });
  return orgPromptSettings(deps, actor);
}
