import { isLocale, type User, type UserRole } from '@atrium/contracts';
import type { UserWithOrg } from './users.repository.js';

/** The API shape of a user (spec §3 User); never includes the password hash. */
export function presentUser({ user, org, department }: UserWithOrg): User {
  return {
    id: user.id,
    userNo: user.userNo,
    user_name: user.userName,
    name: user.name,
    role: user.role as UserRole,
    org,
    department,
    email: user.email,
    mobilePhone: user.mobilePhone,
    time_zone: user.timeZone,
    locale: isLocale(user.locale) ? user.locale : null,
  };
}
