import { useState } from 'react';
import { Empty, Space, Tabs, Tag, Typography } from 'antd';
import { Result } from '../../../components/result';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { forbiddenViewOfError } from '../../activities/lib/activity-rules';
import { useQuestionnaire } from '../api';
import { QuestionnaireAnswered } from './questionnaire-answered';
import { QuestionnaireForm } from './questionnaire-form';
import { ResultsView } from './results-view';
import { SubjectEditor } from './subject-editor';
import './questionnaires.css';

/** A load that failed: the access-forbidden result (not started, ended, locked …) or the usual error result. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('questionnaires');
  const forbidden = forbiddenViewOfError(error);
  if (forbidden) return <Result status="403" title={t(`activities:${forbidden.titleKey}`)} subTitle={forbidden.time ?? undefined} />;
  return <ApiErrorResult error={error} onRetry={onRetry} />;
}

/** The learner's side: the form, or once answered the answered state and, when the questionnaire shows them, its results. */
function LearnerQuestionnaire({ activityId, courseId }: { activityId: number; courseId: number }) {
  const { t } = useTranslation('questionnaires');
  const questionnaire = useQuestionnaire(activityId);
  const [submittedAt, setSubmittedAt] = useState<string | null>(null);
  if (questionnaire.isPending) return <PageSpinner minHeight={160} />;
  if (questionnaire.isError) return <LoadFailed error={questionnaire.error} onRetry={() => void questionnaire.refetch()} />;
  const data = questionnaire.data;
  const answeredAt = data.my_response?.submitted_at ?? submittedAt;
  if (answeredAt) {
    return (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <QuestionnaireAnswered questionnaire={data} submittedAt={answeredAt} isJustSubmitted={submittedAt !== null} />
        {data.show_results && data.my_response && (
          <section aria-labelledby="q-results-title">
            <Typography.Title level={3} id="q-results-title" style={{ fontSize: 16 }}>
              {t('results.title')}
            </Typography.Title>
            <ResultsView activityId={activityId} canExport={false} />
          </section>
        )}
      </Space>
    );
  }
  if (data.subjects.length === 0) return <Empty description={t('form.noSubjects')} />;
  return <QuestionnaireForm questionnaire={data} courseId={courseId} onSubmitted={setSubmittedAt} />;
}

/** The course team's side: subjects (add, edit, delete), results with charts and export, and a preview of the form. */
function TeamQuestionnaire({ activityId, courseId }: { activityId: number; courseId: number }) {
  const { t } = useTranslation('questionnaires');
  const questionnaire = useQuestionnaire(activityId);
  const [tab, setTab] = useState('subjects');
  if (questionnaire.isPending) return <PageSpinner minHeight={160} />;
  if (questionnaire.isError) return <LoadFailed error={questionnaire.error} onRetry={() => void questionnaire.refetch()} />;
  const data = questionnaire.data;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap size={[8, 4]} data-testid="questionnaire-settings">
        <Tag color={data.anonymous ? 'purple' : 'default'}>{data.anonymous ? t('settings.anonymousTag') : t('settings.namedTag')}</Tag>
        <Tag>{data.show_results ? t('settings.showResultsTag') : t('settings.hideResultsTag')}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('settings.whereToChange')}
        </Typography.Text>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'subjects',
            label: t('team.subjects', { count: data.subjects.length }),
            children: <SubjectEditor activityId={activityId} subjects={data.subjects} />,
          },
          { key: 'results', label: t('team.results'), children: <ResultsView activityId={activityId} canExport /> },
          {
            key: 'preview',
            label: t('team.preview'),
            children:
              data.subjects.length === 0 ? (
                <Empty description={t('form.noSubjects')} />
              ) : (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text type="secondary">{t('preview.hint')}</Typography.Text>
                  <QuestionnaireForm key={data.subjects.map((s) => s.id).join('-')} questionnaire={data} courseId={courseId} isPreview />
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}

/**
 * A questionnaire activity's own part (issue 15 §5; spec §2 `#/questionnaire/{id}` and its
 * full-screen route): for the course team (`isTeam`) the subjects, results and a preview; for
 * learners the form, or their answered state. `isTeam` undefined: not known yet (spinner).
 */
export function QuestionnairePanel({ activityId, courseId, isTeam }: { activityId: number; courseId: number; isTeam: boolean | undefined }) {
  if (isTeam === undefined) return <PageSpinner minHeight={160} />;
  return isTeam ? <TeamQuestionnaire activityId={activityId} courseId={courseId} /> : <LearnerQuestionnaire activityId={activityId} courseId={courseId} />;
}
