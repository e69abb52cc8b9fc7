import { z } from 'zod';

export const ScormVersionSchema = z.enum(['1.2', '2004']);
export type ScormVersion = z.infer<typeof ScormVersionSchema>;

/** A launchable item (SCO) of a package: its manifest identifier, title and launch href relative to the package root. */
export const ScoSchema = z.object({ identifier: z.string(), title: z.string(), launch: z.string() });
export type Sco = z.infer<typeof ScoSchema>;

/** What processing read from imsmanifest.xml. */
export const ScormManifestSchema = z.object({
  version: ScormVersionSchema,
  title: z.string(),
  scos: z.array(ScoSchema),
});
export type ScormManifest = z.infer<typeof ScormManifestSchema>;

/** Spec §3 Scorm (on `GET /api/uploads/{id}?preview=true`): `status_code` 200 when ready; otherwise a message (spec §4 display status). */
export const ScormSummarySchema = z.object({
  id: z.number().int(),
  data: z.object({ manifest: ScormManifestSchema.nullable() }),
  status_code: z.number().int(),
  message: z.string().nullable(),
});
export type ScormSummary = z.infer<typeof ScormSummarySchema>;

/** `GET /api/uploads/scorm/{id}?sco=&preview=true` query (spec §7). */
export const ScormLaunchQuerySchema = z.object({ sco: z.string().max(200).optional(), preview: z.string().optional() });

/** `?activity_id=&sco=` of the runtime calls. */
export const ScormRuntimeQuerySchema = z.object({ activity_id: z.coerce.number().int().positive(), sco: z.string().min(1).max(200) });

/**
 * CMI data kept per learner and SCO, in the shape scorm-again's `renderCommitCMI`
 * / `loadFromJSON` use (`{ core: {...}, suspend_data, ... }` for 1.2,
 * `{ completion_status, location, ... }` for 2004). The server reads the fields
 * it tracks and keeps the whole object (at most 64 KiB as JSON).
 */
export const CmiSchema = z.record(z.string(), z.unknown());
export type Cmi = z.infer<typeof CmiSchema>;

/** `GET /api/uploads/scorm/{id}/runtime` answer: the version, this learner's stored CMI (null on first launch) and the package's SCOs. */
export const ScormRuntimeSchema = z.object({
  version: ScormVersionSchema,
  cmi: CmiSchema.nullable(),
  scos: z.array(ScoSchema),
});
export type ScormRuntime = z.infer<typeof ScormRuntimeSchema>;

/** `PUT /api/uploads/scorm/{id}/runtime` body: the CMI to store (session time is added to total time on the server). */
export const ScormRuntimeBodySchema = z.object({ cmi: CmiSchema });

/** What the server stored after a PUT, read from the CMI (ISO or HH:MM:SS times converted to seconds). */
export const ScormRuntimeStoredSchema = z.object({
  status: z.string().nullable(),
  score: z.number().nullable(),
  location: z.string().nullable(),
  /** Seconds, accumulated over sessions. */
  total_time: z.number(),
});
export type ScormRuntimeStored = z.infer<typeof ScormRuntimeStoredSchema>;
