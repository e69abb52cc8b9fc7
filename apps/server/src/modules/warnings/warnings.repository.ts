import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { WarningRulesInput } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { warningRules } from './warnings.table.js';

/** The rules an organisation set (course null) or a course set; undefined when none. One SELECT. */
export async function findWarningRules(db: Db, scope: { orgId: number; courseId: number | null }): Promise<WarningRulesInput | undefined> {
  const [row] = await db
    .select({ rules: warningRules.rules })
    .from(warningRules)
    .where(scope.courseId === null ? and(eq(warningRules.orgId, scope.orgId), isNull(warningRules.courseId)) : eq(warningRules.courseId, scope.courseId));
  return row?.rules;
}

/** Sets an organisation's (course null) or a course's rules, replacing what it set before. One INSERT … ON CONFLICT. */
export async function upsertWarningRules(db: Db, scope: { orgId: number; courseId: number | null }, rules: WarningRulesInput, at: Date): Promise<void> {
  await db
    .insert(warningRules)
    .values({ orgId: scope.orgId, courseId: scope.courseId, rules, updatedAt: at })
    .onConflictDoUpdate({
      target: scope.courseId === null ? [warningRules.orgId] : [warningRules.courseId],
      // The partial unique indexes' predicates (warnings.table.ts), so PostgreSQL infers which one.
      targetWhere: scope.courseId === null ? isNull(warningRules.courseId) : isNotNull(warningRules.courseId),
      set: { rules, updatedAt: at },
    });
}
