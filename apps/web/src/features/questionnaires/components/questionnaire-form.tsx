import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Questionnaire, SubmitQuestionnaireBody } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useSubmitQuestionnaire } from '../api';
import { answerField, answerFieldOf, answerKey, answerProblem, isAnswered, responseBodyOf, type AnswerFormValues } from '../lib/answers';
import { legendIdOf, SubjectFieldset } from './subject-fieldset';
import { SubjectInput } from './subject-input';

/**
 * The learner's questionnaire form (issue 15 §5): every subject with its input and required
 * mark; the anonymous notice when answers are not linked to the learner. Submitting checks the
 * required subjects first (the form scrolls to the first one left), asks to confirm (answers
 * cannot be changed afterwards), then sends the answered subjects once. A 400 lands on the
 * subject it names (`answers[i].answer`), anything else above the button; a 409
 * QUESTIONNAIRE_ANSWERED says so and the questionnaire is read again (its answered state).
 * `isPreview` (the course team): the same checks, nothing is sent.
 */
export function QuestionnaireForm({
  questionnaire,
  courseId,
  isPreview = false,
  onSubmitted,
}: {
  questionnaire: Questionnaire;
  courseId: number;
  isPreview?: boolean;
  /** Called with the server's `submitted_at` after the answers were stored. */
  onSubmitted?: (submittedAt: string) => void;
}) {
  const { t } = useTranslation('questionnaires');
  const { modal } = App.useApp();
  const toast = useToast();
  const [form] = Form.useForm<AnswerFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitQuestionnaire(questionnaire.activity_id, courseId);
  const subjects = questionnaire.subjects;
  const answers = Form.useWatch('answers', form) as AnswerFormValues['answers'] | undefined;
  const answeredCount = subjects.filter((s) => isAnswered(s, answers?.[answerKey(s.id)])).length;

  const send = async (body: SubmitQuestionnaireBody) => {
    setFormError(null);
    try {
      const stored = await submit.mutateAsync(body);
      onSubmitted?.(stored.submitted_at);
    } catch (error) {
      if (isApiError(error, 409) && error.code === 'QUESTIONNAIRE_ANSWERED') {
        toast.info(t('form.alreadyAnswered'));
        return;
      }
      const shown = showFieldErrors(form, error, { nameOf: answerFieldOf(body) });
      if (shown.fieldErrors[0]) form.scrollToField(shown.fieldErrors[0].name, { block: 'center' });
      setFormError(shown.rest ?? (shown.fieldErrors.length > 0 ? null : isApiError(error, 0) ? t('form.network') : t('form.submitFailed')));
    }
  };

  const confirm = () => {
    setFormError(null);
    const body = responseBodyOf(subjects, form.getFieldsValue(true) as AnswerFormValues);
    if (isPreview) {
      toast.info(t('preview.notSent'));
      return;
    }
    modal.confirm({
      title: t('form.confirmTitle'),
      content: t('form.confirmText', { answered: body.answers.length, total: subjects.length }),
      okText: t('form.submit'),
      cancelText: t('form.cancel'),
      onOk: () => send(body),
    });
  };

  return (
    <Form
      form={form}
      name={`questionnaire-${questionnaire.activity_id}`}
      layout="vertical"
      initialValues={{ answers: {} }}
      scrollToFirstError={{ block: 'center' }}
      onFinish={confirm}
      onFinishFailed={({ errorFields }) => setFormError(t('form.missing', { count: errorFields.length }))}
      className="q-form"
    >
      {questionnaire.anonymous && <Alert type="info" showIcon message={t('anonymous.notice')} style={{ marginBottom: 16 }} data-testid="anonymous-notice" />}
      {subjects.map((subject, index) => (
        <SubjectFieldset key={subject.id} subject={subject} number={index + 1}>
          <Form.Item
            name={answerField(subject.id)}
            rules={[
              {
                validator: (_rule, value: AnswerFormValues['answers'][string]) => {
                  const problem = answerProblem(subject, value);
                  return problem ? Promise.reject(new Error(t(`form.problem.${problem}`))) : Promise.resolve();
                },
              },
            ]}
            style={{ marginBottom: 0 }}
          >
            <SubjectInput subject={subject} labelledBy={legendIdOf(subject.id)} />
          </Form.Item>
        </SubjectFieldset>
      ))}
      {formError && <Alert type="error" showIcon message={formError} role="alert" style={{ marginBottom: 12 }} data-testid="questionnaire-form-error" />}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" aria-live="polite">
          {t('form.progress', { answered: answeredCount, total: subjects.length })}
        </Typography.Text>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={submit.isPending} data-testid="questionnaire-submit">
          {isPreview ? t('preview.check') : t('form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
