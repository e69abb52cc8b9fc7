import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LaterReleaseState } from '../../../components/later-release-state';
import type { CourseSection } from '../components/course-header';

/** A course sub-page that arrives in a later release (content, outline, score, enrolments, warning, resource, forum). */
export function CourseSectionPage({ section }: { section: Exclude<CourseSection, ''> }) {
  const { t } = useTranslation('courses');
  return (
    <Card>
      <LaterReleaseState title={t(`sections.${section}`)} description={t('sections.laterRelease')} />
    </Card>
  );
}
