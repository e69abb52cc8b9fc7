import { useId, useState } from 'react';
import { Alert, Button, Divider, Flex, InputNumber, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarningRulesAnswer } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useSaveWarningRules, useWarningRules, type WarningRulesScope } from '../api';
import { RULE_BOUNDS, RULE_KEYS, RULE_NAME_OF, bodyOf, fieldsOf, isChanged, type RuleField, type RuleKey, type RulesDraft } from '../lib/rules-draft';

/** One number of a rule, with its visible label. */
function RuleNumber(props: {
  label: string;
  value: number | null;
  bounds: { min: number; max: number };
  disabled: boolean;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  const invalid = props.value === null || props.value < props.bounds.min || props.value > props.bounds.max;
  return (
    <Space size={6} align="center">
      <label htmlFor={id}>{props.label}</label>
      <InputNumber
        id={id}
        min={props.bounds.min}
        max={props.bounds.max}
        precision={0}
        value={props.value}
        disabled={props.disabled}
        status={!props.disabled && invalid ? 'error' : undefined}
        onChange={(value) => props.onChange(typeof value === 'number' ? value : null)}
        style={{ width: 96 }}
      />
    </Space>
  );
}

/** One rule of the form: its switch and name, where it comes from, what it looks at, and its numbers. */
function RuleRow(props: {
  ruleKey: RuleKey;
  field: RuleField;
  scope: WarningRulesScope;
  editable: boolean;
  own: boolean;
  inherit: boolean;
  changed: boolean;
  onChange: (field: RuleField) => void;
  onInherit: () => void;
}) {
  const { t } = useTranslation('warnings');
  const titleId = useId();
  const { ruleKey, field, scope } = props;
  const name = RULE_NAME_OF[ruleKey];
  const course = scope.kind === 'course';
  const source = props.inherit
    ? t(course ? 'rulesForm.source.pendingInherit' : 'rulesForm.source.pendingDefault')
    : props.own
      ? t(course ? 'rulesForm.source.course' : 'rulesForm.source.org')
      : t(course ? 'rulesForm.source.inherited' : 'rulesForm.source.default');
  const numbersOff = !props.editable || !field.on || props.inherit;
  return (
    <div role="group" aria-labelledby={titleId} data-testid="warning-rule" data-rule={ruleKey}>
      <Flex align="center" gap={8} wrap>
        <Switch
          aria-labelledby={titleId}
          checked={field.on}
          disabled={!props.editable || props.inherit}
          onChange={(on) => props.onChange({ ...field, on })}
          size="small"
        />
        <Typography.Text strong id={titleId}>
          {t(`rules.${name}`)}
        </Typography.Text>
        {!field.on && !props.inherit && <Typography.Text type="secondary">({t('rulesForm.off')})</Typography.Text>}
        <Tag color={props.own && !props.inherit ? 'blue' : undefined} data-testid="warning-rule-source">
          {source}
        </Tag>
        {props.changed && !props.inherit && <Tag color="gold">{t('rulesForm.changed')}</Tag>}
        {props.editable && props.own && !props.inherit && (
          <Button type="link" size="small" onClick={props.onInherit}>
            {t(course ? 'rulesForm.inherit' : 'rulesForm.useDefault')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        {t(`rulesForm.describe.${name}`)}
      </Typography.Paragraph>
      <Flex gap={16} wrap>
        {ruleKey === 'falling_scores' ? (
          <>
            <RuleNumber
              label={t('rulesForm.field.count')}
              value={field.count}
              bounds={RULE_BOUNDS.count}
              disabled={numbersOff}
              onChange={(count) => props.onChange({ ...field, count })}
            />
            <RuleNumber
              label={t('rulesForm.field.drop')}
              value={field.drop}
              bounds={RULE_BOUNDS.drop_percent}
              disabled={numbersOff}
              onChange={(drop) => props.onChange({ ...field, drop })}
            />
          </>
        ) : (
          <RuleNumber
            label={t(`rulesForm.field.${name}`)}
            value={field.value}
            bounds={RULE_BOUNDS[ruleKey]}
            disabled={numbersOff}
            onChange={(value) => props.onChange({ ...field, value })}
          />
        )}
      </Flex>
    </div>
  );
}

/** The form over one answer of the rules; its state starts again from each new answer (the parent keys it). */
function RulesEditor({ answer, scope, editable }: { answer: WarningRulesAnswer; scope: WarningRulesScope; editable: boolean }) {
  const { t } = useTranslation('warnings');
  const toast = useToast();
  const save = useSaveWarningRules(scope);
  const initial = (): RulesDraft => ({ fields: fieldsOf(answer.effective), touched: new Set(), inherit: new Set() });
  const [draft, setDraft] = useState<RulesDraft>(initial);
  const body = bodyOf(answer, draft);
  const dirty = RULE_KEYS.some((key) => isChanged(answer, draft, key));

  const edit = (key: RuleKey, field: RuleField) =>
    setDraft((d) => ({ fields: { ...d.fields, [key]: field }, touched: new Set(d.touched).add(key), inherit: d.inherit }));
  const inherit = (key: RuleKey) =>
    setDraft((d) => {
      const touched = new Set(d.touched);
      touched.delete(key);
      return { fields: { ...d.fields, [key]: fieldsOf(answer.effective)[key] }, touched, inherit: new Set(d.inherit).add(key) };
    });

  return (
    <>
      {!editable && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t(scope.kind === 'course' ? 'rulesForm.readOnly' : 'rulesForm.readOnlyOrg')}
          data-testid="warning-rules-read-only"
        />
      )}
      <Typography.Paragraph type="secondary">{t(scope.kind === 'course' ? 'rulesForm.courseIntro' : 'rulesForm.orgIntro')}</Typography.Paragraph>
      {RULE_KEYS.map((key, index) => (
        <div key={key}>
          {index > 0 && <Divider style={{ margin: '12px 0' }} />}
          <RuleRow
            ruleKey={key}
            field={draft.fields[key]}
            scope={scope}
            editable={editable}
            own={Object.hasOwn(answer.own, key)}
            inherit={draft.inherit.has(key)}
            changed={isChanged(answer, draft, key)}
            onChange={(field) => edit(key, field)}
            onInherit={() => inherit(key)}
          />
        </div>
      ))}
      {editable && (
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button
            type="primary"
            disabled={!dirty || body === undefined}
            loading={save.isPending}
            onClick={() => {
              if (!body) return;
              save.mutate(body, {
                onSuccess: () => {
                  setDraft({ fields: fieldsOf(answer.effective), touched: new Set(), inherit: new Set() });
                  toast.success(t('rulesForm.saved'));
                },
                onError: (error) => toast.error(error, t('rulesForm.saveFailed')),
              });
            }}
          >
            {t('rulesForm.save')}
          </Button>
          <Button disabled={!dirty || save.isPending} onClick={() => setDraft(initial())}>
            {t('rulesForm.discard')}
          </Button>
        </Flex>
      )}
    </>
  );
}

/**
 * The early-warning rules of a course or of the organisation (issue 25 item 4): each of the four with
 * its switch and numbers, the rule in force, and whether this level set it or it follows the level above
 * (the organisation's for a course, the defaults for the organisation); saved with `PUT …/warning-rules`.
 * `editable` false (a course's assistants) shows the rules without changing them.
 */
export function WarningRulesForm({ scope, editable }: { scope: WarningRulesScope; editable: boolean }) {
  const { t } = useTranslation('warnings');
  const rules = useWarningRules(scope);
  if (rules.isPending)
    return (
      <div role="status" aria-busy="true" aria-label={t('rulesForm.loading')} data-testid="warning-rules-loading">
        <Skeleton active />
      </div>
    );
  if (rules.isError) return <ApiErrorResult error={rules.error} onRetry={() => void rules.refetch()} />;
  return <RulesEditor key={JSON.stringify(rules.data)} answer={rules.data} scope={scope} editable={editable} />;
}
