import type { DisplayBoard, DisplayCall } from '@klinikita/domain/registrations/registration.schema';
import { Loader } from '@mantine/core';
import { IconAlertTriangle, IconVolume, IconVolumeOff, IconWifiOff } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client.ts';
import { formatClock, formatLongDate } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { displayEventsUrl, getDisplayBoard } from '../api/get-display-board.ts';
import { useCallAnnouncer, useSoundActivation } from '../hooks/use-call-announcer.ts';
import { useDisplayEvents } from '../hooks/use-display-events.ts';
import css from './queue-display.module.css';

/** A safety net under the live stream: the screen reads the board at least this often. */
const POLL_MS = 30_000;
const PREVIOUS_CALLS = 5;

const invalidLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * The TV's own query client: no staff session, no error toasts or loading bar on a screen nobody
 * operates; failures retry quietly, except an invalid link.
 */
function createDisplayClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !invalidLink(error) && failures < 3,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** `/display/:token`: the waiting-room TV of one clinic, opened with its display link (no login). */
export function QueueDisplayPage() {
  const { token = '' } = useParams();
  const [client] = useState(createDisplayClient);
  return (
    <QueryClientProvider client={client}>
      <DisplayScreen token={token} />
    </QueryClientProvider>
  );
}

function DisplayScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const board = useQuery({
    queryKey: ['display', token],
    queryFn: () => getDisplayBoard(token),
    refetchInterval: (query) => (invalidLink(query.state.error) ? false : POLL_MS),
  });
  const invalid = invalidLink(board.error);
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: ['display', token] }),
    [client, token],
  );
  const connected = useDisplayEvents(invalid ? null : displayEventsUrl(token), refresh);
  useCallAnnouncer(board.data?.calls, board.data?.serverTime);
  const sound = useSoundActivation();

  useEffect(() => {
    document.title = board.data ? `${t('display.title')} – ${board.data.clinicName}` : t('display.title');
  }, [board.data, t]);

  if (invalid)
    return (
      <main className={css.message} role="alert">
        <IconAlertTriangle size="12vh" color="#ffd43b" aria-hidden />
        <h1 className={css.messageTitle}>{t('display.invalidTitle')}</h1>
        <p className={css.messageHint}>{t('display.invalidHint')}</p>
      </main>
    );
  if (!board.data)
    return (
      <main className={css.message}>
        <Loader color="teal" size="xl" />
        <p className={css.messageHint}>{t('display.loading')}</p>
      </main>
    );

  const data = board.data;
  const [latest, ...rest] = data.calls;
  return (
    <main className={css.screen}>
      <header className={css.header}>
        <div>
          <div className={css.clinic}>{data.clinicName}</div>
          <div className={css.subtitle}>
            {t('display.title')}
            {sound.supported && (
              <span className={sound.active ? css.badgeOn : css.badgeOff}>
                {sound.active ? <IconVolume size="2.4vh" /> : <IconVolumeOff size="2.4vh" />}
                {sound.active ? t('display.soundOn') : t('display.soundOff')}
              </span>
            )}
            {(!connected || board.isRefetchError) && (
              <span className={css.badgeOff} role="status">
                <IconWifiOff size="2.4vh" />
                {t('display.offline')}
              </span>
            )}
          </div>
        </div>
        <DisplayClock timeZone={data.timeZone} serverTime={data.serverTime} />
      </header>

      <div className={css.main}>
        <CurrentCall call={latest} />
        <section className={css.side} aria-label={t('display.previous')}>
          <h2 className={css.sideTitle}>{t('display.previous')}</h2>
          {rest.length === 0 ? (
            <div className={css.none}>{t('display.noPrevious')}</div>
          ) : (
            <ul className={css.calls}>
              {rest.slice(0, PREVIOUS_CALLS).map((c) => (
                <li key={`${c._id}-${c.calledAt}`} className={css.call}>
                  <span className={css.callNumber}>{c.queueNumber}</span>
                  <span className={css.callRoom}>{c.room}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <WaitingStrip waiting={data.waiting} />

      {sound.needed && (
        <button type="button" className={css.overlay} onClick={sound.activate}>
          <span className={css.overlayButton}>
            <IconVolume size="6vh" aria-hidden />
            {t('display.enableSound')}
          </span>
          <span className={css.overlayHint}>{t('display.enableSoundHint')}</span>
        </button>
      )}
    </main>
  );
}

/** The latest call, big; it flashes when a new one arrives (a new key replays the animation). */
function CurrentCall({ call }: { call: DisplayCall | undefined }) {
  const { t } = useTranslation();
  const [firstKey] = useState(() => (call ? `${call._id}-${call.calledAt}` : ''));
  if (!call)
    return (
      <section className={css.current} aria-live="polite">
        <div className={css.idle}>{t('display.noCallYet')}</div>
        <div className={css.idleHint}>{t('display.noCallHint')}</div>
      </section>
    );
  const key = `${call._id}-${call.calledAt}`;
  return (
    <section
      key={key}
      className={key === firstKey ? css.current : `${css.current} ${css.fresh}`}
      aria-live="assertive"
      aria-label={t('display.nowCalling')}
      data-testid="current-call"
    >
      <div className={css.label}>{t('display.nowCalling')}</div>
      <div className={css.number}>{call.queueNumber}</div>
      <div className={css.goTo}>{t('display.goTo')}</div>
      <div className={css.room}>{call.room}</div>
    </section>
  );
}

function WaitingStrip({ waiting }: { waiting: DisplayBoard['waiting'] }) {
  const { t } = useTranslation();
  const rooms = waiting.filter((w) => w.count > 0);
  return (
    <section className={css.footer} aria-label={t('display.waiting')}>
      <span className={css.footerTitle}>{t('display.waiting')}</span>
      {rooms.length === 0 ? (
        <span className={css.none}>{t('display.noWaiting')}</span>
      ) : (
        rooms.map((w) => (
          <span key={w.room} className={css.waiting}>
            {w.room}
            <span className={css.waitingCount} title={t('display.waitingCount', { count: w.count })}>
              {w.count}
            </span>
          </span>
        ))
      )}
    </section>
  );
}

/** The clinic's date and time, on the server's clock (a TV's own clock is often wrong). */
function DisplayClock({ timeZone, serverTime }: { timeZone: string; serverTime: string }) {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const local = Date.now();
    setOffset(Date.parse(serverTime) - local);
    setNow(local);
  }, [serverTime]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const at = new Date(now + offset);
  return (
    <div className={css.clock}>
      <div className={css.time} data-testid="display-clock">
        {formatClock(at, timeZone)}
      </div>
      <div className={css.date}>{formatLongDate(at, currentLocale(), timeZone)}</div>
    </div>
  );
}
