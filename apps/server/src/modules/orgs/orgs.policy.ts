import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';
import { isOrgAdmin } from '../courses/courses.policy.js';

/**
 * The organisation policy (issue 14 §1, decision 0080; spec §6): an
 * organisation's settings, time zone and management lists belong to its admins
 * (role admin or wg admin). `organisation.manage` throws 403 FORBIDDEN with
 * `message` otherwise; an actor only ever acts on their own organisation.
 */
export function assertManagesOrganisation(actor: Actor, message = 'Only organisation administrators do this'): void {
  if (!isOrgAdmin(actor)) throw new AppError('FORBIDDEN', message);
}
