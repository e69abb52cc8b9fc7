import type { ReactNode } from 'react';
import { Menu } from 'antd';
import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  DatabaseOutlined,
  ProfileOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_ROLE, type User } from '@atrium/contracts';
import { useCurrentUser } from '../../features/auth/api';
import { isOrgAdmin } from '../../features/auth/lib/roles';

/**
 * Who may open a management section, as the server decides for the calls behind it:
 * `manager` — instructors and organisation admins (`organisation.list`: the course list and
 * its review filter); `admin` — organisation admins only (the organisation's overview and
 * plan, `calendar.review` for the meeting overview, `organisation.manage` for its settings),
 * which answer 403 to instructors.
 */
export type ManagementAudience = 'manager' | 'admin';

/** Sections of the management area (spec §2 Management routes), in menu order, with who may open each. */
export const MANAGEMENT_SECTIONS = [
  { key: '/management/', labelKey: 'menu.overview', icon: <AppstoreOutlined />, audience: 'admin' },
  { key: '/management/course', labelKey: 'menu.course', icon: <BookOutlined />, audience: 'manager' },
  { key: '/management/course/audit', labelKey: 'menu.courseAudit', icon: <AuditOutlined />, audience: 'manager' },
  // Early warning (issue 25 item 4): the course team reads its courses' alert lists; its label is in the warnings namespace.
  { key: '/management/learning-statistics/learning-progress', labelKey: 'warnings:menu.learningProgress', icon: <AlertOutlined />, audience: 'manager' },
  // Teaching statistics (issue 25 item 5): instructors their courses, admins the organisation's; its label is in the teachingStats namespace.
  { key: '/management/learning-statistics/teaching', labelKey: 'teachingStats:menu.teaching', icon: <BarChartOutlined />, audience: 'manager' },
  { key: '/management/plan', labelKey: 'menu.plan', icon: <ProfileOutlined />, audience: 'admin' },
  { key: '/management/calendar-meeting', labelKey: 'menu.calendarMeeting', icon: <CalendarOutlined />, audience: 'admin' },
  { key: '/management/org-settings', labelKey: 'menu.orgSettings', icon: <SettingOutlined />, audience: 'admin' },
  { key: '/management/library-settings', labelKey: 'menu.librarySettings', icon: <DatabaseOutlined />, audience: 'admin' },
] as const satisfies readonly { key: string; labelKey: string; icon: ReactNode; audience: ManagementAudience }[];

/** Whether `user` may open sections for `audience`: admins all, instructors the `manager` ones, nobody else any. */
export function mayOpenManagementSection(user: Pick<User, 'role'> | undefined, audience: ManagementAudience): boolean {
  if (isOrgAdmin(user)) return true;
  return audience === 'manager' && user?.role === USER_ROLE.instructor;
}

/** The management sections `user` may open, in menu order (empty while the user is unknown). */
export function managementSectionsFor(user: Pick<User, 'role'> | undefined) {
  return MANAGEMENT_SECTIONS.filter((section) => mayOpenManagementSection(user, section.audience));
}

/** The menu key of a management path: the longest section path it equals (trailing slash ignored). */
export function managementMenuKey(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const match = MANAGEMENT_SECTIONS.find((section) => section.key.replace(/\/+$/, '') === path);
  return match?.key ?? '/management/';
}

/** Side menu of the management area: only the sections the signed-in user may open (`managementSectionsFor`). */
export function ManagementMenu() {
  const { t } = useTranslation('management');
  const location = useLocation();
  const { data: user } = useCurrentUser();
  return (
    <Menu
      mode="inline"
      selectedKeys={[managementMenuKey(location.pathname)]}
      style={{ height: '100%', borderInlineEnd: 0 }}
      items={managementSectionsFor(user).map((section) => ({
        key: section.key,
        icon: section.icon,
        label: <Link to={section.key}>{t(section.labelKey)}</Link>,
      }))}
    />
  );
}
