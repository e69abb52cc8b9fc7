import {
  COURSE_RESOURCES_CAP,
  type CourseLibraryFilesBody,
  type CourseResources,
  type OpenClientUrl,
  type ResourceFile,
  type ResourceFolder,
  type ResourceVia,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { may } from '../courses/courses.policy.js';
import { reusableUploadIds } from '../uploads/upload-parents.js';
import { learnerFileView } from '../uploads/uploads.policy.js';
import {
  addCourseReuse,
  listActivityFiles,
  listLibraryUploads,
  removeCourseReuse,
  listCourseFiles,
  listExamSubjectFiles,
  listFilesByIds,
  type ResourceFileRow,
  type ResourceHolderRow,
} from './course-resources.repository.js';

/** The key of the course's own folder, and of a folder upload's (`course/<path>`) and an activity's (`activity/<id>`). */
export const COURSE_FOLDER_KEY = 'course';
const folderKeyOf = (path: string) => `${COURSE_FOLDER_KEY}/${path}`;
const activityKeyOf = (activityId: number) => `activity/${activityId}`;

/**
 * `GET /api/user/course/{courseId}/resources/folder` (issue 19 §3, spec §7): every file of the
 * course the actor may open, by folder — the course's own files (folder uploads by their folder,
 * `meta.folder`), then per module and activity the files each activity holds, the activity named.
 *
 * Access (decision 0080, `course.view` then the upload policy): the course team (and org admins)
 * get every file, unpublished activities and exam subjects' media included; a learner gets a
 * course file only in state `view` (learnerFileStates: not held only by closed activities, not
 * exam-only), and an activity's files only while the activity is open to them (published
 * activity and module, started and not ended, not locked by a checkpoint); never exam subjects'
 * media. A file several activities hold is listed under each; a course file an activity of the
 * course holds is listed under the activity, not in the course folder.
 *
 * Set-based: after the course check, three statements together (course files, activity files,
 * exam listings), a fourth only when an exam lists a file that is neither; a learner adds the
 * upload policy's two (and the course study in checkpoint mode). At most COURSE_RESOURCES_CAP
 * course files and as many activity files are read (`truncated: true` when more exist).
 * Throws COURSE_NOT_FOUND (404), FORBIDDEN (403, not a member).
 */
export async function courseResources(deps: AppDeps, actor: Actor, courseId: number, now = new Date()): Promise<CourseResources> {
  const { course, kinds } = await authorize(deps, actor, 'course.view', { courseId });
  const isTeam = may(kinds, 'manage_content');
  const [courseRows, held, listed] = await Promise.all([
    listCourseFiles(deps.db, course, COURSE_RESOURCES_CAP + 1),
    listActivityFiles(deps.db, courseId, COURSE_RESOURCES_CAP + 1),
    listExamSubjectFiles(deps.db, courseId),
  ]);
  const truncated = courseRows.length > COURSE_RESOURCES_CAP || held.length > COURSE_RESOURCES_CAP;
  const courseFiles = courseRows.slice(0, COURSE_RESOURCES_CAP).filter((f) => f.orgId === actor.orgId);
  const heldFiles = held.slice(0, COURSE_RESOURCES_CAP).filter((h) => h.file.orgId === actor.orgId);

  const fileById = new Map<number, ResourceFileRow>();
  for (const f of courseFiles) fileById.set(f.id, f);
  for (const h of heldFiles) fileById.set(h.file.id, h.file);
  const examIds = [...new Set(listed.flatMap((s) => s.uploadIds))];
  if (isTeam) {
    const missing = examIds.filter((id) => !fileById.has(id)).slice(0, COURSE_RESOURCES_CAP);
    for (const f of await listFilesByIds(deps.db, missing)) if (f.orgId === actor.orgId) fileById.set(f.id, f);
  }

  // A learner: the upload policy decides every file and every holding activity at once.
  const view = isTeam ? null : await learnerFileView(deps, actor, course, [...fileById.keys()], now);
  const mayOpenActivity = (activityId: number) => view === null || view.activities.get(activityId) === 'open';

  const heldIds = new Set([...heldFiles.map((h) => h.file.id), ...examIds]);
  const folders = new Map<string, ResourceFolder>();
  folders.set(COURSE_FOLDER_KEY, { key: COURSE_FOLDER_KEY, kind: 'course', path: null, module: null, activity: null, files: [] });

  // The course's own files (not held by an activity of the course), folder uploads by path.
  const byPath = new Map<string, ResourceFileRow[]>();
  for (const f of courseFiles) {
    if (heldIds.has(f.id)) continue;
    if (view && view.states.get(f.id) !== 'view') continue;
    const path = f.folder?.trim() || '';
    byPath.set(path, [...(byPath.get(path) ?? []), f]);
  }
  // A library file reused in the course (decision 0131) is listed with the course's files, `via: library`.
  const viaOf = (f: ResourceFileRow): ResourceVia => (f.parentType === 'library' ? 'library' : 'course');
  folders.get(COURSE_FOLDER_KEY)!.files = (byPath.get('') ?? []).map((f) => present(f, COURSE_FOLDER_KEY, viaOf(f)));
  for (const path of [...byPath.keys()].filter((p) => p !== '').sort((a, b) => a.localeCompare(b))) {
    const key = folderKeyOf(path);
    folders.set(key, { key, kind: 'folder', path, module: null, activity: null, files: byPath.get(path)!.map((f) => present(f, key, viaOf(f))) });
  }

  // Activity files, then (the team only) exam subjects' media, in module and activity order.
  const activityFolder = (h: ResourceHolderRow): ResourceFolder => {
    const key = activityKeyOf(h.activityId);
    let folder = folders.get(key);
    if (!folder) {
      folder = {
        key,
        kind: 'activity',
        path: null,
        module: { id: h.moduleId, title: h.moduleTitle, published: h.isModulePublished },
        activity: { id: h.activityId, title: h.activityTitle, type: h.activityType, published: h.isActivityPublished },
        files: [],
      };
      folders.set(key, folder);
    }
    return folder;
  };
  for (const h of heldFiles) {
    if (!mayOpenActivity(h.activityId)) continue;
    const folder = activityFolder(h);
    if (!folder.files.some((f) => f.id === h.file.id)) folder.files.push(present(h.file, folder.key, 'activity'));
  }
  if (isTeam) {
    for (const s of listed) {
      for (const id of s.uploadIds) {
        const file = fileById.get(id);
        if (!file) continue;
        const folder = activityFolder(s);
        if (!folder.files.some((f) => f.id === id)) folder.files.push(present(file, folder.key, 'exam_subject'));
      }
    }
  }

  const list = [...folders.values()];
  const placeOf = new Map([...heldFiles, ...listed].map((h) => [h.activityId, [h.moduleSort, h.moduleId, h.activitySort, h.activityId]] as const));
  const activityFolders = list.filter((f) => f.kind === 'activity').sort((a, b) => comparePlaces(placeOf.get(a.activity!.id)!, placeOf.get(b.activity!.id)!));
  const ordered = [...list.filter((f) => f.kind !== 'activity'), ...activityFolders];
  return {
    course_id: course.id,
    can_manage: isTeam,
    folders: ordered,
    file_count: ordered.reduce((n, f) => n + f.files.length, 0),
    truncated,
  };
}

/**
 * `POST /api/user/course/{courseId}/resources/library` (issue 19 §3, decision 0131): reuse library
 * files in the course **by reference** — the course lists them with its own files (learners under
 * the same rules), while each stays its owner's library upload (no bytes copied, no row made, so
 * the storage quota, which sums uploads, is not charged again). The course team only
 * (`course.manage_content`); each file must be a live, received library file of the organisation,
 * not in its owner's trash, and the actor's own or shared with them (the reuse check the activity
 * editor's "From my library" uses, decision 0134). Otherwise nothing is written: 404
 * LIBRARY_ITEM_NOT_FOUND naming `upload_ids` (another's file, a personal or course file, a missing
 * one), 400 naming `upload_ids` (a file given twice, one still uploading). A file the course
 * already reuses is left as it is. Answers the course's resources as the actor now reads them.
 */
export async function reuseLibraryFiles(deps: AppDeps, actor: Actor, courseId: number, body: CourseLibraryFilesBody): Promise<CourseResources> {
  await authorize(deps, actor, 'course.manage_content', { courseId });
  const ids = body.upload_ids;
  if (new Set(ids).size !== ids.length) throw AppError.field('upload_ids', 'library.fileTwice');
  const rows = (await listLibraryUploads(deps.db, ids)).filter(
    (r) => r.orgId === actor.orgId && r.parentType === 'library' && r.itemId !== null && r.trashedAt === null,
  );
  const others = rows.filter((r) => r.ownerId !== actor.id);
  const shared = others.length > 0 ? await reusableUploadIds(deps, actor, others) : new Set<number>();
  const usable = rows.filter((r) => r.ownerId === actor.id || shared.has(r.id));
  if (usable.length !== ids.length)
    throw new AppError('LIBRARY_ITEM_NOT_FOUND', 'A file is not in your library or shared with you', { upload_ids: ['library.notYourUpload'] });
  if (usable.some((r) => r.receivedAt === null)) throw AppError.field('upload_ids', 'library.uploadUnfinished');
  await addCourseReuse(deps.db, ids, courseId);
  return courseResources(deps, actor, courseId);
}

/**
 * `DELETE /api/user/course/{courseId}/resources/library/{uploadId}`: the course stops reusing one
 * library file (the file stays in its owner's library, untouched). The course team only; 404
 * UPLOAD_NOT_FOUND when the course does not reuse it.
 */
export async function stopReusingLibraryFile(deps: AppDeps, actor: Actor, courseId: number, uploadId: number): Promise<void> {
  await authorize(deps, actor, 'course.manage_content', { courseId });
  if (!(await removeCourseReuse(deps.db, uploadId, courseId))) throw new AppError('UPLOAD_NOT_FOUND', 'This course does not reuse this library file');
}

/** Module sort, module id, activity sort, activity id: the course's order. */
function comparePlaces(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function present(f: ResourceFileRow, folder: string, via: ResourceVia): ResourceFile {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    size: f.size,
    status: f.status,
    allow_download: f.isAllowDownload,
    created_at: f.createdAt.toISOString(),
    folder,
    via,
  };
}

/** Why open_client_url is null: no desktop client (a sync client opening a course's folder) is configured. */
export const NO_DESKTOP_CLIENT_REASON = 'No desktop client is configured for this organisation: open the files in the browser';

/**
 * `GET /api/blobstorage/open-client-url?parent_id=` (issue 19 §7, spec §7): the URL that opens
 * the folder `parent_id` in a desktop client. Atrium has no desktop client, so the answer is
 * honest: `{ open_client_url: null, reason }`. Nothing is read, nothing handed out; a future
 * client (a config key such as `DESKTOP_CLIENT_URL`) would first check `course.view` on the parent.
 */
export function openClientUrl(_parentId: number): OpenClientUrl {
  return { open_client_url: null, reason: NO_DESKTOP_CLIENT_REASON };
}
