import { Suspense, useState } from 'react';
import { Avatar, Button, Dropdown } from 'antd';
import { FolderOpenOutlined, LogoutOutlined, ReadOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@atrium/contracts';
import { useLogout } from '../../features/auth/api';
import { canCreateCourse } from '../../features/courses/lib/course-display';
import { userManualUrl } from '../../features/previews/lib/manual-source';
import { lazyNamed } from '../../lib/lazy-named';

const ManualViewer = lazyNamed(() => import('../../features/previews/components/manual-viewer'), 'ManualViewer');

/**
 * The header's user menu: the signed-in user's name, opening a menu with "Settings",
 * "User manual" (the HTML manual of the interface language in the manual viewer,
 * loaded on first use) and "Log out".
 */
export function UserMenu({ user, compact }: { user: User; compact: boolean }) {
  const { t, i18n } = useTranslation('common');
  const [isManualOpen, setManualOpen] = useState(false);
  const [hasOpenedManual, setHasOpenedManual] = useState(false);
  const navigate = useNavigate();
  const logout = useLogout();
  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'who', label: `${user.name} · ${user.userNo}`, disabled: true },
            { type: 'divider' },
            { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('header.settings'), onClick: () => void navigate('/user/settings') },
            // My library (issue 19 §1): instructors' and org admins' own teaching material.
            ...(canCreateCourse(user)
              ? [
                  { key: 'library', icon: <FolderOpenOutlined aria-hidden />, label: t('header.library'), onClick: () => void navigate('/user/library') },
                  // Resource groups (issue 19 §2): colleagues sharing teaching material.
                  {
                    key: 'resource-groups',
                    icon: <TeamOutlined aria-hidden />,
                    label: t('header.resourceGroups'),
                    onClick: () => void navigate('/user/resource-groups'),
                  },
                ]
              : []),
            {
              key: 'manual',
              icon: <ReadOutlined aria-hidden />,
              label: t('header.userManual'),
              onClick: () => {
                setHasOpenedManual(true);
                setManualOpen(true);
              },
            },
            { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('header.logout'), onClick: onLogout },
          ],
        }}
      >
        <Button type="text" aria-label={t('header.userMenu', { name: user.name })} size={compact ? 'small' : 'middle'}>
          <Avatar size={compact ? 20 : 24} icon={<UserOutlined aria-hidden />} style={{ marginRight: 6 }} />
          {user.name}
        </Button>
      </Dropdown>
      {hasOpenedManual && (
        <Suspense fallback={null}>
          <ManualViewer
            open={isManualOpen}
            title={t('header.userManual')}
            source={{ type: 'html', url: userManualUrl(i18n.language ?? 'en-us') }}
            onClose={() => setManualOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
