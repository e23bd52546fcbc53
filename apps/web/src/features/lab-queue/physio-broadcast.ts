import { useEffect } from 'react';

/** Spec 2.7: the physio sidebar broadcasts the picked patient; open Physio tabs follow it. */
export const PHYSIO_CHANNEL = 'klinikita-physio';

export interface PhysioBroadcast {
  registrationId: string;
}

let channel: BroadcastChannel | null = null;
const listeners = new Set<(message: PhysioBroadcast) => void>();

// one channel object per tab sends and receives, so a tab never hears its own broadcasts
function openChannel(): BroadcastChannel | null {
  if (channel) return channel;
  if (typeof BroadcastChannel === 'undefined') return null;
  channel = new BroadcastChannel(PHYSIO_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<PhysioBroadcast> | null;
    if (data && typeof data.registrationId === 'string' && data.registrationId) {
      for (const listener of listeners) listener({ registrationId: data.registrationId });
    }
  };
  return channel;
}

export function broadcastPhysioPatient(registrationId: string): void {
  openChannel()?.postMessage({ registrationId } satisfies PhysioBroadcast);
}

/** Calls `onPatient` when another tab broadcasts a patient. */
export function usePhysioBroadcast(onPatient: (message: PhysioBroadcast) => void): void {
  useEffect(() => {
    openChannel();
    listeners.add(onPatient);
    return () => {
      listeners.delete(onPatient);
    };
  }, [onPatient]);
}
