import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import i18n from 'i18next';
import type { Locale } from '@atrium/contracts';
import { userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { changeLocale, LOCALE_STORAGE_KEY } from '../../../lib/i18n';
import { LocaleSync } from './locale-sync';

const fetchMock = vi.fn<typeof fetch>();
const me = (locale: Locale | null) => userOf({ locale });

describe('LocaleSync (issue 23 §2: the account keeps the chosen language)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.removeItem(LOCALE_STORAGE_KEY);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    window.localStorage.removeItem(LOCALE_STORAGE_KEY);
    await i18n.changeLanguage('en-us');
  });

  it('a browser with no choice of its own takes the account’s language, and sends nothing', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, me('th-th')));
    renderWithApp(<LocaleSync />);
    // Switching loads the language's namespaces (lazy chunks): slow on a busy machine.
    await waitFor(() => expect(i18n.language).toBe('th-th'), { timeout: 20_000 });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });

  it('a language chosen in this browser is stored with the account once', async () => {
    await changeLocale('vi-vn');
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' ? jsonResponse(200, me(JSON.parse(String(init.body)).locale as Locale)) : jsonResponse(200, me(null)),
    );
    renderWithApp(<LocaleSync />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true), { timeout: 20_000 });
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(String(puts[0]?.[0])).toBe('/api/user/locale');
    expect(JSON.parse(String(puts[0]?.[1]?.body))).toEqual({ locale: 'vi-vn' });
    expect(i18n.language).toBe('vi-vn');
  });
});
