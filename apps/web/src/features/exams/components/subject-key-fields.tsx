import { Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Space, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, FontColorsOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SubjectType } from '@atrium/contracts';
import type { SubjectFormValues } from '../lib/subject-form';
import { OptionTextInput } from './option-text-input';

/** A tag input (type, Enter): accepted answers, distractors. */
function TagsInput(props: { value?: string[]; onChange?: (value: string[]) => void; 'aria-label': string; placeholder?: string; id?: string }) {
  return <Select mode="tags" open={false} suffixIcon={null} style={{ width: '100%' }} {...props} />;
}

const letter = (i: number) => String.fromCharCode(65 + (i % 26));

/** A button that moves an option's text into the rich-text editor (`rich` on), for formatting and formulas. */
function FormatButton({ form, index, label }: { form: FormInstance<SubjectFormValues>; index: number; label: string }) {
  return (
    <Button type="text" icon={<FontColorsOutlined />} aria-label={label} title={label} onClick={() => form.setFieldValue(['options', index, 'rich'], true)} />
  );
}

/**
 * Options of a selection subject: text and whether each is right; single selection keeps one
 * right option. An option holding markup (imported HTML) is edited in the rich-text editor, and
 * any option can be moved there for formatting.
 */
function OptionFields({ form, isSingle }: { form: FormInstance<SubjectFormValues>; isSingle: boolean }) {
  const { t } = useTranslation('exams');
  const options = Form.useWatch('options', { form, preserve: true }) as SubjectFormValues['options'];
  return (
    <Form.List name="options">
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="exam-form-group">
          <legend>{t('form.options')}</legend>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item name={[field.name, 'is_answer']} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox
                  aria-label={t('form.optionRight', { letter: letter(i) })}
                  onChange={(event) => {
                    if (!isSingle || !event.target.checked) return;
                    const options = form.getFieldValue('options') as SubjectFormValues['options'];
                    form.setFieldValue(
                      'options',
                      (options ?? []).map((o, j) => ({ ...o, is_answer: j === i })),
                    );
                  }}
                >
                  {letter(i)}
                </Checkbox>
              </Form.Item>
              <Form.Item
                name={[field.name, 'content']}
                style={{ flex: 1, marginBottom: 8, minWidth: 0 }}
                rules={[{ required: true, whitespace: true, message: t('form.optionRequired') }]}
              >
                <OptionTextInput isRich={options?.[field.name]?.rich === true} aria-label={t('form.optionText', { letter: letter(i) })} />
              </Form.Item>
              {options?.[field.name]?.rich !== true && <FormatButton form={form} index={field.name} label={t('form.formatOption', { letter: letter(i) })} />}
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('form.removeOption', { letter: letter(i) })}
                disabled={fields.length <= 2}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {isSingle ? t('form.optionsHintSingle') : t('form.optionsHintMultiple')}
          </Typography.Paragraph>
          <Button icon={<PlusOutlined />} onClick={() => add({ content: '', is_answer: false, rich: false })} disabled={fields.length >= 26}>
            {t('form.addOption')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}

/** Accepted answers per blank (tags), added one blank at a time with its `[[n]]` marker at the end of the text. */
function BlankFields({ form }: { form: FormInstance<SubjectFormValues> }) {
  const { t } = useTranslation('exams');
  return (
    <>
      <Form.List name="blanks">
        {(fields, { add, remove }, { errors }) => (
          <fieldset className="exam-form-group">
            <legend>{t('form.blanks')}</legend>
            {fields.map((field, i) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={[field.name]}
                  label={t('form.blankAccepted', { n: i + 1 })}
                  style={{ flex: 1, marginBottom: 8 }}
                  rules={[{ required: true, type: 'array', min: 1, message: t('form.blankRequired') }]}
                >
                  <TagsInput aria-label={t('form.blankAccepted', { n: i + 1 })} placeholder={t('form.tagsPlaceholder')} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('form.removeBlank', { n: i + 1 })}
                  disabled={fields.length <= 1 || i !== fields.length - 1}
                  onClick={() => remove(field.name)}
                  style={{ marginTop: 30 }}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined />}
              onClick={() => {
                const n = fields.length + 1;
                const description = (form.getFieldValue('description') as string | undefined) ?? '';
                if (!description.includes(`[[${n}]]`)) {
                  const marker = `[[${n}]]`;
                  form.setFieldValue(
                    'description',
                    /<\/p>\s*$/.test(description) ? description.replace(/<\/p>\s*$/, ` ${marker}</p>`) : `${description}<p>${marker}</p>`,
                  );
                }
                add([]);
              }}
            >
              {t('form.addBlank')}
            </Button>
          </fieldset>
        )}
      </Form.List>
      <Form.Item name="case_sensitive" valuePropName="checked">
        <Checkbox>{t('form.caseSensitive')}</Checkbox>
      </Form.Item>
    </>
  );
}

/** Accepted numbers with their absolute tolerance, and the units a learner may write (with their multipliers). */
function NumericalFields() {
  const { t } = useTranslation('exams');
  return (
    <>
      <Form.List name="numerical_answers">
        {(fields, { add, remove }, { errors }) => (
          <fieldset className="exam-form-group">
            <legend>{t('form.numbers')}</legend>
            {fields.map((field, i) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item name={[field.name, 'value']} rules={[{ required: true, message: t('form.numberRequired') }]} style={{ marginBottom: 8 }}>
                  <InputNumber aria-label={t('form.numberValue', { n: i + 1 })} placeholder={t('form.value')} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'tolerance']} style={{ marginBottom: 8 }}>
                  <InputNumber
                    aria-label={t('form.numberTolerance', { n: i + 1 })}
                    placeholder={t('form.tolerance')}
                    min={0}
                    prefix="±"
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('form.removeNumber', { n: i + 1 })}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Button icon={<PlusOutlined />} onClick={() => add({ value: 0, tolerance: 0 })}>
              {t('form.addNumber')}
            </Button>
          </fieldset>
        )}
      </Form.List>
      <Form.List name="units">
        {(fields, { add, remove }, { errors }) => (
          <fieldset className="exam-form-group">
            <legend>{t('form.units')}</legend>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('form.unitsHint')}
            </Typography.Paragraph>
            {fields.map((field, i) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item
                  name={[field.name, 'unit']}
                  rules={[{ required: true, whitespace: true, message: t('form.unitRequired') }]}
                  style={{ marginBottom: 8 }}
                >
                  <Input aria-label={t('form.unitName', { n: i + 1 })} placeholder={t('form.unit')} maxLength={30} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'multiplier']} style={{ marginBottom: 8 }}>
                  <InputNumber
                    aria-label={t('form.unitMultiplier', { n: i + 1 })}
                    placeholder={t('form.multiplier')}
                    min={0}
                    prefix="×"
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('form.removeUnit', { n: i + 1 })} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Button icon={<PlusOutlined />} onClick={() => add({ unit: '', multiplier: 1 })}>
              {t('form.addUnit')}
            </Button>
          </fieldset>
        )}
      </Form.List>
    </>
  );
}

