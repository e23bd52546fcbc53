const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : 'id-ID');

/**
 * A number as the user's language shows it in a table: 150.000 and 13,5 in Indonesian. Apart from
 * the result model so that screens outside the lab (the doctor's critical-value alert) carry none
 * of the lab's words.
 */
export const formatResultNumber = (value: number, locale: string) =>
  value.toLocaleString(intlLocale(locale), { maximumFractionDigits: 4 });
