import { Checkbox, Flex, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, AttemptSubject } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { RichHtml } from '../../activities/components/views/rich-html';
import { plainText } from '../lib/answers';
import { FillInBlankInput } from './fill-in-blank-input';

const strings = (value: AnswerValue | undefined): string[] => (Array.isArray(value) ? value : []);
const text = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const matches = (value: AnswerValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};

/** An option's rich text inline in its radio or checkbox label. */
function OptionLabel({ html }: { html: string }) {
  return (
    <span className="exam-option">
      <RichHtml html={html} />
    </span>
  );
}

/**
 * The answer input of one attempt subject by type (issue 15): single selection radios, multiple
 * selection checkboxes, true/false radios, fill-in-blank inputs inside the description (which it
 * then shows itself), a short-answer line, a numerical line with its units, a select per matching
 * prompt, the rich-text editor for an essay; nothing for a description. `labelId` names the
 * subject (its legend) for the inputs that have no label of their own.
 */
export function SubjectAnswerInput({
  subject,
  value,
  onChange,
  labelId,
  descriptionId,
  disabled,
}: {
  subject: AttemptSubject;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  labelId: string;
  descriptionId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('exams');
  switch (subject.type) {
    case 'single_selection':
      return (
        <Radio.Group value={typeof value === 'string' ? value : undefined} onChange={(event) => onChange(event.target.value as string)} disabled={disabled}>
          <Space orientation="vertical">
            {(subject.options ?? []).map((option) => (
              <Radio key={option.id} value={option.id}>
                <OptionLabel html={option.content} />
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'multiple_selection':
      return (
        <Checkbox.Group value={strings(value)} onChange={(checked) => onChange(checked as string[])} disabled={disabled}>
          <Space orientation="vertical">
            {(subject.options ?? []).map((option) => (
              <Checkbox key={option.id} value={option.id}>
                <OptionLabel html={option.content} />
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'true_or_false':
      return (
        <Radio.Group
          value={typeof value === 'boolean' ? String(value) : undefined}
          onChange={(event) => onChange(event.target.value === 'true')}
          disabled={disabled}
          options={[
            { value: 'true', label: t('answer.true') },
            { value: 'false', label: t('answer.false') },
          ]}
        />
      );
    case 'fill_in_blank':
      return (
        <FillInBlankInput
          description={subject.description}
          blankCount={subject.blank_count ?? 1}
          blankChoices={subject.blank_choices}
          value={strings(value)}
          onChange={onChange}
          descriptionId={descriptionId}
          disabled={disabled}
        />
      );
    case 'short_answer':
      return (
        <Input
          aria-labelledby={labelId}
          maxLength={2000}
          value={text(value)}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('answer.shortPlaceholder')}
          disabled={disabled}
        />
      );
    case 'numerical': {
      const hintId = `${labelId}-units`;
      const units = subject.units ?? [];
      return (
        <Space orientation="vertical" size={4}>
          <Input
            aria-labelledby={labelId}
            aria-describedby={hintId}
            inputMode="decimal"
            maxLength={100}
            style={{ maxWidth: 280 }}
            value={text(value)}
            onChange={(event) => onChange(event.target.value)}
            disabled={disabled}
          />
          <Typography.Text type="secondary" id={hintId}>
            {units.length > 0 ? t('answer.unitsHint', { units: units.join(', ') }) : t('answer.numberHint')}
          </Typography.Text>
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
              <Flex key={prompt.id} gap={12} align="center" wrap className="exam-match-row">
                <div id={promptId} className="exam-match-prompt">
                  <RichHtml html={prompt.prompt} />
                </div>
                <Select
                  aria-labelledby={promptId}
                  allowClear
                  disabled={disabled}
                  placeholder={t('answer.choose')}
                  style={{ minWidth: 220 }}
                  value={given[prompt.id] || undefined}
                  onChange={(choice?: string) => {
                    const next = { ...given };
                    if (choice) next[prompt.id] = choice;
                    else delete next[prompt.id];
                    onChange(Object.keys(next).length > 0 ? next : null);
                  }}
                  options={(subject.choices ?? []).map((choice) => ({ value: choice.id, label: plainText(choice.content) }))}
                  data-testid={`match-${prompt.id}`}
                />
              </Flex>
            );
          })}
        </Flex>
      );
    }
    case 'essay':
      return <LazyRichTextEditor aria-label={t('answer.essayLabel')} value={text(value)} onChange={onChange} minHeight={160} />;
    default:
      return null;
  }
}
