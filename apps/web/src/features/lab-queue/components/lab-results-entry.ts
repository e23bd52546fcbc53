import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import { type KeyboardEvent, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutFields } from '../../../shared/form-errors.ts';
import { textsOf, typedParameters } from '../../../shared/lab/lab-results-model.ts';
import type { LabEntry } from './lab-results-table.tsx';

/**
 * Enter in a choice's open list takes the marked option, or the first match when none is marked
 * yet (typed faster than the list drew): "neg" and Enter is "Negatif", whatever the timing.
 */
function takeMatch(e: KeyboardEvent<HTMLInputElement>) {
  const list = document.getElementById(e.currentTarget.getAttribute('aria-controls') ?? '');
  const option =
    list?.querySelector<HTMLElement>('[data-combobox-selected]') ??
    list?.querySelector<HTMLElement>('[data-combobox-option]:not([data-combobox-disabled])');
  if (!option) return;
  e.preventDefault();
  option.click();
}

/**
 * The entry form of a report: the fields' texts (kept on a failed save), their messages, and the
 * keyboard's walk — Enter, Tab and ↓ to the next field, ↑ and Shift+Tab back, and from the last
 * field to "Simpan hasil", so a whole order is entered without the mouse.
 */
export function useLabEntry(
  work: LabWork,
  saveButton: RefObject<HTMLButtonElement | null>,
  disabled: boolean,
) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [texts, setTexts] = useState(() => textsOf(work.tests, work.report, lang));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const order = useMemo(() => typedParameters(work.tests).map((p) => p.uid), [work.tests]);
  const saved = useMemo(() => textsOf(work.tests, work.report, lang), [work.tests, work.report, lang]);
  const dirty = order.some((uid) => (texts[uid] ?? '').trim() !== (saved[uid] ?? ''));

  const focusAt = useCallback(
    (i: number) => {
      if (i >= order.length) saveButton.current?.focus();
      else if (i >= 0) inputs.current.get(order[i])?.focus();
    },
    [order, saveButton],
  );

  const onKey = useCallback(
    (uid: string, e: KeyboardEvent<HTMLInputElement>, choice = false) => {
      const at = order.indexOf(uid);
      const listOpen = choice && e.currentTarget.getAttribute('aria-expanded') === 'true';
      if (listOpen && e.key === 'Enter') takeMatch(e);
      const forward =
        (e.key === 'Tab' && !e.shiftKey) ||
        (e.key === 'Enter' && !listOpen) ||
        (e.key === 'ArrowDown' && !choice);
      const back = (e.key === 'Tab' && e.shiftKey && at > 0) || (e.key === 'ArrowUp' && !choice);
      if (forward) {
        e.preventDefault();
        focusAt(at + 1);
      } else if (back) {
        e.preventDefault();
        focusAt(at - 1);
      }
    },
    [order, focusAt],
  );

  const entry: LabEntry = {
    texts,
    errors,
    disabled,
    onChange: (uid, text) => {
      setTexts((current) => ({ ...current, [uid]: text }));
      setErrors((current) => withoutFields(current, [uid]));
    },
    onKey,
    onPicked: (uid) => focusAt(order.indexOf(uid) + 1),
    register: (uid, el) => {
      if (el) inputs.current.set(uid, el);
      else inputs.current.delete(uid);
    },
  };

  /** Shows messages on their fields and puts the cursor in the first of them. */
  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    const first = order.find((uid) => uid in fields);
    // after the render that enables the fields again (they are off while a save is under way)
    if (first) setTimeout(() => inputs.current.get(first)?.focus(), 0);
  };

  /** After a save: the fields as the server now holds them (its rounding, its calculated values). */
  const reset = (next: LabWork) => {
    setTexts(textsOf(next.tests, next.report, lang));
    setErrors({});
  };

  return { entry, texts, dirty, showErrors, reset };
}
