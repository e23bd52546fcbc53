import { LOCALES, type Locale } from '@klinikita/domain/i18n/locale';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale } from './i18n.ts';

/** ID/EN switch shown in the header and on the login page. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('web.language.label')}
      value={i18n.language === 'en' ? 'en' : 'id'}
      onChange={(next) => changeLocale(next as Locale)}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`web.language.${locale}`) }))}
    />
  );
}
