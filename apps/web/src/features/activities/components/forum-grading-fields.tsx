import { Flex, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORUM_GRADING_DEFAULTS } from '../lib/forum-grading';

/**
 * A forum's grading (issue 18 §1) in the activity form: off, or on participation — the points of
 * a full score and the number of posts (topics and replies) that earn it; fewer posts earn their
 * share. Fields of the surrounding form (`data.grading`).
 */
export function ForumGradingFields() {
  const { t } = useTranslation('activities');
  const form = Form.useFormInstance();
  const type = Form.useWatch(['data', 'grading', 'type'], form) as string | undefined;
  return (
    <fieldset data-testid="forum-grading" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 16px 0', margin: '0 0 24px', minWidth: 0 }}>
      <legend style={{ width: 'auto', padding: '0 6px', margin: 0, border: 0, fontSize: 14 }}>{t('forum.grading')}</legend>
      <Form.Item name={['data', 'grading', 'type']} label={t('forum.gradingType')}>
        <Select
          style={{ maxWidth: 320 }}
          options={[
            { value: 'none', label: t('forum.gradingNone') },
            { value: 'participation', label: t('forum.gradingParticipation') },
          ]}
          onChange={(value: string) => {
            if (value !== 'participation') return;
            const current = form.getFieldValue(['data', 'grading']) as { max_score?: number | null; posts_for_full?: number | null } | undefined;
            form.setFieldsValue({
              data: {
                grading: {
                  type: 'participation',
                  max_score: current?.max_score ?? FORUM_GRADING_DEFAULTS.max_score,
                  posts_for_full: current?.posts_for_full ?? FORUM_GRADING_DEFAULTS.posts_for_full,
                },
              },
            });
          }}
        />
      </Form.Item>
      {type === 'participation' && (
        <Flex gap={16} wrap>
          <Form.Item
            name={['data', 'grading', 'max_score']}
            label={t('forum.maxScore')}
            rules={[{ required: true, type: 'number', min: 0.01, max: 1000, message: t('forum.maxScoreRange') }]}
            style={{ flex: '1 1 200px' }}
          >
            <InputNumber min={0.01} max={1000} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name={['data', 'grading', 'posts_for_full']}
            label={t('forum.postsForFull')}
            extra={t('forum.postsForFullHint')}
            rules={[{ required: true, type: 'integer', min: 1, max: 1000, message: t('forum.postsForFullRange') }]}
            style={{ flex: '1 1 280px' }}
          >
            <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Flex>
      )}
    </fieldset>
  );
}
