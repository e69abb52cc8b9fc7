/**
 * The antd and dayjs locale of each interface language (spec §1), loaded on
 * demand so a page only carries the language it shows. zh-mo uses antd's
 * zh_HK and dayjs' zh-hk; en-us is antd's built-in default.
 */
import type { Locale as AntdLocale } from 'antd/es/locale';
import type dayjs from 'dayjs';
import type { Locale } from '@atrium/contracts';

type DayjsLocale = Parameters<typeof dayjs.locale>[0];

let isDayjsLocaleChanged = false;

const antdLoaders: Record<Locale, (() => Promise<{ default: AntdLocale }>) | null> = {
  'en-us': null,
  'en-gb': () => import('antd/es/locale/en_GB'),
  'zh-cn': () => import('antd/es/locale/zh_CN'),
  'zh-tw': () => import('antd/es/locale/zh_TW'),
  'zh-mo': () => import('antd/es/locale/zh_HK'),
  'th-th': () => import('antd/es/locale/th_TH'),
  'id-id': () => import('antd/es/locale/id_ID'),
  'ms-my': () => import('antd/es/locale/ms_MY'),
  'vi-vn': () => import('antd/es/locale/vi_VN'),
  'ta-in': () => import('antd/es/locale/ta_IN'),
};

const dayjsLoaders: Record<Locale, (() => Promise<{ default: DayjsLocale }>) | null> = {
  'en-us': null,
  'en-gb': () => import('dayjs/locale/en-gb'),
  'zh-cn': () => import('dayjs/locale/zh-cn'),
  'zh-tw': () => import('dayjs/locale/zh-tw'),
  'zh-mo': () => import('dayjs/locale/zh-hk'),
  'th-th': () => import('dayjs/locale/th'),
  'id-id': () => import('dayjs/locale/id'),
  'ms-my': () => import('dayjs/locale/ms'),
  'vi-vn': () => import('dayjs/locale/vi'),
  'ta-in': () => import('dayjs/locale/ta'),
};

/**
 * Loads the antd locale for `locale` and switches dayjs to its locale. Resolves
 * with the antd locale, or undefined for en-us (antd's built-in default).
 */
export async function loadLocalePacks(locale: Locale): Promise<AntdLocale | undefined> {
  const loadAntd = antdLoaders[locale];
  const loadDayjs = dayjsLoaders[locale];
  const [antd, day] = await Promise.all([loadAntd ? loadAntd() : null, loadDayjs ? loadDayjs() : null]);
  if (day || isDayjsLocaleChanged) {
    // dayjs loads only once a language other than its built-in English is chosen.
    const { default: dayjsModule } = await import('dayjs');
    dayjsModule.locale(day ? day.default : 'en');
    isDayjsLocaleChanged = day !== null;
  }
  return antd?.default;
}
