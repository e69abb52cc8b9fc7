import type { CoursePartnerInfo, PartnerInfoBody, PartnerTypeList, PutPartnerTypesBody } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import {
  findPartnerInfo,
  insertPartnerInfo,
  listPartnerTypes,
  replacePartnerTypes,
  updatePartnerInfo,
  type PartnerInfoRow,
  type PartnerInfoValues,
} from './partners.repository.js';
import { transaction } from '../events/events.service.js';

/**
 * Associated partners (issue 24 item 4; decision 0152): the organisation's kinds of partner, set by its admins, and
 * the partner each course is run with, recorded by its instructors and read by its members.
 */

/**
 * `GET /api/orgs/{id}/associated-partner-types` (spec §7): the kinds of partner of the actor's own organisation, in
 * its order (an empty list when it named none). Another organisation's id: 404 NOT_FOUND (one's own only). One SELECT.
 */
export async function partnerTypesOf(deps: AppDeps, actor: Actor, orgId: number): Promise<PartnerTypeList> {
  if (orgId !== actor.orgId) throw new AppError('NOT_FOUND', 'This organisation does not exist');
  return { types: await listPartnerTypes(deps.db, orgId) };
}

/** `PUT /api/org/associated-partner-types` (org admins; 403 otherwise): replaces the list, in one transaction. Courses keep their partner of a kind removed (its name then reads null). */
export async function setPartnerTypes(deps: AppDeps, actor: Actor, body: PutPartnerTypesBody): Promise<PartnerTypeList> {
  assertManagesOrganisation(actor, 'Only organisation administrators set the kinds of partner');
  await transaction(deps, (tx) => replacePartnerTypes(tx, actor.orgId, body.types));
  return { types: await listPartnerTypes(deps.db, actor.orgId) };
}

function present(row: PartnerInfoRow, types: readonly { code: string; name: string }[]): CoursePartnerInfo['info'] {
  return {
    partner_type: row.partnerType,
    partner_type_name: types.find((t) => t.code === row.partnerType)?.name ?? null,
    partner_name: row.partnerName,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    website: row.website,
    description: row.description,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `GET /api/courses/{id}/associated-partner-info` (course members, `course.view`): the course's partner, or null. Two SELECTs after the access check. */
export async function coursePartnerInfo(deps: AppDeps, actor: Actor, courseId: number): Promise<CoursePartnerInfo> {
  const { course } = await authorize(deps, actor, 'course.view', { courseId });
  const [row, types] = await Promise.all([findPartnerInfo(deps.db, courseId), listPartnerTypes(deps.db, course.orgId)]);
  return { info: row ? present(row, types) : null };
}

/** The body as stored, once its kind is one of the organisation's (else 400 naming `partner_type`). */
async function valuesOf(deps: AppDeps, orgId: number, body: PartnerInfoBody): Promise<{ values: PartnerInfoValues; types: { code: string; name: string }[] }> {
  const types = await listPartnerTypes(deps.db, orgId);
  if (!types.some((t) => t.code === body.partner_type))
    throw AppError.field(
      'partner_type',
      types.length === 0
        ? 'Your organisation names no kinds of partner yet: an administrator sets them first'
        : 'is not one of your organisation’s kinds of partner',
    );
  const values: PartnerInfoValues = {
    partnerType: body.partner_type,
    partnerName: body.partner_name,
    contactName: body.contact_name || null,
    contactEmail: body.contact_email || null,
    website: body.website || null,
    description: body.description || null,
  };
  return { values, types };
}

/** `POST /api/courses/{id}/associated-partner-info` (its instructors and the org admins, `course.edit`): records the partner; 409 PARTNER_INFO_EXISTS when the course has one (PUT changes it). */
export async function createCoursePartnerInfo(deps: AppDeps, actor: Actor, courseId: number, body: PartnerInfoBody): Promise<CoursePartnerInfo> {
  const { course } = await authorize(deps, actor, 'course.edit', { courseId });
  const { values, types } = await valuesOf(deps, course.orgId, body);
  if (!(await insertPartnerInfo(deps.db, courseId, values))) throw new AppError('PARTNER_INFO_EXISTS', 'This course has a partner already: change it instead');
  return { info: present((await findPartnerInfo(deps.db, courseId))!, types) };
}

/** `PUT /api/courses/{id}/associated-partner-info` (`course.edit`): changes the partner; 404 PARTNER_INFO_NOT_FOUND when the course has none (POST records one). */
export async function updateCoursePartnerInfo(deps: AppDeps, actor: Actor, courseId: number, body: PartnerInfoBody): Promise<CoursePartnerInfo> {
  const { course } = await authorize(deps, actor, 'course.edit', { courseId });
  const { values, types } = await valuesOf(deps, course.orgId, body);
  if (!(await updatePartnerInfo(deps.db, courseId, values))) throw new AppError('PARTNER_INFO_NOT_FOUND', 'This course has no partner yet: record one first');
  return { info: present((await findPartnerInfo(deps.db, courseId))!, types) };
}
