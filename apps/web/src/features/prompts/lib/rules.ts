import { PRE_TASK_CHECK_INTERVAL_MS, type ClientConfig } from '@atrium/contracts';

/**
 * The rules of the account prompts and page banners (issue 17 §4; spec §2, §6, §7; decision 0102),
 * as pure functions of the client configuration, the clock and what the browser remembers.
 */

/** Cookies that remember a dismissed banner (spec §2: "each dismissible, remembered by a cookie"). */
export const UNVERIFIED_EMAIL_COOKIE = 'atrium_unverified_email_dismissed';
export const NO_MAIL_COOKIE = 'atrium_no_mail_dismissed';

/** Which e-mail banner the signed-in user sees: none when the org does not ask, 'noMail' without an address, 'unverified' before verifying. */
export function emailBannerOf(config: ClientConfig | undefined): 'noMail' | 'unverified' | null {
  if (!config?.account || !config.prompts?.require_email_verification) return null;
  if (!config.account.has_email) return 'noMail';
  return config.account.email_verified ? null : 'unverified';
}

/** The welcome verification e-mail popup: a user with an unverified address, in an org that asks. */
export function needsWelcomeVerification(config: ClientConfig | undefined): boolean {
  return emailBannerOf(config) === 'unverified';
}

/** A phone or tablet: a mobile user agent, or a touch screen narrower than 768 px. */
export function isMobileDevice(userAgent: string, maxTouchPoints: number, width: number): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i.test(userAgent) || (maxTouchPoints > 0 && width < 768);
}

/** The local-storage key of a user's last pre-task check (spec §7). */
export function preTaskStorageKey(userId: number): string {
  return `atrium.preTask.checkedAt.${userId}`;
}

/** Whether the pre-task should be asked for at `now` (ms) after the check stored as `stored`: never asked, 6 h passed, or a clock set back. */
export function isPreTaskCheckDue(stored: string | null, now: number): boolean {
  const last = Number(stored);
  if (!stored || !Number.isFinite(last)) return true;
  return now - last >= PRE_TASK_CHECK_INTERVAL_MS || last > now;
}

/** Reads a cookie of this page, or null. */
export function readCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/** Writes a cookie for the whole site for `days` days. */
export function writeCookie(name: string, value: string, days = 365): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86_400}; SameSite=Lax`;
}

/** Session-storage flags of the popups shown once per sign-in session. */
export const sessionFlags = {
  isSet: (key: string): boolean => {
    try {
      return window.sessionStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  },
  set: (key: string): void => {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // Storage off: the popup may show again on the next page load.
    }
  },
};
