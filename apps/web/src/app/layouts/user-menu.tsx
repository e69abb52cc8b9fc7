import { Avatar, Button, Dropdown } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@atrium/contracts';
import { useLogout } from '../../features/auth/api';

/** The header's user menu: the signed-in user's name, opening a menu with "Settings" and "Log out". */
export function UserMenu({ user, compact }: { user: User; compact: boolean }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const logout = useLogout();
  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'who', label: `${user.name} · ${user.userNo}`, disabled: true },
          { type: 'divider' },
          { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('header.settings'), onClick: () => void navigate('/user/settings') },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('header.logout'), onClick: onLogout },
        ],
      }}
    >
      <Button type="text" aria-label={t('header.userMenu', { name: user.name })} size={compact ? 'small' : 'middle'}>
        <Avatar size={compact ? 20 : 24} icon={<UserOutlined aria-hidden />} style={{ marginRight: 6 }} />
        {user.name}
      </Button>
    </Dropdown>
  );
}
