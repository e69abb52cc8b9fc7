import { useCurrentUser } from '../../auth/api';
import { useClientConfig } from '../api';
import { AccountBanners } from './account-banners';
import { AccountPopups } from './account-popups';

/**
 * What the signed-in shell mounts once for the account prompts (issue 17 §4, decision 0102): the
 * page banners and the account popups, both driven by `GET /api/config`. Renders nothing until the
 * signed-in user is known.
 */
export function AccountLayer() {
  const { data: user } = useCurrentUser();
  const config = useClientConfig(!!user);
  if (!user) return null;
  return (
    <>
      <AccountBanners config={config.data} />
      <AccountPopups key={user.id} config={config.data} userId={user.id} />
    </>
  );
}
