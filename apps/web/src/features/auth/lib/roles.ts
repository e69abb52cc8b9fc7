import type { USER_ROLE, User } from '@atrium/contracts';

/**
 * User role numbers of spec §3 (instructor 0, student 1, admin 2, wg admin 3).
 * Mirrors contracts' USER_ROLE, which TypeScript checks here, without importing
 * its module at run time (that module also holds zod schemas the pages never need).
 */
export const ROLE: typeof USER_ROLE = { instructor: 0, student: 1, admin: 2, wgAdmin: 3 };

/** True for organisation administrators (role 2), who may open /management. */
export function isOrgAdmin(user: Pick<User, 'role'> | undefined): boolean {
  return user?.role === ROLE.admin;
}
