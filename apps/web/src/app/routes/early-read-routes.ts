import type { LoaderFunction, Params } from 'react-router';
import { firstRecordPage } from '../../features/emr/api/record-first-page.ts';
import { readEarly } from '../../shared/api-client.ts';

type Read = { path: string; query?: Record<string, string | number | undefined> };

/**
 * The first read of a screen, by route path: started as the navigation begins, beside the screen's
 * chunk (api-client.ts `readEarly`), for the screens whose first paint waits on one known read.
 */
const EARLY_READS: Readonly<Record<string, (params: Params) => Read | null>> = {
  // the record of a long-standing patient: the banner and the newest visits
  '/EMR/Detail/:id?': ({ id }) => (id ? firstRecordPage(id) : null),
};

/** The route's loader that starts its early read and answers at once (it holds nothing up). */
export function earlyReadLoader(path: string): LoaderFunction | undefined {
  const readOf = EARLY_READS[path];
  if (!readOf) return undefined;
  return ({ params }) => {
    const read = readOf(params);
    if (read) readEarly(read.path, read.query);
    return null;
  };
}
