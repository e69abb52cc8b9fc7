import { z } from 'zod';

/** The one error body of every API call: code from errors.ts, user-facing message, field errors. */
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A plain `{ message }` answer, used where the spec says a call "returns message". */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
