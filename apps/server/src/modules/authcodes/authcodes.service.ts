import { AUTH_CODE_LENGTH, AUTH_CODE_RESEND_SECONDS } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { randomString, sha256Hex } from '../../lib/crypto.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { orgSettingsOf } from '../courses/course-header.service.js';
import { emit, transaction } from '../events/events.service.js';
import { findUserContact } from '../users/users.repository.js';
import { findLastCodeSentAt, findPendingAuthCodeId, hasOpenValidation, insertAuthCode, markAuthCodeValidated } from './authcodes.repository.js';

/** A code lives this long after it is sent, in ms. */
const CODE_TTL_MS = 10 * 60_000;
/** A validation opens the management area for this long, in ms. */
const VALIDATION_TTL_MS = 12 * 3600_000;

/**
 * Where auth codes go (spec §6 "messaging-platform auth-code validation"). The
 * default channel writes an e-mail to the outbox; a messaging platform (DingTalk,
 * WeCom…) plugs in with `setAuthCodeChannel`.
 */
export interface AuthCodeChannel {
  send(deps: AppDeps, user: { id: number; name: string; email: string | null }, code: string): Promise<void>;
}

const outboxChannel: AuthCodeChannel = {
  async send(deps, user, code) {
    if (!user.email) throw AppError.field('auth_code', 'Your account has no e-mail address to send the code to');
    // Its handler writes the e-mail to the outbox (decision 0081).
    await emit(deps, deps.db, { type: 'auth_code.issued', payload: { user_id: user.id, name: user.name, email: user.email, code } });
  },
};
let channel: AuthCodeChannel = outboxChannel;

/** Replaces the auth-code channel (a messaging-platform integration); answers the previous one. */
export function setAuthCodeChannel(next: AuthCodeChannel): AuthCodeChannel {
  const previous = channel;
  channel = next;
  return previous;
}

async function isRequired(deps: AppDeps, actor: Actor): Promise<boolean> {
  return (await orgSettingsOf(deps, actor.orgId)).managementAuthCode;
}

async function isValidated(deps: AppDeps, actor: Actor): Promise<boolean> {
  return hasOpenValidation(deps.db, actor.id, new Date());
}

/** `GET /api/auth_code/auth_validate`: whether the user may enter the management area now. */
export async function authValidate(deps: AppDeps, actor: Actor): Promise<{ dingtalk_auth_validate: boolean; required: boolean }> {
  const required = await isRequired(deps, actor);
  return { required, dingtalk_auth_validate: !required || (await isValidated(deps, actor)) };
}

/** Throws AUTH_CODE_REQUIRED (403) when the org asks for an auth code and the user has not validated one. */
export async function requireManagementAuth(deps: AppDeps, actor: Actor): Promise<void> {
  const { dingtalk_auth_validate } = await authValidate(deps, actor);
  if (!dingtalk_auth_validate) throw new AppError('AUTH_CODE_REQUIRED', 'Validate the code sent to you to open the management area');
}

/**
 * `POST /api/auth_code/get_auth_code`: sends a 6-character code through the channel.
 * Throws AUTH_CODE_TOO_SOON (429) within 60 s of the previous code (spec §4, §9).
 */
export async function sendAuthCode(deps: AppDeps, actor: Actor, now = new Date()): Promise<{ message: string; resend_after_seconds: number }> {
  const lastSentAt = await findLastCodeSentAt(deps.db, actor.id);
  if (lastSentAt) {
    const wait = Math.ceil(AUTH_CODE_RESEND_SECONDS - (now.getTime() - lastSentAt.getTime()) / 1000);
    if (wait > 0)
      throw new AppError('AUTH_CODE_TOO_SOON', `Wait ${wait} s before asking for another code`, {
        auth_code: [`Wait ${wait} s before asking for another code`],
      });
  }
  const user = await findUserContact(deps.db, actor.id);
  if (!user) throw new AppError('USER_NOT_FOUND', 'No such user');
  const code = randomString('0123456789', AUTH_CODE_LENGTH);
  await transaction(deps, async (tx) => {
    await insertAuthCode(tx, { userId: actor.id, codeHash: sha256Hex(code), sentAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
    await channel.send({ ...deps, db: tx }, user, code);
  });
  return { message: 'A code was sent to you', resend_after_seconds: AUTH_CODE_RESEND_SECONDS };
}

/** `POST /api/auth_code/validate_auth_code {auth_code}`. Throws AUTH_CODE_INVALID naming `auth_code` for a wrong or expired code. */
export async function validateAuthCode(deps: AppDeps, actor: Actor, code: string, now = new Date()): Promise<{ dingtalk_auth_validate: true }> {
  const codeId = await findPendingAuthCodeId(deps.db, actor.id, sha256Hex(code), now);
  if (codeId === undefined) throw AppError.field('auth_code', 'This code is wrong or has expired', 'AUTH_CODE_INVALID');
  await markAuthCodeValidated(deps.db, codeId, now, new Date(now.getTime() + VALIDATION_TTL_MS));
  return { dingtalk_auth_validate: true };
}
