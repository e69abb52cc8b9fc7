import type { UpdateEmailBody, User } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { verifyPassword } from '../auth/password.js';
import { sessionCacheOf } from '../auth/session-cache.js';
import { presentUser } from './users.presenter.js';
import { findUserWithOrg, setUnverifiedEmail } from './users.repository.js';

/**
 * `PUT /api/user/email` (issue 19 §5, `/user/settings`): replaces my e-mail address after checking my
 * current password (400 naming `password` when wrong); the new address is unverified (a link sent
 * for the old one no longer verifies anything). The same address changes nothing. Answers me.
 */
export async function updateEmail(deps: AppDeps, actor: Actor, body: UpdateEmailBody): Promise<User> {
  const found = await findUserWithOrg(deps.db, actor.id);
  if (!found) throw new AppError('USER_NOT_FOUND', 'This user does not exist');
  if (!(await verifyPassword(found.user.passwordHash, body.password))) throw AppError.field('password', 'The current password is wrong');
  if (found.user.email === body.email) return presentUser(found);
  await setUnverifiedEmail(deps.db, actor.id, body.email);
  sessionCacheOf(deps).dropUser(actor.id);
  return presentUser({ ...found, user: { ...found.user, email: body.email, emailVerifiedAt: null } });
}
