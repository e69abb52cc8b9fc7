import { randomBytes } from 'node:crypto';
import type { Certificate, CertificateRule, CertificateRuleBody, Certifications, CertificationScores, CertificateVerification } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor, may } from '../courses/courses.policy.js';
import {
  findCertificateRule,
  insertCertificate,
  listCertificates,
  listGradeItems,
  upsertCertificateRule,
  type CertificateRuleRow,
  type CertificateWithNames,
} from './gradebook.repository.js';
import { publishedStanding } from './gradebook.service.js';

/**
 * Course certificates (issue 16 §4; spec §7 `GET /api/certifications`, `PUT
 * /api/user/course-certification/scores`): the course team sets a rule (pass total in percent
 * of the gradebook total, required activities); a learner who meets it on their *published*
 * scores is issued one certificate with a verification code — when the team publishes scores
 * (handler) or when the learner asks. The PDF is written on request with pdf-lib.
 */

const NOT_FOUND = () => new AppError('CERTIFICATE_NOT_FOUND', 'This certificate does not exist');

/** A verification code: 12 characters of an unambiguous alphabet, grouped `XXXX-XXXX-XXXX` (≈ 60 bits). */
export function newCertificateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]!);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((g) => g.join('')).join('-');
}

function present(row: CertificateWithNames): Certificate {
  return {
    id: row.id,
    course_id: row.courseId,
    course_title: row.courseTitle,
    user_id: row.userId,
    user_name: row.userName,
    code: row.code,
    total: row.total,
    issued_at: row.issuedAt.toISOString(),
    pdf_url: `/api/certificates/${row.id}/pdf`,
  };
}

function presentRule(courseId: number, row: CertificateRuleRow | undefined): CertificateRule {
  return { course_id: courseId, enabled: row?.enabled ?? false, pass_total: row?.passTotal ?? 60, required_activity_ids: row?.requiredActivityIds ?? [] };
}

/** `GET /api/courses/{courseId}/certificate-rule` (course team); a course without one answers a disabled rule at 60%. */
export async function getCertificateRule(deps: AppDeps, actor: Actor, courseId: number): Promise<CertificateRule> {
  await courseFor(deps, actor, courseId, 'manage_content');
  return presentRule(courseId, await findCertificateRule(deps.db, courseId));
}

/** `PUT /api/courses/{courseId}/certificate-rule` (course team). Required activities must be graded activities of the course (400 naming required_activity_ids). */
export async function setCertificateRule(deps: AppDeps, actor: Actor, courseId: number, body: CertificateRuleBody): Promise<CertificateRule> {
  await courseFor(deps, actor, courseId, 'manage_content');
  const graded = new Set((await listGradeItems(deps.db, courseId)).map((i) => i.activityId));
  const unknown = body.required_activity_ids.filter((id) => !graded.has(id));
  if (unknown.length > 0) throw AppError.field('required_activity_ids', `Not graded activities of this course: ${unknown.join(', ')}`);
  const row = await upsertCertificateRule(deps.db, {
    courseId,
    enabled: body.enabled,
    passTotal: body.pass_total,
    requiredActivityIds: [...new Set(body.required_activity_ids)],
  });
  return presentRule(courseId, row);
}

/**
 * Checks one learner against the course's rule on their published scores and issues their
 * certificate when met (once: a later check answers the same one). `db` may be a handler's
 * transaction. Answers the standing and the certificate, if any.
 */
export async function evaluateCertificate(
  db: Db,
  courseId: number,
  userId: number,
  now = new Date(),
): Promise<Omit<CertificationScores, 'certificate'> & { certificate: CertificateWithNames | null }> {
  const [rule, standing, existing] = await Promise.all([
    findCertificateRule(db, courseId),
    publishedStanding(db, courseId, userId),
    listCertificates(db, { courseId, userId }),
  ]);
  const active = rule?.enabled ? rule : undefined;
  const missing = active ? active.requiredActivityIds.filter((id) => !standing.scoredActivityIds.includes(id)) : [];
  const eligible = !!active && standing.total !== null && standing.total >= active.passTotal && missing.length === 0;
  let certificate = existing[0] ?? null;
  if (eligible && !certificate) {
    await insertCertificate(db, { courseId, userId, code: newCertificateCode(), total: standing.total!, issuedAt: now });
    certificate = (await listCertificates(db, { courseId, userId }))[0] ?? null;
  }
  return { course_id: courseId, total: standing.total, pass_total: active?.passTotal ?? null, missing_activity_ids: missing, eligible, certificate };
}

/** `PUT /api/user/course-certification/scores` `{ course_id }`: my standing against the course's rule, issuing my certificate when met (course.view). */
export async function checkMyCertification(deps: AppDeps, actor: Actor, courseId: number): Promise<CertificationScores> {
  await courseFor(deps, actor, courseId, 'view');
  const result = await evaluateCertificate(deps.db, courseId, actor.id);
  return { ...result, certificate: result.certificate ? present(result.certificate) : null };
}

/** `GET /api/certifications`: my certificates; with `course_id`, the course's (course team). */
export async function listCertifications(deps: AppDeps, actor: Actor, courseId?: number): Promise<Certifications> {
  if (courseId !== undefined) {
    await courseFor(deps, actor, courseId, 'manage_content');
    return { items: (await listCertificates(deps.db, { courseId })).map(present) };
  }
  return { items: (await listCertificates(deps.db, { userId: actor.id })).map(present) };
}

/** `GET /api/certificates/verify/{code}` (anyone): what the certificate states; CERTIFICATE_NOT_FOUND for an unknown code. */
export async function verifyCertificate(deps: AppDeps, code: string): Promise<CertificateVerification> {
  const [row] = await listCertificates(deps.db, { code: code.toUpperCase() });
  if (!row) throw NOT_FOUND();
  return { code: row.code, user_name: row.userName, course_title: row.courseTitle, total: row.total, issued_at: row.issuedAt.toISOString() };
}

/**
 * `GET /api/certificates/{certificateId}/pdf`: the certificate as an A4 landscape PDF (pdf-lib),
 * for its learner or the course team (CERTIFICATE_NOT_FOUND for anyone else).
 */
export async function certificatePdf(deps: AppDeps, actor: Actor, certificateId: number): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [row] = await listCertificates(deps.db, { id: certificateId });
  if (!row) throw NOT_FOUND();
  if (row.userId !== actor.id) {
    try {
      const access = await courseFor(deps, actor, row.courseId, 'view');
      if (!may(access.kinds, 'manage_content')) throw NOT_FOUND();
    } catch (error) {
      if (error instanceof AppError) throw NOT_FOUND();
      throw error;
    }
  }
  // pdf-lib and its fonts load with the first certificate drawn, not at start (decision 0143).
  const { drawCertificate } = await import('./certificate-pdf.js');
  return { bytes: await drawCertificate(row), fileName: `certificate-${row.code}.pdf` };
}
