/**
 * Release times per patient kept in this browser, per user (localStorage): which lab release the
 * doctor has opened (the badge) or been told of (the critical-value alert). Only the last day's
 * releases reach the sidebar, so older marks are dropped when one is written.
 */
export interface ReleaseMarks {
  read(userId: string): Record<string, string>;
  /** Marks the release; a mark of the same or a later release stays. */
  mark(userId: string, patientUid: string, releasedAt: string): void;
  subscribe(listener: () => void): () => void;
}

export function releaseMarks(name: string): ReleaseMarks {
  const storageKey = (userId: string) => `klinikita.${name}.${userId}`;
  const listeners = new Set<() => void>();

  function read(userId: string): Record<string, string> {
    try {
      return JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  }

  function mark(userId: string, patientUid: string, releasedAt: string) {
    const marks = read(userId);
    if (marks[patientUid] && marks[patientUid] >= releasedAt) return;
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    const kept = Object.fromEntries(Object.entries(marks).filter(([, at]) => at > dayAgo));
    kept[patientUid] = releasedAt;
    try {
      localStorage.setItem(storageKey(userId), JSON.stringify(kept));
    } catch {
      // a full or blocked storage: the mark is not kept, nothing breaks
    }
    for (const l of listeners) l();
  }

  return {
    read,
    mark,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
