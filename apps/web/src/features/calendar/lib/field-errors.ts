import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api-client';

/**
 * Spec §5/§8 "calendar save errors are shown on the fields": puts the server's field
 * errors on the form fields of the same name (aliases map other server names) and
 * answers the first message, or the server message when no field matched.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, aliases: Record<string, string> = {}): string | null {
  if (!(error instanceof ApiError)) return null;
  const fields = Object.entries(error.errors).map(([name, errors]) => ({ name: aliases[name] ?? name, errors }));
  if (fields.length > 0) form.setFields(fields);
  return fields[0]?.errors[0] ?? error.serverMessage;
}
