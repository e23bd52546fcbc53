import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type Encounter,
  type EncounterContent,
  saveEncounter,
} from '../../../shared/consultations/encounters-api.ts';
import { contentOf } from './draft-model.ts';
import { DraftSaver, type SaveState } from './draft-saver.ts';

/**
 * The draft being written and its saving: every change is kept in state and handed to a
 * DraftSaver, which saves it once the doctor stops typing. Leaving the patient sends what is
 * still waiting; closing the tab with unsaved changes asks first.
 */
export function useDraftAutosave(encounter: Encounter, delayMs: number) {
  const [draft, setDraft] = useState<EncounterContent>(() => contentOf(encounter));
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [saver] = useState(
    () =>
      new DraftSaver({
        version: encounter.version,
        delayMs,
        save: (input) => saveEncounter(encounter.uid, input),
        onState: setSaveState,
      }),
  );
  // leaving the patient sends what is still waiting; nothing is saved after that
  useEffect(
    () => () => {
      void saver.flush().finally(() => saver.dispose());
    },
    [saver],
  );
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!saver.hasUnsaved) return;
      void saver.flush();
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saver]);

  // the latest draft, also between renders (several changes may come in one event)
  const latest = useRef(draft);
  const update = useCallback(
    (change: (d: EncounterContent) => EncounterContent) => {
      const next = change(latest.current);
      latest.current = next;
      setDraft(next);
      saver.change(next);
    },
    [saver],
  );

  return { draft, latest, update, saver, saveState };
}
