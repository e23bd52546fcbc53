import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { currentLocale, i18n } from './i18n.ts';

/**
 * Keeps dayjs (and the Mantine date pickers built on it) in the user's language. Installed by
 * the logged-in layouts, the only screens that show dates through dayjs.
 */
export function syncDayjsLocale(): () => void {
  dayjs.locale(currentLocale());
  const apply = (language: string) => dayjs.locale(language === 'en' ? 'en' : 'id');
  i18n.on('languageChanged', apply);
  return () => i18n.off('languageChanged', apply);
}
