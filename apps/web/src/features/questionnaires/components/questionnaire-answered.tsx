import { Alert, Typography } from 'antd';
import { Result } from '../../../components/result';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Questionnaire } from '@atrium/contracts';
import { answerKey, formValuesOfAnswers } from '../lib/answers';
import { legendIdOf, SubjectFieldset } from './subject-fieldset';
import { SubjectInput } from './subject-input';

/**
 * A questionnaire the learner has answered: thanks (just now) or "you answered on …", and in a
 * named questionnaire the learner's own answers, read-only. In an anonymous one the answers are
 * not linked to the learner, so they cannot be shown: it says so.
 */
export function QuestionnaireAnswered({
  questionnaire,
  submittedAt,
  isJustSubmitted,
}: {
  questionnaire: Questionnaire;
  /** When the learner answered (ISO-8601); `my_response.submitted_at`, or the submit's answer before it is read again. */
  submittedAt: string;
  isJustSubmitted: boolean;
}) {
  const { t } = useTranslation('questionnaires');
  const answers = questionnaire.my_response?.answers ?? null;
  const values = formValuesOfAnswers(answers);
  return (
    <div data-testid="questionnaire-answered">
      <Result
        status="success"
        title={isJustSubmitted ? t('answered.thanks') : t('answered.title')}
        subTitle={t('answered.on', { time: dayjs(submittedAt).format(TIME_FORMAT.display) })}
        style={{ paddingBlock: 24 }}
      />
      {questionnaire.anonymous ? (
        <Alert type="info" showIcon message={t('anonymous.answered')} />
      ) : answers ? (
        <section aria-labelledby="q-my-answers" className="q-readonly">
          <Typography.Title level={3} id="q-my-answers" style={{ fontSize: 16 }}>
            {t('answered.mine')}
          </Typography.Title>
          {questionnaire.subjects.map((subject, index) => (
            <SubjectFieldset key={subject.id} subject={subject} number={index + 1}>
              {values.answers[answerKey(subject.id)] === undefined ? (
                <Typography.Text type="secondary">{t('answered.skipped')}</Typography.Text>
              ) : (
                <SubjectInput subject={subject} value={values.answers[answerKey(subject.id)]} disabled labelledBy={legendIdOf(subject.id)} />
              )}
            </SubjectFieldset>
          ))}
        </section>
      ) : null}
    </div>
  );
}
