import { useId } from 'react';
import { Card, Empty, Flex, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/api';
import { isOrgAdmin } from '../../auth/lib/roles';
import { ManagedCoursePicker } from '../../management/components/managed-course-picker';
import { LearningStatsTabs } from '../../learning-stats/components/learning-stats-tabs';
import { learningHash, parseLearningHash, viewForOtherCourse } from '../../learning-stats/lib/learning-hash';
import { WarningList } from '../components/warning-list';
import { WarningRulesForm } from '../components/warning-rules-form';

/** The course of the page's hash `#/{courseId}/alert-list` (spec §2), or of any of its views (learning-stats/lib/learning-hash.ts), or null. */
export function courseIdOfHash(hash: string): number | null {
  return parseLearningHash(hash)?.courseId ?? null;
}

/** The hash of a course's alert list. */
export function alertListHash(courseId: number): string {
  return learningHash(courseId, { tab: 'alert-list' });
}

/**
 * `/management/learning-statistics/learning-progress#/{courseId}/alert-list` (issue 25 items 3 and 4, spec §2):
 * a course of the management list (`POST /api/courses`, searched by keyword) chosen into the hash, then its
 * learning statistics in tabs the hash drives — the dashboard (`#/{courseId}/overview`, also `#/{courseId}`),
 * the students table (`/students`) and one student (`/students/{userId}`), and the alert list (`/alert-list`:
 * the students the early-warning rules flag, with the reasons) — and for the organisation's admins the
 * organisation's rules (`PUT /api/org/warning-rules`), which its courses follow unless they set their own.
 */
export function LearningProgressPage() {
  const { t } = useTranslation(['warnings', 'learningStats']);
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const pickerId = useId();
  const chosenLocation = parseLearningHash(location.hash);
  const courseId = chosenLocation?.courseId ?? null;

  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 30 }}>
        {t('management.title')}
      </Typography.Title>
      <Flex vertical gap={16}>
        <Card
          title={
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t('learningStats:page.courseCard')}
            </Typography.Title>
          }
          extra={courseId !== null ? <Link to={`/course/${courseId}/warning`}>{t('management.openCourse')}</Link> : null}
        >
          <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
            <label htmlFor={pickerId}>{t('management.course')}</label>
            <ManagedCoursePicker
              id={pickerId}
              style={{ minWidth: 280, maxWidth: '100%', flex: 1 }}
              placeholder={t('management.coursePlaceholder')}
              value={courseId}
              onChange={(id) => {
                if (id !== null) void navigate({ hash: learningHash(id, viewForOtherCourse(chosenLocation?.view ?? null)) });
              }}
              failedText={t('management.coursesFailed')}
              testId="warning-course-picker"
            />
          </Flex>
          {chosenLocation !== null ? (
            <LearningStatsTabs
              key={chosenLocation.courseId}
              courseId={chosenLocation.courseId}
              view={chosenLocation.view}
              alertList={<WarningList courseId={chosenLocation.courseId} />}
              onNavigate={(hash) => void navigate({ hash })}
            />
          ) : (
            <Empty description={t('learningStats:page.chooseCourse')} data-testid="warning-no-course" />
          )}
        </Card>
        {isOrgAdmin(user) && (
          <Card
            title={
              <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                {t('management.orgRules')}
              </Typography.Title>
            }
          >
            <WarningRulesForm scope={{ kind: 'org' }} editable />
          </Card>
        )}
      </Flex>
    </section>
  );
}
