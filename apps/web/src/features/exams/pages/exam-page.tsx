import { useState } from 'react';
import { Button, Space } from 'antd';
import { EyeOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Activity } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ExamLearnerView } from '../components/exam-learner-view';
import { ScoreList } from '../components/score-list';
import { SubjectList } from '../components/subject-list';
import '../components/exams.css';

/**
 * An exam activity's own part of the learning-activity page (issue 15; spec §2 `#/exam/{id}`,
 * `#/exam/{id}/score-list`): for the course team (`isTeam`: may edit the content, not previewing
 * as a student) the subjects with their keys, a link to the score list, and a preview that takes
 * the exam as a learner would (the server keeps team attempts as previews); on the score-list
 * hash, the score list. For learners, the start / resume card, the attempt and its result.
 * `isTeam` undefined: not known yet (spinner).
 */
export function ExamPage({ activity, isTeam, isScoreList }: { activity: Activity; isTeam: boolean | undefined; isScoreList: boolean }) {
  const { t } = useTranslation('exams');
  const navigate = useNavigate();
  const [isPreview, setPreview] = useState(false);
  if (isTeam === undefined) return <PageSpinner minHeight={160} />;
  if (!isTeam) return <ExamLearnerView activity={activity} />;
  if (isScoreList) return <ScoreList activityId={activity.id} backTo={`#/exam/${activity.id}`} />;
  if (isPreview) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Button icon={<UnorderedListOutlined />} onClick={() => setPreview(false)}>
          {t('team.backToSubjects')}
        </Button>
        <ExamLearnerView activity={activity} />
      </Space>
    );
  }
  return (
    <SubjectList
      courseId={activity.course_id}
      activityId={activity.id}
      extra={
        <>
          <Button icon={<OrderedListOutlined />} onClick={() => void navigate({ hash: `/exam/${activity.id}/score-list` })} data-testid="score-list-link">
            {t('team.scoreList')}
          </Button>
          <Button icon={<EyeOutlined />} onClick={() => setPreview(true)}>
            {t('team.preview')}
          </Button>
        </>
      }
    />
  );
}