/** Prompts with their answers (a prompt holding markup in the rich-text editor), and the distractors offered beside them. */
function MatchingFields({ form }: { form: FormInstance<SubjectFormValues> }) {
  const { t } = useTranslation('exams');
  const pairs = Form.useWatch('pairs', { form, preserve: true }) as SubjectFormValues['pairs'];
  return (
    <>
      <Form.List name="pairs">
        {(fields, { add, remove }, { errors }) => (
          <fieldset className="exam-form-group">
            <legend>{t('form.pairs')}</legend>
            <div className="exam-form-columns" aria-hidden="true">
              <span style={{ flex: 2, minWidth: 200 }}>{t('form.prompt')}</span>
              <span style={{ flex: 1, minWidth: 160, marginRight: 40 }}>{t('form.match')}</span>
            </div>
            {fields.map((field, i) => (
              <Flex key={field.key} gap={8} align="start" wrap>
                <Form.Item
                  name={[field.name, 'prompt']}
                  rules={[{ required: true, whitespace: true, message: t('form.promptRequired') }]}
                  style={{ flex: 2, minWidth: 200, marginBottom: 8 }}
                >
                  <OptionTextInput isRich={pairs?.[field.name]?.rich === true} aria-label={t('form.pairPrompt', { n: i + 1 })} placeholder={t('form.prompt')} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'answer']}
                  rules={[{ required: true, whitespace: true, message: t('form.pairAnswerRequired') }]}
                  style={{ flex: 1, minWidth: 160, marginBottom: 8 }}
                >
                  <Input aria-label={t('form.pairAnswer', { n: i + 1 })} placeholder={t('form.match')} maxLength={500} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('form.removePair', { n: i + 1 })}
                  disabled={fields.length <= 2}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <Button icon={<PlusOutlined />} onClick={() => add({ prompt: '', answer: '', rich: false })}>
              {t('form.addPair')}
            </Button>
          </fieldset>
        )}
      </Form.List>
      <Form.Item name="distractors" label={t('form.distractors')} extra={t('form.distractorsHint')}>
        <TagsInput aria-label={t('form.distractors')} placeholder={t('form.tagsPlaceholder')} />
      </Form.Item>
    </>
  );
}

/** The answer-key fields of a subject type (issue 15 CreateSubjectBodySchema): nothing for essays and descriptions. */
export function SubjectKeyFields({ type, form }: { type: SubjectType; form: FormInstance<SubjectFormValues> }) {
  const { t } = useTranslation('exams');
  switch (type) {
    case 'single_selection':
    case 'multiple_selection':
      return <OptionFields form={form} isSingle={type === 'single_selection'} />;
    case 'true_or_false':
      return (
        <Form.Item name="answer" label={t('form.trueOrFalse')}>
          <Radio.Group
            options={[
              { value: true, label: t('answer.true') },
              { value: false, label: t('answer.false') },
            ]}
          />
        </Form.Item>
      );
    case 'fill_in_blank':
      return <BlankFields form={form} />;
    case 'short_answer':
      return (
        <>
          <Form.Item name="accepted" label={t('form.accepted')} extra={t('form.acceptedHint')}>
            <TagsInput aria-label={t('form.accepted')} placeholder={t('form.tagsPlaceholder')} />
          </Form.Item>
          <Form.Item name="case_sensitive" valuePropName="checked">
            <Checkbox>{t('form.caseSensitive')}</Checkbox>
          </Form.Item>
        </>
      );
    case 'numerical':
      return <NumericalFields />;
    case 'matching':
      return <MatchingFields form={form} />;
    case 'essay':
      return <Typography.Paragraph type="secondary">{t('form.essayHint')}</Typography.Paragraph>;
    case 'description':
      return <Typography.Paragraph type="secondary">{t('form.descriptionHint')}</Typography.Paragraph>;
    default:
      return null;
  }
}
