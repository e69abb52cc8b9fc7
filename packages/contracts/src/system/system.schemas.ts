import { z } from 'zod';

/** `GET /api/health`: database reachability and which system tools are on PATH. */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  tools: z.record(z.string(), z.boolean()),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** `GET /d/version`: the build the server runs (spec §7 version check). */
export const VersionResponseSchema = z.object({ version: z.string() });
export type VersionResponse = z.infer<typeof VersionResponseSchema>;
