import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LaterReleaseState } from '../../../components/later-release-state';

/** The management sections of this release that are not built yet: Course management, Course audit, Plan. */
export type ManagementSection = 'course' | 'courseAudit' | 'plan';

/** Honest empty state for a management section that arrives in a later release; the section's name is the page's h1. */
export function ManagementSectionPage({ section }: { section: ManagementSection }) {
  const { t } = useTranslation('management');
  return (
    <Card>
      <LaterReleaseState title={t(`menu.${section}`)} description={t('laterRelease')} pageTitle />
    </Card>
  );
}
