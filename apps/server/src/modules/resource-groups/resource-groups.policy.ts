import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { canCreateCourse } from '../courses/courses.policy.js';
import { findGroupFor, findShareFor, type MemberRole, type ResourceGroupRow, type ShareListRow } from './resource-groups.repository.js';

/**
 * The resource groups and sharing policy (issue 19 §2, decision 0134 in decision 0080's model).
 * Teachers only (instructors and org admins, who have a library); anyone else FORBIDDEN.
 * A group is seen by its members only (RESOURCE_GROUP_NOT_FOUND to anyone else, naming nothing);
 * its owners and managers change it (FORBIDDEN to a plain member). A share is seen by whom it
 * reaches — its person, the members of its group — and by its sharer; anyone else, or once it is
 * withdrawn or its item trashed, SHARED_RESOURCE_NOT_FOUND. The files under a shared folder are
 * reached the same way (resource-groups.repository `fileUnder`, and the library's upload resolver
 * through `shareReachesUpload`).
 */

export const GROUP_NOT_FOUND = () => new AppError('RESOURCE_GROUP_NOT_FOUND', 'This resource group does not exist or you are not one of its members');
export const SHARE_NOT_FOUND = () => new AppError('SHARED_RESOURCE_NOT_FOUND', 'This shared resource does not exist or is not shared with you');

export interface TeacherGrant {
  orgId: number;
}
export interface GroupGrant extends TeacherGrant {
  group: ResourceGroupRow;
  role: MemberRole;
}
export interface ShareGrant extends TeacherGrant {
  share: ShareListRow;
  /** The caller shared it (or owns its item). */
  isSharer: boolean;
}

/** Without a group or share: a teacher of an organisation. No statement. */
export function teacherOf(actor: Actor): TeacherGrant {
  if (!canCreateCourse(actor)) throw new AppError('FORBIDDEN', 'Only instructors and organisation administrators share resources');
  return { orgId: actor.orgId };
}

/** `resource_group.read`: a member of the group. One statement. */
export async function groupToRead(deps: AppDeps, actor: Actor, groupId: number): Promise<GroupGrant> {
  const grant = teacherOf(actor);
  const found = await findGroupFor(deps.db, groupId, actor.id);
  if (!found || found.group.orgId !== actor.orgId || !found.role) throw GROUP_NOT_FOUND();
  return { ...grant, group: found.group, role: found.role };
}

/** `resource_group.manage`: an owner or manager of the group (the service narrows owners-only changes). One statement. */
export async function groupToManage(deps: AppDeps, actor: Actor, groupId: number): Promise<GroupGrant> {
  const grant = await groupToRead(deps, actor, groupId);
  if (grant.role === 'member') throw new AppError('FORBIDDEN', 'Only the owners and managers of this group change it');
  return grant;
}

/** `shared_resource.read`: whom the share reaches, or its sharer. One statement. */
export async function shareToRead(deps: AppDeps, actor: Actor, shareId: number): Promise<ShareGrant> {
  const grant = teacherOf(actor);
  const share = await findShareFor(deps.db, shareId, actor.orgId, actor.id);
  if (!share) throw SHARE_NOT_FOUND();
  const isSharer = share.share.sharedById === actor.id || share.item.ownerId === actor.id;
  if (!share.reached && !isSharer) throw SHARE_NOT_FOUND();
  return { ...grant, share, isSharer };
}

/** `shared_resource.share` of one share: its sharer (withdraw it, see its tracking); whom it reaches get 403, anyone else 404. One statement. */
export async function shareToManage(deps: AppDeps, actor: Actor, shareId: number): Promise<ShareGrant> {
  const grant = await shareToRead(deps, actor, shareId);
  if (!grant.isSharer) throw new AppError('FORBIDDEN', 'Only who shared this resource withdraws it or sees who opened it');
  return grant;
}
