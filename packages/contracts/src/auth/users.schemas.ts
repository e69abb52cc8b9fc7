import { z } from 'zod';
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
});
export type User = z.infer<typeof UserSchema>;

/** `POST /api/login` body (issue 2: JSON `{ user_name, password }`). */
export const LoginBodySchema = z.object({
  user_name: z.string().trim().min(1, 'user_name is required').max(100),
  password: z.string().min(1, 'password is required').max(1000),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;
