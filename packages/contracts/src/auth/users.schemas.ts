import { z } from 'zod';
import { LOCALES } from '../constants.js';
export { USER_ROLE } from '../constants.js';

export const UserRoleSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type UserRole = z.infer<typeof UserRoleSchema>;

const NamedRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The signed-in user as the API answers it (spec §3 User; field names as the spec gives them). */
export const UserSchema = z.object({
  id: z.number().int(),
  userNo: z.string(),
  user_name: z.string(),
  name: z.string(),
  role: UserRoleSchema,
  org: NamedRefSchema,
  department: NamedRefSchema.nullable(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  /** The user's own IANA time zone, or null to follow the organisation's (decision 0020). */
  time_zone: z.string().nullable(),
  /** The interface language the user chose (spec §1), or null when never chosen; e-mails to them are written in it. */
  locale: z.enum(LOCALES).nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** True when `zone` is an IANA time zone name this runtime knows (Intl). */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `PUT /api/user/time-zone` body: an IANA zone name (e.g. Asia/Taipei), or null to follow the organisation. */
export const UpdateTimeZoneBodySchema = z.object({
  time_zone: z.string().max(64).refine(isIanaTimeZone, 'not a known IANA time zone').nullable(),
});
export type UpdateTimeZoneBody = z.infer<typeof UpdateTimeZoneBodySchema>;

/** `PUT /api/user/locale` body: one of the interface languages of spec §1, or null to forget the choice. */
export const UpdateLocaleBodySchema = z.object({ locale: z.enum(LOCALES).nullable() });
export type UpdateLocaleBody = z.infer<typeof UpdateLocaleBodySchema>;

/** `POST /api/login` body (issue 2: JSON `{ user_name, password }`). */
export const LoginBodySchema = z.object({
  user_name: z.string().trim().min(1, 'user_name is required').max(100),
  password: z.string().min(1, 'password is required').max(1000),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;
