import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { NOTIFICATION_KIND_NAMES } from '@atrium/contracts';
import { initI18n } from '../../../lib/i18n';
import { notificationOf } from '../test/fixtures';
import { destinationOf, notificationTitle } from './notification-text';

initI18n('en-us');
const t = i18n.getFixedT('en-us');

describe('notification wording and destinations', () => {
  it.each(NOTIFICATION_KIND_NAMES)('kind %s has its own title, with the payload’s title in it', (kind) => {
    const title = notificationTitle(t, { kind, payload: { title: 'Essay 1', course_name: 'Biology 101' } });
    expect(title).not.toContain('kinds.');
    expect(title).not.toBe('Essay 1');
    if (!kind.startsWith('plan.') && !kind.startsWith('storage.')) expect(title).toMatch(/Essay 1|Biology 101/);
  });

  it('reads the score and dates of the payload', async () => {
    expect(notificationTitle(t, { kind: 'homework.graded', payload: { title: 'Essay 1', score: 87 } })).toBe('Homework graded: Essay 1 — 87');
    expect(notificationTitle(t, { kind: 'homework.graded', payload: { title: 'Essay 1' } })).toBe('Homework graded: Essay 1');
    expect(notificationTitle(t, { kind: 'warning.students_flagged', payload: { course_name: 'Biology 101', count: 3 } })).toBe(
      '3 students newly flagged in Biology 101',
    );
    expect(notificationTitle(t, { kind: 'warning.students_flagged', payload: { course_name: 'Biology 101', count: 1 } })).toBe(
      '1 student newly flagged in Biology 101',
    );
    await i18n.loadLanguages('zh-cn'); // Chinese has one plural form: the count picks `_other`.
    expect(
      notificationTitle(i18n.getFixedT('zh-cn', 'notifications'), { kind: 'warning.students_flagged', payload: { course_name: '生物学', count: 3 } }),
    ).toBe('生物学：新增 3 名预警学生');
    expect(notificationTitle(t, { kind: 'plan.expiring', payload: { at: '2099-03-01T00:00:00.000Z' } })).toMatch(
      /^Your organization's plan expires on 2099-0[23]-/,
    );
  });

  it('goes to the server’s url when it is an app path, else works the destination out (spec §2)', () => {
    expect(destinationOf(notificationOf({ url: '/course/7/score' }))).toBe('/course/7/score');
    for (const url of ['', 'https://elsewhere.example/x', '//elsewhere.example/x', 'javascript:alert(1)'])
      expect(destinationOf(notificationOf({ url, type: 'homework', course_id: 7, activity_id: 9 }))).toBe('/course/7/learning-activity#/9');
    expect(destinationOf(notificationOf({ url: '', type: 'storage_expiry', course_id: null, activity_id: null }))).toBe('/management/plan');
    expect(destinationOf(notificationOf({ url: '', type: 'warning_alert', course_id: 7, activity_id: null }))).toBe('/course/7/warning');
  });
});
