import { Menu } from 'antd';
import { AppstoreOutlined, AuditOutlined, BookOutlined, CalendarOutlined, ProfileOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Sections of the management area (spec §2 Management routes), in menu order. */
export const MANAGEMENT_SECTIONS = [
  { key: '/management/', labelKey: 'menu.overview', icon: <AppstoreOutlined /> },
  { key: '/management/course', labelKey: 'menu.course', icon: <BookOutlined /> },
  { key: '/management/course/audit', labelKey: 'menu.courseAudit', icon: <AuditOutlined /> },
  { key: '/management/plan', labelKey: 'menu.plan', icon: <ProfileOutlined /> },
  { key: '/management/calendar-meeting', labelKey: 'menu.calendarMeeting', icon: <CalendarOutlined /> },
  { key: '/management/org-settings', labelKey: 'menu.orgSettings', icon: <SettingOutlined /> },
] as const;

/** The menu key of a management path: the longest section path it equals (trailing slash ignored). */
export function managementMenuKey(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const match = MANAGEMENT_SECTIONS.find((section) => section.key.replace(/\/+$/, '') === path);
  return match?.key ?? '/management/';
}

/** Side menu of the management area: Overview, Course management, Course audit, Plan. */
export function ManagementMenu() {
  const { t } = useTranslation('management');
  const location = useLocation();
  return (
    <Menu
      mode="inline"
      selectedKeys={[managementMenuKey(location.pathname)]}
      style={{ height: '100%', borderInlineEnd: 0 }}
      items={MANAGEMENT_SECTIONS.map((section) => ({
        key: section.key,
        icon: section.icon,
        label: <Link to={section.key}>{t(section.labelKey)}</Link>,
      }))}
    />
  );
}
