import { useEffect, useState } from 'react';

/**
 * The rows on screen and the search text they answer. `text` is null when they answer an older
 * text (kept on screen while the next answer loads) or a newer answer is on its way.
 */
export interface SearchAnswer<Row> {
  text: string | null;
  rows: readonly Row[];
}

/**
 * The answer of a react-query search asked with `askedText` (the debounced text in its key):
 * placeholder rows belong to an earlier key, and a request in flight is not an answer yet.
 */
export function queryAnswer<Data, Row>(
  query: { data: Data | undefined; isPlaceholderData: boolean; isFetching: boolean },
  askedText: string,
  rowsOf: (data: Data) => readonly Row[],
): SearchAnswer<Row> {
  if (query.data === undefined) return { text: null, rows: [] };
  return {
    text: query.isPlaceholderData || query.isFetching ? null : askedText,
    rows: rowsOf(query.data),
  };
}

interface Pending {
  text: string;
  /** The row the user moved to before pressing Enter; null: the first of the answer. */
  key: string | null;
}

/**
 * Search-as-you-type with a keyboard pick. Enter acts only on the highlighted row of the answer to
 * the text now in the box: pressed while that answer is pending (debounce running, request in
 * flight, older rows on screen) it waits, and picks once the answer arrives — the first row, or the
 * row the user had moved to if the answer still holds it; typing on cancels the wait. A pick never
 * lands on a row of an older answer (issue 13: the record search opened another patient).
 */
export function useSearchPick<Row>({
  text,
  answer,
  rowKey,
  pickable = () => true,
  onPick,
}: {
  /** The text now in the box, as the search asks for it (trimmed). */
  text: string;
  answer: SearchAnswer<Row>;
  rowKey: (row: Row) => string;
  /** Rows shown but not offered (a code already picked). */
  pickable?: (row: Row) => boolean;
  onPick: (row: Row) => void;
}) {
  const rows = answer.rows;
  const fresh = answer.text !== null && answer.text === text;
  // a highlight moved by the user holds for the text it was moved at
  const [moved, setMoved] = useState<{ text: string; key: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const movedKey = moved?.text === text ? moved.key : null;
  const movedIndex = movedKey === null ? -1 : rows.findIndex((r) => rowKey(r) === movedKey && pickable(r));
  const highlighted = movedIndex >= 0 ? movedIndex : rows.findIndex(pickable);

  const rowFor = (key: string | null) =>
    key === null ? rows[highlighted] : rows.find((r) => rowKey(r) === key && pickable(r));

  /** Enter: picks now when the answer is in, else once it is. Returns whether it picked now. */
  const pickHighlighted = (): boolean => {
    if (!fresh) {
      setPending({ text, key: movedIndex >= 0 ? movedKey : null });
      return false;
    }
    setPending(null);
    const row = rows[highlighted];
    if (row === undefined) return false;
    onPick(row);
    return true;
  };

  useEffect(() => {
    if (pending === null) return;
    if (pending.text !== text) return setPending(null);
    if (!fresh) return;
    setPending(null);
    const row = rowFor(pending.key);
    if (row !== undefined) onPick(row);
  });

  const move = (step: 1 | -1) => {
    const offered = rows.map((r, i) => (pickable(r) ? i : -1)).filter((i) => i >= 0);
    if (offered.length === 0) return;
    const at = offered.indexOf(highlighted);
    const next = offered[(at + step + offered.length) % offered.length];
    setMoved({ text, key: rowKey(rows[next]) });
  };
  const highlight = (index: number) => {
    const row = rows[index];
    if (row !== undefined && pickable(row)) setMoved({ text, key: rowKey(row) });
  };

  return {
    rows,
    /** The rows answer the text now in the box. */
    fresh,
    /** Index of the highlighted row in `rows`, -1 when none. */
    highlighted,
    highlight,
    move,
    pickHighlighted,
    /** Enter was pressed and waits for the answer. */
    waiting: pending !== null && pending.text === text,
  };
}
