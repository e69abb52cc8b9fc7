import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { isLocale, USER_ROLE, type Locale } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { departments, orgs } from '../orgs/orgs.table.js';
import { users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;

/** A user row with its organisation and department names, as the presenter needs it. */
export interface UserWithOrg {
  user: UserRow;
  org: { id: number; name: string };
  department: { id: number; name: string } | null;
}

export async function findUserByUserName(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userName, userName)).limit(1);
  return row;
}

export async function findUserWithOrg(db: Db, userId: number): Promise<UserWithOrg | undefined> {
  const [row] = await db
    .select({ user: users, org: { id: orgs.id, name: orgs.name }, department: { id: departments.id, name: departments.name } })
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

/** Sets (or clears, with null) the user's own IANA time zone. One UPDATE. */
export async function setUserTimeZone(db: Db, userId: number, timeZone: string | null): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

/** Stores the interface language the user chose (null forgets it). One UPDATE. */
export async function setUserLocale(db: Db, userId: number, locale: Locale | null): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

/**
 * The chosen interface language of the users at these e-mail addresses (lower-cased address →
 * language; addresses of nobody, or of users who never chose, are absent). One SELECT; none for no address.
 */
export async function localesByEmail(db: Db, emails: readonly string[]): Promise<Map<string, Locale>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  const out = new Map<string, Locale>();
  if (wanted.length === 0) return out;
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, wanted), sql`${users.locale} is not null`));
  for (const row of rows) if (row.email && isLocale(row.locale)) out.set(row.email.toLowerCase(), row.locale);
  return out;
}

/** The user's id, name and e-mail (to send them something), or undefined. One SELECT. */
export async function findUserContact(db: Db, userId: number): Promise<{ id: number; name: string; email: string | null } | undefined> {
  const [user] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return user;
}

/** Which of `userIds` are users of organisation `orgId`. One SELECT. */
export async function userIdsInOrg(db: Db, userIds: number[], orgId: number): Promise<number[]> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.orgId, orgId)));
  return found.map((f) => f.id);
}

/** Users of organisation `orgId` whose lower-cased e-mail is one of `lowerEmails`, as `{ id, name, email }`. One SELECT. */
export async function findUsersByEmails(db: Db, orgId: number, lowerEmails: string[]): Promise<{ id: number; name: string; email: string | null }[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(sql`lower(${users.email})`, lowerEmails)));
}

/** Which of `userIds` are users of organisation `orgId` other than students, as `{ id }`. One SELECT. */
export async function staffIdsInOrg(db: Db, userIds: number[], orgId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.orgId, orgId), ne(users.role, USER_ROLE.student)));
}

/**
 * Users of organisation `orgId` as `{ id, name, user_no }`, by name then id, at most 50: whose name, user
 * number or user name is ILIKE `like` (when given), not students when `excludeStudents`, of department
 * `departmentId` when given. One SELECT.
 */
export async function searchUsersOfOrg(
  db: Db,
  orgId: number,
  filter: { like: string | undefined; excludeStudents: boolean; departmentId: number | undefined },
): Promise<{ id: number; name: string; user_no: string }[]> {
  const { like } = filter;
  return db
    .select({ id: users.id, name: users.name, user_no: users.userNo })
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        like !== undefined ? or(ilike(users.name, like), ilike(users.userNo, like), ilike(users.userName, like)) : undefined,
        filter.excludeStudents ? ne(users.role, USER_ROLE.student) : undefined,
        filter.departmentId ? eq(users.departmentId, filter.departmentId) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(50);
}

/** The account-prompt columns of a user (issue 17 §4), or undefined. One SELECT. */
export async function findAccountState(
  db: Db,
  userId: number,
): Promise<
  | {
      id: number;
      orgId: number;
      role: number;
      name: string;
      email: string | null;
      emailVerifiedAt: Date | null;
      mobilePhone: string | null;
      mobileVerifiedAt: Date | null;
      passwordHash: string;
      passwordChangedAt: Date | null;
      associationCode: string | null;
      createdAt: Date;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: users.id,
      orgId: users.orgId,
      role: users.role,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      mobilePhone: users.mobilePhone,
      mobileVerifiedAt: users.mobileVerifiedAt,
      passwordHash: users.passwordHash,
      passwordChangedAt: users.passwordChangedAt,
      associationCode: users.associationCode,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Marks `email` verified at `at`, only while it is still the user's address; answers whether a row changed. One UPDATE. */
export async function markEmailVerified(db: Db, userId: number, email: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces the user's e-mail address, unverified until a link sent to it is opened. One UPDATE. */
export async function setUnverifiedEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email, emailVerifiedAt: null }).where(eq(users.id, userId));
}

/** Sets the user's mobile phone as bound at `at`. One UPDATE. */
export async function setBoundMobile(db: Db, userId: number, mobilePhone: string, at: Date): Promise<void> {
  await db.update(users).set({ mobilePhone, mobileVerifiedAt: at }).where(eq(users.id, userId));
}

/** Stores a new password hash, changed at `at`. One UPDATE. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, userId));
}

/** Stores the user's association code. One UPDATE. */
export async function setAssociationCode(db: Db, userId: number, code: string): Promise<void> {
  await db.update(users).set({ associationCode: code }).where(eq(users.id, userId));
}

/** Records a sign-in at `at` (early warning's "no sign-in for N days", issue 25). One UPDATE. */
export async function setLastSignIn(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

/** When each of `userIds` last signed in (null: never since it was recorded). One SELECT. */
export async function lastSignInsOf(db: Db, userIds: readonly number[]): Promise<Map<number, Date | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, at: users.lastSignInAt })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.at]));
}
