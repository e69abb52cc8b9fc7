import { USER_ROLE, type User } from '@atrium/contracts';

/**
 * True for organisation administrators — role admin (2) or wg admin (3) — as the server's
 * `isOrgAdmin` (apps/server courses.policy.ts) decides `organisation.manage` and `calendar.review`.
 */
export function isOrgAdmin(user: Pick<User, 'role'> | undefined): boolean {
  return user?.role === USER_ROLE.admin || user?.role === USER_ROLE.wgAdmin;
}
