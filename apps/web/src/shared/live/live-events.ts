import { LIVE_RESYNC } from '@klinikita/domain/common/live-events';
import { ENCOUNTER_EVENTS } from '@klinikita/domain/consultations/consultation.events';
import { LAB_RESULT_EVENTS } from '@klinikita/domain/lab/lab-results.event-names';
import { PHARMACY_LIVE } from '@klinikita/domain/pharmacy/pharmacy.events';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import { SERVICE_EVENTS } from '@klinikita/domain/services/service-performed.events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '../api-client.ts';

export type LiveListener = (type: string, event: { clinicId: number; type: string; id?: string }) => void;

interface Stream {
  source: EventSource;
  listeners: Set<LiveListener>;
}

const streams = new Map<string, Stream>();
// the event types a stream forwards; a resync means "refetch everything you show"
const FORWARDED: readonly string[] = [
  ...Object.values(REGISTRATION_EVENTS),
  ENCOUNTER_EVENTS.finished,
  // a released result: the ordering doctor's screen and the record refetch
  LAB_RESULT_EVENTS.released,
  // a physiotherapy session or a procedure done: the doctor's cards and the record refetch
  SERVICE_EVENTS.performed,
  // a prescription moved at the pharmacy: the pharmacy queue refetches
  PHARMACY_LIVE.updated,
  LIVE_RESYNC,
];

/**
 * Subscribes to a clinic's live events (DESIGN 5). One EventSource per URL is shared by every
 * subscriber on the page and closed with the last one; the browser reconnects on its own and the
 * server answers a reconnect with `resync`.
 */
export function subscribeLive(url: string, listener: LiveListener): () => void {
  // no EventSource (an old browser, a test DOM): the screens still load, refresh and act
  if (typeof EventSource === 'undefined') return () => {};
  let stream = streams.get(url);
  if (!stream) {
    const source = new EventSource(url, { withCredentials: true });
    const created: Stream = { source, listeners: new Set() };
    for (const type of FORWARDED) {
      source.addEventListener(type, (e) => {
        let data: { clinicId: number; type: string; id?: string } = { clinicId: 0, type };
        try {
          data = JSON.parse((e as MessageEvent<string>).data);
        } catch {
          // a resync carries no body worth reading
        }
        for (const l of created.listeners) l(type, data);
      });
    }
    streams.set(url, created);
    stream = created;
  }
  stream.listeners.add(listener);
  const owned = stream;
  return () => {
    owned.listeners.delete(listener);
    if (owned.listeners.size === 0) {
      owned.source.close();
      if (streams.get(url) === owned) streams.delete(url);
    }
  };
}

/** The staff stream of one clinic. */
export const clinicEventsUrl = (clinicId: number) => `${API_BASE}/events?clinicId=${clinicId}`;

/**
 * Keeps every registration query of the page fresh: any registration event of the clinic (or a
 * resync) invalidates the ['registrations'] queries, so open lists refetch within a second.
 */
export function useLiveRegistrations(clinicId: number | null | undefined, onEvent?: LiveListener) {
  const client = useQueryClient();
  useEffect(() => {
    if (!clinicId) return;
    return subscribeLive(clinicEventsUrl(clinicId), (type, event) => {
      void client.invalidateQueries({ queryKey: ['registrations'] });
      // a released lab result: the lab results queries (the contract's tag `labResults`) refetch,
      // so the ordering doctor's card shows the values without a reload
      if (type === LAB_RESULT_EVENTS.released || type === LIVE_RESYNC)
        void client.invalidateQueries({ queryKey: ['labResults'] });
      // a session or procedure done (or voided): the physio and treatment queries (their contracts'
      // tags) refetch, so the ordering doctor's cards show it without a reload
      if (type === SERVICE_EVENTS.performed || type === LIVE_RESYNC)
        for (const tag of ['physio', 'treatment']) void client.invalidateQueries({ queryKey: [tag] });
      // a prescription moved at the pharmacy (held, answered, resumed): the doctor's list of held
      // prescriptions (the contract's tag `pharmacy`) refetches
      if (type === PHARMACY_LIVE.updated || type === LIVE_RESYNC)
        void client.invalidateQueries({ queryKey: ['pharmacy'] });
      onEvent?.(type, event);
    });
  }, [clinicId, client, onEvent]);
}
