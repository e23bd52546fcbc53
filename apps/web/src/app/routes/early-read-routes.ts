import type { LoaderFunction, Params } from 'react-router';
import { firstRecordPageUrl } from '../../features/emr/api/record-first-page.ts';
import { readEarly } from '../../shared/api/early-reads.ts';
import { API_BASE } from '../../shared/api-client.ts';
import { currentLocale } from '../../shared/i18n/i18n.ts';

/**
 * The first read of a screen, by route path: started as the navigation begins, beside the screen's
 * chunk (shared/api/early-reads.ts), for the screens whose first paint waits on one known read.
 */
const EARLY_READS: Readonly<Record<string, (params: Params) => string | null>> = {
  // the record of a long-standing patient: the banner and the newest visits
  '/EMR/Detail/:id?': ({ id }) => (id ? firstRecordPageUrl(API_BASE, id) : null),
};

/** The route's loader that starts its early read and answers at once (it holds nothing up). */
export function earlyReadLoader(path: string): LoaderFunction | undefined {
  const urlOf = EARLY_READS[path];
  if (!urlOf) return undefined;
  return ({ params }) => {
    const url = urlOf(params);
    if (url) readEarly(url, currentLocale());
    return null;
  };
}
