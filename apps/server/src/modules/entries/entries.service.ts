import {
  ENTRY_FIELDS,
  EntryConditionsSchema,
  type Entry,
  type EntryBody,
  type EntryConditions,
  type EntryField,
  type EntryList,
  type EntryListItem,
  type EntryListQuery,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { emit, transaction } from '../events/events.service.js';
import { takeOverFiles } from '../uploads/take-over.js';
import { markDeleted } from '../uploads/uploads.repository.js';
import {
  ENTRY_PARENT,
  deleteEntry as deleteEntryRow,
  findEntryIdByName,
  insertEntry,
  listEntriesPage,
  listEntryUploads,
  listKeywords,
  lockEntry,
  replaceKeywords,
  updateEntry as updateEntryRow,
  type EntryRow,
  type EntryUploadRow,
} from './entries.repository.js';

/**
 * Vocabulary entries (issue 19 §4, decision 0130; spec §3 Entry, §6 toggle "vocabulary entries",
 * §7 `GET /api/entries` with `fields`, `page`, `conditions` answering `result{entries, page, pages}`).
 * An organisation's entries are listed and read by its users and written by its admins, only while
 * the toggle is on (entries.policy.ts). An entry's files are its author's own uploads taken over with
 * parent type `entry` (uploads/take-over.ts). Every write emits `entry.created|updated|deleted` in
 * its transaction.
 */

const NAME_TAKEN = () => AppError.field('name', 'An entry of this name exists in the organisation');

/** An entry with every field (spec §3). */
function present(row: EntryRow, keywords: readonly { entryId: number; name: string }[], files: readonly EntryUploadRow[]): Entry {
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by_id: row.createdById,
    updated_by_id: row.updatedById,
    keywords: keywords.filter((k) => k.entryId === row.id).map((k) => ({ name: k.name })),
    uploads: files.filter((f) => f.entryId === row.id).map(({ id, name, type }) => ({ id, name, type })),
  };
}

/** One entry with its keywords and files. Two statements, together. */
async function presentOne(db: Db, row: EntryRow): Promise<Entry> {
  const [keywords, files] = await Promise.all([listKeywords(db, [row.id]), listEntryUploads(db, [row.id])]);
  return present(row, keywords, files);
}

/**
 * The `fields` of the list query as a set: ENTRY_FIELDS it names (unknown names, and `id`/`name`,
 * which are always answered, ignored); every field when it names none.
 */
export function parseFields(fields: string | undefined): ReadonlySet<EntryField> {
  const named = (fields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f): f is EntryField => (ENTRY_FIELDS as readonly string[]).includes(f));
  return new Set(named.length > 0 ? named : ENTRY_FIELDS);
}

