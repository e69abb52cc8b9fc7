import i18n, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import type { ImportReportItem } from '../api';
import { noteLines } from './import-report-page';

const item: ImportReportItem = {
  kind: 'activity',
  source_type: 'forum',
  source_id: '5',
  title: 'Welcome',
  outcome: 'imported_with_losses',
  atrium_type: 'forum',
  notes: [
    'restricted by the user profile (email contains "@example.edu"): imported unpublished',
    'the completion condition "posts" was not kept',
    'an older line without a key',
  ],
  note_keys: [
    { key: 'restriction_profile', params: { field: 'email', op: 'contains', value: '@example.edu' } },
    { key: 'completion_condition_dropped', params: { condition: 'completionposts' } },
    null,
  ],
  section: 'Topic 1',
};

beforeAll(async () => {
  initI18n('en-us');
  await i18n.loadLanguages(['en-us', 'zh-cn', 'zh-tw', 'zh-mo']);
  await i18n.loadNamespaces('imports');
});

describe('import report lines in the reader language (issue 21 §5)', () => {
  it('keyed notes are translated with their parameters; a note without a key is shown as stored', () => {
    const en = i18n.getFixedT('en-us', 'imports') as TFunction<'imports'>;
    expect(noteLines(en, item)).toEqual([
      'Restricted by the user profile (email contains "@example.edu"): imported unpublished.',
      'The completion condition "posts" was not kept.',
      'an older line without a key',
    ]);
    const zh = i18n.getFixedT('zh-cn', 'imports') as TFunction<'imports'>;
    expect(noteLines(zh, item)).toEqual([
      '受用户资料限制（email contains “@example.edu”）：已导入为未发布。',
      '完成条件“发帖”未保留。',
      'an older line without a key',
    ]);
    for (const lng of ['zh-tw', 'zh-mo']) {
      const lines = noteLines(i18n.getFixedT(lng, 'imports') as TFunction<'imports'>, item);
      expect(lines[1]).toMatch(/^完成條件“發帖”未保留。$/);
    }
  });

  it('a key the web does not know yet falls back to the English note', () => {
    const en = i18n.getFixedT('en-us', 'imports') as TFunction<'imports'>;
    expect(noteLines(en, { ...item, notes: ['something new'], note_keys: [{ key: 'not_a_key_yet', params: {} }] })).toEqual(['something new']);
  });
});
