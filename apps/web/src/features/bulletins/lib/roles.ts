import { USER_ROLE, type User } from '@atrium/contracts';

/** True for the users who write organisation bulletins (issue 17 §3): organisation administrators (role 2) and WG administrators (role 3). */
export function isBulletinAdmin(user: Pick<User, 'role'> | undefined): boolean {
  return user?.role === USER_ROLE.admin || user?.role === USER_ROLE.wgAdmin;
}
