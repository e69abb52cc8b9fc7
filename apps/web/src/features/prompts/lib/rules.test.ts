import { afterEach, describe, expect, it } from 'vitest';
import { PRE_TASK_CHECK_INTERVAL_MS, type ClientConfig } from '@atrium/contracts';
import { emailBannerOf, isMobileDevice, isPreTaskCheckDue, needsWelcomeVerification, readCookie, writeCookie } from './rules';

const base: ClientConfig = {
  version: 'v1',
  locales: ['en-us'],
  default_locale: 'en-us',
  stats_url: null,
  features: { email_verification: true, mobile_binding: true, pre_task: false, association_code: true },
  prompts: { force_mobile_binding: false, require_email_verification: true, password_max_age_days: null },
  account: { has_email: true, email_verified: false, mobile_phone: null, mobile_verified: false, association_code: null },
};
const withAccount = (account: Partial<ClientConfig['account'] & object>, prompts: Partial<ClientConfig['prompts'] & object> = {}): ClientConfig => ({
  ...base,
  account: { ...base.account!, ...account },
  prompts: { ...base.prompts!, ...prompts },
});

describe('account prompt rules', () => {
  afterEach(() => {
    document.cookie = 'x=; max-age=0; path=/';
  });

  it('e-mail banners: no-mail without an address, unverified before verifying, none when verified, for visitors or when the org does not ask', () => {
    expect(emailBannerOf(withAccount({ has_email: false }))).toBe('noMail');
    expect(emailBannerOf(withAccount({}))).toBe('unverified');
    expect(emailBannerOf(withAccount({ email_verified: true }))).toBeNull();
    expect(emailBannerOf(withAccount({}, { require_email_verification: false }))).toBeNull();
    expect(emailBannerOf({ ...base, account: null, prompts: null })).toBeNull();
    expect(emailBannerOf(undefined)).toBeNull();
    expect(needsWelcomeVerification(withAccount({}))).toBe(true);
    expect(needsWelcomeVerification(withAccount({ has_email: false }))).toBe(false);
  });

  it('mobile devices: phone and tablet user agents, or a narrow touch screen', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 5, 390)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 5, 412)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130', 0, 1920)).toBe(false);
    expect(isMobileDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130', 10, 1920)).toBe(false);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605', 5, 700)).toBe(true);
  });

  it('the pre-task is due when never asked, 6 h after the last check, or when the clock went back', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    expect(isPreTaskCheckDue(null, now)).toBe(true);
    expect(isPreTaskCheckDue('garbage', now)).toBe(true);
    expect(isPreTaskCheckDue(String(now - PRE_TASK_CHECK_INTERVAL_MS + 1), now)).toBe(false);
    expect(isPreTaskCheckDue(String(now - PRE_TASK_CHECK_INTERVAL_MS), now)).toBe(true);
    expect(isPreTaskCheckDue(String(now + 60_000), now)).toBe(true);
  });

  it('cookies round-trip for the whole site', () => {
    expect(readCookie('x')).toBeNull();
    writeCookie('x', 'a b');
    expect(readCookie('x')).toBe('a b');
  });
});
