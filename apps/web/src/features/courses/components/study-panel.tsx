import { useState } from 'react';
import { Button, Modal, Progress, Space, Typography } from 'antd';
import { Result } from '../../../components/result';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type StudyCompleteness } from '@atrium/contracts';
import { useAcknowledgeCompletion, useStudyCompleteness } from '../header-api';
import { accessForbiddenView, shouldShowCompletion } from '../lib/header-rules';

/**
 * A student's study completeness in the course header (spec §3, §6): percent,
 * last activity and when it was updated; "Continue study" opens the last activity
 * (`/course/{id}/learning-activity#/{id}`, else the content page) after checking view permission, otherwise the
 * access-forbidden popup (spec §2 titles). Reaching 100 shows the completion popup once per learner:
 * closing it acknowledges it on the server, so no other browser or reload shows it again (decision 0070).
 */
export function StudyPanel({ courseId }: { courseId: number }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const completeness = useStudyCompleteness(courseId, true);
  const [forbidden, setForbidden] = useState<StudyCompleteness | null>(null);
  const [completionClosed, setCompletionClosed] = useState(false);
  const acknowledge = useAcknowledgeCompletion(courseId);
  const percent = completeness.data?.study_completeness ?? 0;

  const completedOpen =
    !completionClosed && !!completeness.data && shouldShowCompletion(completeness.data.study_completeness, completeness.data.completion_popup_seen);

  const closeCompleted = () => {
    setCompletionClosed(true);
    acknowledge.mutate();
  };

  const onContinue = async () => {
    const fresh = (await completeness.refetch()).data;
    if (!fresh) return;
    if (!fresh.can_view) setForbidden(fresh);
    else if (fresh.last_activity?.id) void navigate(`/course/${courseId}/learning-activity#/${fresh.last_activity.id}`);
    else void navigate(`/course/${courseId}/content`);
  };

  const view = forbidden ? accessForbiddenView(forbidden) : null;
  const data = completeness.data;
  return (
    <Space wrap size={[16, 8]} data-testid="study-panel" aria-busy={completeness.isPending}>
      <Progress type="circle" size={48} percent={percent} aria-label={t('study.completeness')} />
      <Space direction="vertical" size={0}>
        <Typography.Text>
          {t('study.completeness')}: {percent}%
        </Typography.Text>
        <Typography.Text type="secondary">
          {data?.last_activity ? t('study.lastActivity', { title: data.last_activity.title }) : t('study.noActivity')}
        </Typography.Text>
        {data?.last_update_completeness_time && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('study.updated', { time: dayjs(data.last_update_completeness_time).format(TIME_FORMAT.display) })}
          </Typography.Text>
        )}
      </Space>
      <Button type="primary" onClick={() => void onContinue()} disabled={completeness.isPending}>
        {t('study.continue')}
      </Button>
      <Modal open={forbidden !== null} title={view ? t(view.titleKey) : ''} footer={null} onCancel={() => setForbidden(null)}>
        {view?.time && <Typography.Paragraph data-testid="forbidden-time">{view.time}</Typography.Paragraph>}
      </Modal>
      <Modal open={completedOpen} onCancel={closeCompleted} onOk={closeCompleted} cancelButtonProps={{ style: { display: 'none' } }}>
        <Result status="success" title={t('study.completedTitle')} subTitle={t('study.completedText')} />
      </Modal>
    </Space>
  );
}
