import { useMemo } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from './api-client';

/** The app's toasts (antd `message` of the `<App>` around the app): one line at the top, gone after 3 s. */
export interface Toast {
  success(text: string): void;
  info(text: string): void;
  warning(text: string): void;
  /**
   * A failure (spec §8 "the server message"): a string is shown as is; anything else as the
   * failed call's server message, else `fallback`, else the common "Something went wrong"
   * (`common:result.error.title`). An empty string or null shows the fallback.
   */
  error(failure: unknown, fallback?: string): void;
}

/** THE way to toast: `const toast = useToast(); toast.error(error, fallbackMessage)`. Stable between renders. Needs antd's `<App>` above. */
export function useToast(): Toast {
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      success: (text) => void message.success(text),
      info: (text) => void message.info(text),
      warning: (text) => void message.warning(text),
      error: (failure, fallback) =>
        void message.error((typeof failure === 'string' ? failure : serverMessageOf(failure)) || fallback || t('result.error.title')),
    }),
    [message, t],
  );
}
