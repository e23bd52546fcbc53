import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { LoaderFunction, Params, RouteObject } from 'react-router';
import { firstQueueLists } from '../../features/doctor-queue/queue-lists.ts';
import { firstRecordPage } from '../../features/emr/api/record-first-page.ts';
import { frontOfficeFirstReads } from '../../features/front-office/api/first-reads.ts';
import { type EarlyRead, readEarly } from '../../shared/api-client.ts';
import { REGISTRATIONS_PATH, registrationQuery } from '../../shared/registrations/registration-query.ts';
import { sessionStore } from '../../shared/session/session-store.ts';

type Read = EarlyRead;

/**
 * The first reads of a screen, by route path: started as the navigation begins, beside the
 * screen's chunk (api-client.ts `readEarly`), for the screens whose first paint waits on known
 * reads. `now` reads need only the route's params; `signedIn` reads need the user (their clinic,
 * their doctor id) and start as soon as the session check answers.
 */
const EARLY_READS: Readonly<
  Record<string, { now?: (params: Params) => Read[]; signedIn?: (user: SessionUser) => Read[] }>
> = {
  // the record of a long-standing patient: the banner and the newest visits
  '/EMR/Detail/:id?': { now: ({ id }) => (id ? [firstRecordPage(id)] : []) },
  '/Doctor/doctor': {
    signedIn: (user) => [
      // the doctor's two queue lists, today, under the default filter
      ...firstQueueLists(user).map(
        (list): Read => ({
          path: REGISTRATIONS_PATH,
          // the contract's query type leaves coerced fields open; registrationQuery fills them
          query: registrationQuery(list) as Read['query'],
          service: 'registration',
        }),
      ),
      // the sidebar's marks: results released in the last day (listReleasedLabPatients) and, for a
      // doctor, the prescriptions the pharmacy holds for them (listHeldPrescriptions)
      { path: 'lab-results/released-patients' },
      ...(user.DoctorId !== null ? [{ path: 'pharmacy/held' }] : []),
    ],
  },
  '/Registration/patient': { signedIn: frontOfficeFirstReads },
};

/** Runs `run` with the user once the session check has signed someone in (at once if it has). */
function whenSignedIn(run: (user: SessionUser) => void): void {
  const { user, status } = sessionStore.getState();
  if (user) {
    run(user);
    return;
  }
  if (status !== 'loading') return;
  const stop = sessionStore.subscribe(() => {
    const state = sessionStore.getState();
    if (state.status === 'loading') return;
    stop();
    if (state.user) run(state.user);
  });
}

const send = (reads: Read[]) => {
  for (const read of reads) readEarly(read.path, read.query, read.service);
};

/** The route's loader that starts its early reads and answers at once (it holds nothing up). */
export function earlyReadLoader(path: string): LoaderFunction | undefined {
  const reads = EARLY_READS[path];
  if (!reads) return undefined;
  return ({ params }) => {
    if (reads.now) send(reads.now(params));
    const { signedIn } = reads;
    if (signedIn) whenSignedIn((user) => send(signedIn(user)));
    return null;
  };
}

/**
 * The route's early-read loader, if it has one. An early read is for the screen's first paint: a
 * new search on the same screen (`?id=` of the next patient) has its data in the cache already, so
 * the loader does not run again for it.
 */
export function earlyReadRoute(path: string): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  const loader = earlyReadLoader(path);
  return loader ? { loader, shouldRevalidate: () => false } : {};
}
