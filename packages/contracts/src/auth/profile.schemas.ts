import { z } from 'zod';

/**
 * `PUT /api/user/email` body (issue 19 §5, `/user/settings`): my new e-mail address, confirmed with
 * my current password. The address starts unverified (a verification link is sent to it).
 */
export const UpdateEmailBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('not an e-mail address')),
  password: z.string().min(1, 'password is required').max(200),
});
export type UpdateEmailBody = z.infer<typeof UpdateEmailBodySchema>;
