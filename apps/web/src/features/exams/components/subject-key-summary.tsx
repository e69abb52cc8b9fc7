import { Space, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Subject } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';
import { plainText } from '../lib/answers';

/** A subject's answer key at a glance for the course team: right options marked, accepted answers, numbers ± tolerance, pairs; a random draw's count and category. */
export function SubjectKeySummary({ subject, categoryName }: { subject: Subject; categoryName?: string }) {
  const { t } = useTranslation('exams');
  const tags = (items: readonly string[]) =>
    items.length > 0 ? items.map((item, i) => <Tag key={i}>{item}</Tag>) : <Typography.Text type="secondary">—</Typography.Text>;
  switch (subject.type) {
    case 'single_selection':
    case 'multiple_selection':
      return (
        <ol className="exam-key-options" type="A">
          {(subject.options ?? []).map((option) => (
            <li key={option.id} className={option.is_answer ? 'exam-key-right' : undefined}>
              <Space size={4} align="start">
                <RichHtml html={option.content} />
                {option.is_answer && <CheckOutlined aria-label={t('key.right')} style={{ color: '#52c41a' }} />}
              </Space>
            </li>
          ))}
        </ol>
      );
    case 'true_or_false':
      return <Typography.Text>{t('key.answerIs', { answer: subject.answer ? t('answer.true') : t('answer.false') })}</Typography.Text>;
    case 'fill_in_blank':
      return (
        <Space orientation="vertical" size={2}>
          {(subject.answers ?? []).map((accepted, i) => (
            <span key={i}>
              <Typography.Text type="secondary">{t('answer.blankLabel', { n: i + 1 })}</Typography.Text> {tags(accepted)}
            </span>
          ))}
          {subject.case_sensitive && <Typography.Text type="secondary">{t('form.caseSensitive')}</Typography.Text>}
        </Space>
      );
    case 'short_answer':
      return (subject.answers?.[0]?.length ?? 0) > 0 ? (
        <span>
          <Typography.Text type="secondary">{t('form.accepted')}:</Typography.Text> {tags(subject.answers?.[0] ?? [])}
        </span>
      ) : (
        <Typography.Text type="secondary">{t('key.gradedByTeam')}</Typography.Text>
      );
    case 'numerical':
      return (
        <span>
          {(subject.numerical_answers ?? []).map((n, i) => (
            <Tag key={i}>{n.tolerance ? `${n.value} ± ${n.tolerance}` : String(n.value)}</Tag>
          ))}
          {(subject.units ?? []).length > 0 && (
            <Typography.Text type="secondary">{t('answer.unitsHint', { units: (subject.units ?? []).map((u) => u.unit).join(', ') })}</Typography.Text>
          )}
        </span>
      );
    case 'matching':
      return (
        <Space orientation="vertical" size={2}>
          {(subject.pairs ?? []).map((pair) => (
            <span key={pair.id}>
              {plainText(pair.prompt)} → <Typography.Text strong>{pair.answer}</Typography.Text>
            </span>
          ))}
          {(subject.distractors ?? []).length > 0 && (
            <span>
              <Typography.Text type="secondary">{t('form.distractors')}:</Typography.Text> {tags(subject.distractors ?? [])}
            </span>
          )}
        </Space>
      );
    case 'essay':
      return <Typography.Text type="secondary">{t('key.gradedByTeam')}</Typography.Text>;
    case 'random': {
      // A bank draw: how many subjects each attempt draws, and from which category.
      const count = subject.count ?? 1;
      return (
        <Typography.Text type="secondary">{categoryName ? t('key.drawsFrom', { count, category: categoryName }) : t('key.draws', { count })}</Typography.Text>
      );
    }
    default:
      return null;
  }
}
