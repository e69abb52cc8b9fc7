import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A questionnaire activity's own settings in the activity form (issue 15 §5, `data.anonymous`,
 * `data.show_results`): anonymous (who answered is kept apart from what was answered) and
 * whether learners see the results after answering. Fields of the surrounding antd Form.
 */
export function QuestionnaireSettingsFields() {
  const { t } = useTranslation('questionnaires');
  return (
    <>
      <Form.Item name={['data', 'anonymous']} label={t('settings.anonymous')} valuePropName="checked" extra={t('settings.anonymousHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name={['data', 'show_results']} label={t('settings.showResults')} valuePropName="checked" extra={t('settings.showResultsHint')}>
        <Switch />
      </Form.Item>
    </>
  );
}
