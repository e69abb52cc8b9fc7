import { LtiDataSchema, type LtiData } from '@atrium/contracts';

/** The registration fields of an `lti` activity's form (LtiDataSchema, decision 0153); `custom`, `redirect_uris`, `moodle_type` (imported, not shown) are carried through. */
export const LTI_TEXT_FIELDS = [
  'tool_name',
  'tool_url',
  'client_id',
  'deployment_id',
  'login_url',
  'target_link_uri',
  'jwks_url',
  'public_key',
  'deep_link_url',
] as const;
export type LtiFormData = Partial<Record<(typeof LTI_TEXT_FIELDS)[number], string>> & {
  max_score?: number | null;
  custom?: Record<string, string>;
  redirect_uris?: string[];
  moodle_type?: string;
};

/** The `data` of an `lti` activity from the form: trimmed texts, empty ones left out. */
export function ltiDataOfForm(values: LtiFormData | undefined): LtiData {
  const data: Record<string, unknown> = {};
  for (const field of LTI_TEXT_FIELDS) {
    const value = values?.[field]?.trim();
    if (value) data[field] = value;
  }
  if (typeof values?.max_score === 'number' && values.max_score > 0) data.max_score = values.max_score;
  if (values?.custom) data.custom = values.custom;
  if (values?.redirect_uris) data.redirect_uris = values.redirect_uris;
  if (values?.moodle_type) data.moodle_type = values.moodle_type;
  return data as LtiData;
}

/** The form's values of a stored `lti` activity's data (what does not fit the schema is left out). */
export function ltiFormOfData(data: Record<string, unknown>): LtiFormData {
  const parsed = LtiDataSchema.safeParse(data);
  return parsed.success ? { ...parsed.data, max_score: parsed.data.max_score ?? null } : {};
}
