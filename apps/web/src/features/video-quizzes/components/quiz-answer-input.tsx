import { Checkbox, Flex, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, VideoQuizLearnerSubject } from '@atrium/contracts';
import { RichHtml } from '../../activities/components/views/rich-html';

const strings = (value: AnswerValue | undefined): string[] => (Array.isArray(value) ? value : []);
const text = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const matches = (value: AnswerValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
/** An option's rich text as plain text (for a select's labels). */
const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** True when `value` is an answer worth sending for `subject` (something chosen or written). */
export function hasAnswer(subject: Pick<VideoQuizLearnerSubject, 'type'>, value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return subject.type === 'fill_in_blank' ? value.some((v) => v.trim() !== '') : value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * The answer input of one video quiz subject by type, in the exam answer shapes (issue 15):
 * radios for single choice and true/false, checkboxes for multiple choice, one line per blank of
 * a fill-in-blank (`[[n]]` in the description), a line for short answers and numbers (with the
 * accepted units), a select per matching prompt, a text area for an essay; nothing for a
 * description. `labelId` is the id of the element naming the subject.
 */
export function QuizAnswerInput({
  subject,
  value,
  onChange,
  labelId,
  disabled,
}: {
  subject: VideoQuizLearnerSubject;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  labelId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('videoQuizzes');
  switch (subject.type) {
    case 'single_selection':
      return (
        <Radio.Group
          aria-labelledby={labelId}
          value={typeof value === 'string' ? value : undefined}
          onChange={(e) => onChange(e.target.value as string)}
          disabled={disabled}
        >
          <Space orientation="vertical">
            {(subject.options ?? []).map((option) => (
              <Radio key={option.id} value={option.id}>
                <RichHtml html={option.content} />
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'multiple_selection':
      return (
        <Checkbox.Group aria-labelledby={labelId} value={strings(value)} onChange={(checked) => onChange(checked as string[])} disabled={disabled}>
          <Space orientation="vertical">
            {(subject.options ?? []).map((option) => (
              <Checkbox key={option.id} value={option.id}>
                <RichHtml html={option.content} />
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'true_or_false':
      return (
        <Radio.Group
          aria-labelledby={labelId}
          value={typeof value === 'boolean' ? String(value) : undefined}
          onChange={(e) => onChange(e.target.value === 'true')}
          disabled={disabled}
          options={[
            { value: 'true', label: t('answer.true') },
            { value: 'false', label: t('answer.false') },
          ]}
        />
      );
    case 'fill_in_blank': {
      const count = Math.max(1, subject.blank_count ?? 1);
      const answers = Array.from({ length: count }, (_, i) => strings(value)[i] ?? '');
      return (
        <Flex vertical gap={8}>
          {answers.map((answer, i) => (
            <Space key={i}>
              <Typography.Text>{t('answer.blank', { n: i + 1 })}</Typography.Text>
              <Input
                aria-label={t('answer.blank', { n: i + 1 })}
                maxLength={500}
                value={answer}
                disabled={disabled}
                onChange={(e) => onChange(answers.map((a, j) => (j === i ? e.target.value : a)))}
              />
            </Space>
          ))}
        </Flex>
      );
    }
    case 'short_answer':
      return (
        <Input
          aria-labelledby={labelId}
          maxLength={2000}
          value={text(value)}
          placeholder={t('answer.placeholder')}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'numerical': {
      const units = subject.units ?? [];
      return (
        <Space orientation="vertical" size={4}>
          <Input
            aria-labelledby={labelId}
            inputMode="decimal"
            maxLength={100}
            style={{ maxWidth: 240 }}
            value={text(value)}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
          />
          <Typography.Text type="secondary">{units.length > 0 ? t('answer.unitsHint', { units: units.join(', ') }) : t('answer.numberHint')}</Typography.Text>
        </Space>
      );
    }
    case 'matching': {
      const given = matches(value);
      return (
        <Flex vertical gap={8}>
          {(subject.prompts ?? []).map((prompt) => {
            const promptId = `${labelId}-prompt-${prompt.id}`;
            return (
              <Flex key={prompt.id} gap={12} align="center" wrap>
                <div id={promptId}>
                  <RichHtml html={prompt.prompt} />
                </div>
                <Select
                  aria-labelledby={promptId}
                  allowClear
                  disabled={disabled}
                  placeholder={t('answer.choose')}
                  style={{ minWidth: 200 }}
                  value={given[prompt.id] || undefined}
                  onChange={(choice?: string) => {
                    const next = { ...given };
                    if (choice) next[prompt.id] = choice;
                    else delete next[prompt.id];
                    onChange(next);
                  }}
                  options={(subject.choices ?? []).map((choice) => ({ value: choice.id, label: plain(choice.content) }))}
                />
              </Flex>
            );
          })}
        </Flex>
      );
    }
    case 'essay':
      return (
        <Input.TextArea
          aria-labelledby={labelId}
          rows={5}
          maxLength={20_000}
          value={text(value)}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'description':
      return null;
  }
}
