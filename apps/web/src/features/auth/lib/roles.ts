import { USER_ROLE, type User } from '@atrium/contracts';

/** True for organisation administrators (role 2), who may open /management. */
export function isOrgAdmin(user: Pick<User, 'role'> | undefined): boolean {
  return user?.role === USER_ROLE.admin;
}