/** The `conditions` of the list query: a JSON object (EntryConditionsSchema), or none when empty. 400 naming `conditions` otherwise. */
export function parseConditions(conditions: string | undefined): EntryConditions {
  if (!conditions?.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(conditions);
  } catch {
    throw AppError.field('conditions', 'conditions must be a JSON object such as {"keyword":"…"} or {"ids":[1,2]}');
  }
  const parsed = EntryConditionsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    throw AppError.field('conditions', `conditions are not understood${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/**
 * `GET /api/entries` (spec §7): a page of the actor's organisation's entries by name, narrowed by
 * `conditions` (keyword in the name or a keyword; ids), each with the `fields` asked for (id and
 * name always). Answers `{ result: { entries, page, pages, total } }`; `pages` is at least 1.
 * 400 naming `conditions`; 403 ENTRIES_DISABLED. Three statements beyond the session when keywords
 * or uploads are asked for (page and toggle together, then keywords and files together), two otherwise.
 */
export async function listEntries(deps: AppDeps, actor: Actor, query: EntryListQuery): Promise<EntryList> {
  const conditions = parseConditions(query.conditions);
  const fields = parseFields(query.fields);
  const filter = { ...(conditions.keyword !== undefined ? { keyword: conditions.keyword } : {}), ...(conditions.ids ? { ids: conditions.ids } : {}) };
  const [, { rows, total }] = await Promise.all([
    authorize(deps, actor, 'entry.list', {}),
    listEntriesPage(deps.db, actor.orgId, filter, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
  ]);
  const ids = rows.map((r) => r.id);
  const [keywords, files] = await Promise.all([
    fields.has('keywords') ? listKeywords(deps.db, ids) : [],
    fields.has('uploads') ? listEntryUploads(deps.db, ids) : [],
  ]);
  const entries = rows.map((row) => {
    const full = present(row, keywords, files);
    const item: EntryListItem = { id: full.id, name: full.name };
    for (const field of fields) Object.assign(item, { [field]: full[field] });
    return item;
  });
  return { result: { entries, page: query.page, pages: Math.max(1, Math.ceil(total / query.page_size)), total } };
}

/** `GET /api/entries/{id}` (the learners' hover card): one entry with every field. ENTRY_NOT_FOUND for another organisation's; 403 ENTRIES_DISABLED. */
export async function getEntry(deps: AppDeps, actor: Actor, entryId: number): Promise<Entry> {
  const row = await authorize(deps, actor, 'entry.read', { entryId });
  return presentOne(deps.db, row);
}

/** Trimmed keywords without blanks, each once (case-insensitive; the first spelling kept). */
function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of keywords.map((x) => x.trim())) {
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
  }
  return out;
}

/** Runs an entry write, turning a lost race on the organisation's unique names into 400 naming `name`. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

/**
 * `POST /api/entries` (org admins): a new entry of their organisation with its keywords and the
 * admin's own uploads as files. 400 naming `name` (taken in the organisation, case-insensitive) or
 * `upload_ids` (not the admin's own live, received uploads); 403 FORBIDDEN / ENTRIES_DISABLED.
 * Nothing is written on refusal. Emits `entry.created`.
 */
export async function createEntry(deps: AppDeps, actor: Actor, body: EntryBody): Promise<Entry> {
  const { orgId } = await authorize(deps, actor, 'entry.create', {});
  const row = await writing(() =>
    transaction(deps, async (tx) => {
      if (await findEntryIdByName(tx, orgId, body.name)) throw NAME_TAKEN();
      const inserted = await insertEntry(tx, { orgId, name: body.name, createdById: actor.id, updatedById: actor.id });
      await replaceKeywords(tx, inserted.id, cleanKeywords(body.keywords));
      await takeOverFiles(tx, actor, { type: ENTRY_PARENT, id: inserted.id }, body.upload_ids, []);
      await emit(deps, tx, { type: 'entry.created', payload: { entry_id: inserted.id, org_id: orgId, actor_id: actor.id, name: inserted.name } });
      return inserted;
    }),
  );
  return presentOne(deps.db, row);
}

/**
 * `PUT /api/entries/{id}` (org admins): the entry's name, keywords (replaced) and files (exactly
 * `upload_ids`: new ones the admin's own uploads, files left out back to their owners' personal
 * files). Errors as createEntry, and ENTRY_NOT_FOUND. Emits `entry.updated`.
 */
export async function updateEntry(deps: AppDeps, actor: Actor, entryId: number, body: EntryBody): Promise<Entry> {
  await authorize(deps, actor, 'entry.manage', { entryId });
  const row = await writing(() =>
    transaction(deps, async (tx) => {
      const locked = await lockEntry(tx, entryId);
      if (!locked) throw new AppError('ENTRY_NOT_FOUND', 'This entry does not exist or was deleted');
      if (await findEntryIdByName(tx, locked.orgId, body.name, entryId)) throw NAME_TAKEN();
      const updated = await updateEntryRow(tx, entryId, { name: body.name, updatedById: actor.id });
      await replaceKeywords(tx, entryId, cleanKeywords(body.keywords));
      const current = (await listEntryUploads(tx, [entryId])).map((f) => f.id);
      await takeOverFiles(tx, actor, { type: ENTRY_PARENT, id: entryId }, body.upload_ids, current);
      await emit(deps, tx, { type: 'entry.updated', payload: { entry_id: entryId, org_id: locked.orgId, actor_id: actor.id, name: updated.name } });
      return updated;
    }),
  );
  return presentOne(deps.db, row);
}

/** `DELETE /api/entries/{id}` (org admins): the entry, its keywords and its files (soft-deleted as uploads are). Emits `entry.deleted`. */
export async function deleteEntry(deps: AppDeps, actor: Actor, entryId: number): Promise<void> {
  await authorize(deps, actor, 'entry.manage', { entryId });
  await transaction(deps, async (tx) => {
    const locked = await lockEntry(tx, entryId);
    if (!locked) return;
    for (const file of await listEntryUploads(tx, [entryId])) await markDeleted(tx, file.id);
    await deleteEntryRow(tx, entryId);
    await emit(deps, tx, { type: 'entry.deleted', payload: { entry_id: entryId, org_id: locked.orgId, actor_id: actor.id, name: locked.name } });
  });
}
