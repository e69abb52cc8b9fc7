import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ForbiddenResult } from '../../../components/status-results';
import { PageSpinner } from '../../../components/page-spinner';
import { useCourseHeader } from '../../courses/header-api';
import { canTeach } from '../../courses/lib/course-display';
import { useCourseContext } from '../../courses/pages/course-page';
import { WarningList } from '../components/warning-list';
import { WarningRulesForm } from '../components/warning-rules-form';

/**
 * `/course/{id}/warning` (issue 25 item 4, spec §2): the course's early warning, for its team and the
 * organisation's admins (the server answers 403 to others, the tab is theirs only): the students the rules
 * flag now with the reasons, and the course's rules — set by those who may edit the course (instructors,
 * admins: `header.can_manage`), shown read-only to assistants. The page's h1 is the course header's
 * (decision 0146: one per page), so this page's title is an h2, as the other course tabs'.
 */
export function CourseWarningPage() {
  const { t } = useTranslation('warnings');
  const course = useCourseContext();
  const header = useCourseHeader(course.id);
  const canSetRules = header.data?.can_manage ?? course.my_roles.includes('instructor');
  // The team's page (the header's TEAM_SECTIONS): others get one refusal, not one per call.
  const team = canTeach(course) || header.data?.can_manage === true;
  if (!team && header.isPending) return <PageSpinner />;
  if (!team) return <ForbiddenResult />;
  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('page.title')}
          </Typography.Title>
        }
      >
        <Typography.Paragraph type="secondary">{t('page.intro')}</Typography.Paragraph>
        <WarningList courseId={course.id} />
      </Card>
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('rulesForm.title')}
          </Typography.Title>
        }
      >
        <WarningRulesForm scope={{ kind: 'course', courseId: course.id }} editable={canSetRules} />
      </Card>
    </Flex>
  );
}
