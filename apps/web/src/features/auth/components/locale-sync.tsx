import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, storedLocale } from '../../../lib/i18n';
import { useCurrentUser, useUpdateLocale } from '../api';

/**
 * Keeps the interface language and the account's language together (issue 23 §2; renders nothing):
 * a browser where no language was chosen takes the account's; a language chosen in this browser
 * (the language menu) is stored with the account, so e-mails to the person are written in it.
 */
export function LocaleSync() {
  const { data: user } = useCurrentUser();
  const { i18n } = useTranslation();
  const { mutate: saveLocale, isPending } = useUpdateLocale();
  const userId = user?.id;
  const accountLocale = user?.locale ?? null;
  // The language last sent: a failed save is not retried in a loop (the next choice sends again).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (userId === undefined || accountLocale === null || storedLocale() !== null) return;
    if (accountLocale !== currentLocale()) void changeLocale(accountLocale);
  }, [userId, accountLocale]);

  useEffect(() => {
    const chosen = storedLocale();
    if (userId === undefined || isPending || chosen === null || chosen !== i18n.language || chosen === accountLocale || chosen === sent.current) return;
    sent.current = chosen;
    saveLocale(chosen);
  }, [userId, accountLocale, i18n.language, isPending, saveLocale]);

  return null;
}
