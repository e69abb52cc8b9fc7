import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/api';
import { mayOpenManagementSection } from '../../../app/layouts/management-menu';

const SECTION_LINKS = [
  { to: '/management/course', titleKey: 'menu.course', textKey: 'overview.courseText', audience: 'manager' },
  { to: '/management/course/audit', titleKey: 'menu.courseAudit', textKey: 'overview.auditText', audience: 'manager' },
  { to: '/management/plan', titleKey: 'menu.plan', textKey: 'overview.planText', audience: 'admin' },
] as const;

/** `/management/`: the administrator's overview of their organisation with links to each section the user may open. */
export function ManagementOverviewPage() {
  const { t } = useTranslation('management');
  const { data: user } = useCurrentUser();
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 30 }}>
        {t('overview.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('overview.org', { org: user?.org.name ?? '' })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {SECTION_LINKS.filter((link) => mayOpenManagementSection(user, link.audience)).map((link) => (
          <Col key={link.to} xs={24} md={8}>
            <Link to={link.to}>
              <Card hoverable title={t(link.titleKey)}>
                {t(link.textKey)}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}
