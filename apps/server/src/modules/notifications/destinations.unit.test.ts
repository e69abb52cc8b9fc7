import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_DESTINATION, LEARNING_ACTIVITY_DESTINATION_TYPES, NOTIFICATION_TYPES, notificationDestination } from '@atrium/contracts';
import { repositoryRoot } from '../../lib/fixtures.js';

// Spec §2 "Notification click destinations", read from the spec itself (ATRIUM_SPEC, else
// <repository>/../shared/spec/lms-spec.md): every type it lists goes where it says.
const specFile = process.env.ATRIUM_SPEC ?? path.resolve(repositoryRoot(), '../shared/spec/lms-spec.md');
const spec = readFileSync(specFile, 'utf8');
const section = spec.slice(spec.indexOf('### Notification click destinations'), spec.indexOf('###', spec.indexOf('### Notification click destinations') + 4));
const line = (starts: string) => {
  const found = section.split('\n').find((l) => l.startsWith(`- ${starts}`));
  if (!found) throw new Error(`spec §2 destinations: no line starting "${starts}"`);
  return found;
};

const ids = { course_id: 7, activity_id: 42, bulletin_id: 5, topic_id: 9, resource_id: 11 };

describe('notification destinations (spec §2)', () => {
  it('reads the section from the spec', () => {
    expect(section).toMatch(/Any other type opens \/user\/index/);
  });

  it('every activity type the spec lists opens the learning-activity page at that activity, and no other type is on that list', () => {
    const listed = line('Activity types opening the learning-activity page:')
      .replace(/^.*?:\s*/, '')
      .replace(/\.\s*$/, '')
      .split(',')
      .map((t) => t.trim());
    expect(listed.length).toBeGreaterThan(10);
    expect([...LEARNING_ACTIVITY_DESTINATION_TYPES].sort()).toEqual([...listed].sort());
    for (const type of listed) expect(notificationDestination({ type, ...ids }), type).toBe('/course/7/learning-activity#/42');
  });

  it('exam, questionnaire, classroom and lecture_live open their own routes', () => {
    const said = line('exam opens');
    for (const word of ['exam', 'questionnaire', 'classroom', 'lecture_live']) expect(said).toContain(word);
    expect(notificationDestination({ type: 'exam', ...ids })).toBe('/course/7/learning-activity#/exam/42');
    expect(notificationDestination({ type: 'questionnaire', ...ids })).toBe('/course/7/learning-activity/full-screen#/questionnaire/42');
    expect(notificationDestination({ type: 'classroom', ...ids })).toBe('/course/7/learning-activity#/classroom/42');
    expect(notificationDestination({ type: 'lecture_live', ...ids })).toBe('/course/7/live-activities#/42/detail');
  });

  it('plan and storage expiry open /management/plan; score publish opens the course score page', () => {
    expect(line('Plan expiry and storage expiry')).toContain('/management/plan');
    expect(notificationDestination({ type: 'plan_expiry' })).toBe('/management/plan');
    expect(notificationDestination({ type: 'storage_expiry' })).toBe('/management/plan');
    expect(notificationDestination({ type: 'score_publish', ...ids })).toBe('/course/7/score');
  });

  it('homework, exam, forum, bulletin, topic and resource-share notices open their own pages', () => {
    const said = line('Homework, exam, forum, bulletin, topic and resource-share');
    expect(said).toContain('their own pages');
    expect(notificationDestination({ type: 'homework', ...ids })).toBe('/course/7/learning-activity#/42');
    expect(notificationDestination({ type: 'forum', ...ids })).toBe('/course/7/learning-activity#/42');
    expect(notificationDestination({ type: 'bulletin', ...ids, payload: { bulletin_type: 'org' } })).toBe('/bulletin-list/?type=org&bulletin_id=5');
    expect(notificationDestination({ type: 'bulletin', ...ids, payload: { bulletin_type: 'course' } })).toBe('/bulletin-list/?type=course&bulletin_id=5');
    expect(notificationDestination({ type: 'topic', ...ids, payload: { group_id: 3 } })).toBe('/course/7/group-set#/topics/9?groupId=3');
    expect(notificationDestination({ type: 'topic', ...ids })).toBe('/course/7/forum#/topics/9');
    expect(notificationDestination({ type: 'resource_share', ...ids })).toBe('/vtrs/11');
  });

  it('an early-warning alert (issue 25 item 4, beyond spec §2’s list) opens the course’s alert list, spec §2’s /course/{id}/warning', () => {
    expect(spec).toContain('/course/{id}/warning');
    expect(notificationDestination({ type: 'warning_alert', ...ids })).toBe('/course/7/warning');
    expect(notificationDestination({ type: 'warning_alert', course_id: null })).toBe('/user/index');
  });

  it('a plan request (issue 24 item 3, beyond spec §2’s list) opens the platform operator’s /wg-admin/request', () => {
    expect(notificationDestination({ type: 'plan_request' })).toBe('/wg-admin/request');
  });

  it('any other type, or a notice without the ids its route needs, opens /user/index; every catalogued type but "other" has a route of its own', () => {
    expect(DEFAULT_NOTIFICATION_DESTINATION).toBe('/user/index');
    for (const type of ['other', 'course.published', 'enrolment', 'whatever']) expect(notificationDestination({ type, ...ids })).toBe('/user/index');
    for (const type of NOTIFICATION_TYPES) {
      const target = notificationDestination({ type, ...ids, payload: { bulletin_type: 'org' } });
      if (type === 'other') expect(target).toBe('/user/index');
      else expect(target, type).not.toBe('/user/index');
      // Without ids: the expiry notices need none, a bulletin opens its list; everything else falls back.
      if (type === 'bulletin') expect(notificationDestination({ type })).toBe('/bulletin-list/?type=org');
      else if (!['plan_expiry', 'storage_expiry', 'plan_request'].includes(type))
        expect(notificationDestination({ type }), `${type} without ids`).toBe('/user/index');
    }
  });
});
