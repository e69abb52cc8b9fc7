import { NavLink, Link } from 'react-router';
import { USER_ROLE } from '@atrium/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/api';
import { isOrgAdmin } from '../../features/auth/lib/roles';
import { canCreateCourse } from '../../features/courses/lib/course-display';
import { LanguageSwitch } from '../../components/language-switch';
import { useHeaderCollapse } from '../hooks/use-header-collapse';
import { UserMenu } from './user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

/**
 * The shared header (spec §1): logo, main navigation (My courses; Management for
 * admins, and its course list for instructors), language switch, notification bell and user menu. It turns compact past 60px of scroll.
 */
export function AppHeader() {
  const { t } = useTranslation('common');
  const collapsed = useHeaderCollapse();
  const { data: user } = useCurrentUser();
  const isAdmin = isOrgAdmin(user);
  return (
    <header className="atrium-header" data-collapsed={collapsed} data-testid="app-header">
      <Link to="/user/index" className="atrium-header__logo" aria-label={t('header.home')}>
        Atrium
      </Link>
      <nav className="atrium-header__nav" aria-label={t('header.mainNav')}>
        <NavLink to="/user/courses">{t('header.myCourses')}</NavLink>
        <NavLink to="/user/studios">{t('header.studios')}</NavLink>
        <NavLink to="/user/project">{t('header.projects')}</NavLink>
        <NavLink to="/user/calendar">{t('header.calendar')}</NavLink>
        {isAdmin && <NavLink to="/management/">{t('header.management')}</NavLink>}
        {!isAdmin && canCreateCourse(user) && <NavLink to="/management/course">{t('header.management')}</NavLink>}
        {user?.role === USER_ROLE.wgAdmin && <NavLink to="/wg-admin/request">{t('header.planRequests')}</NavLink>}
      </nav>
      <div className="atrium-header__tools">
        <LanguageSwitch compact={collapsed} />
        {user && <NotificationBell compact={collapsed} />}
        {user && <UserMenu user={user} compact={collapsed} />}
      </div>
    </header>
  );
}
