import type { MenuAccess } from '@klinikita/domain/access/menu';
import type { Permission } from '@klinikita/domain/access/permissions';
import type { Listen } from '../db/pg-listener.ts';
import type { SessionRow } from '../modules/auth/auth.queries.ts';

/** The channel the database triggers of migration 0005 notify when anything a session carries changes. */
export const SESSIONS_CHANNEL = 'klinikita_sessions';

interface Entry {
  row: SessionRow;
  access: MenuAccess[];
  permissions: ReadonlySet<Permission>;
  at: number;
}

/**
 * A short-lived, per-instance copy of session lookups (the user, role, menus and clinics of a
 * token), so cheap reads do not pay a second round trip. It stays correct across instances:
 * triggers on users, roles, role menus, doctor clinics, clinics and sessions NOTIFY every
 * instance, which empties its copy; this instance also empties it after each write request; it
 * is not used while the LISTEN connection is down (a notification may be lost), and an entry
 * lives at most `ttlMs` whatever happens.
 */
export function createSessionCache(options: { ttlMs: number; maxEntries?: number }) {
  const entries = new Map<string, Entry>();
  const maxEntries = options.maxEntries ?? 10_000;
  let listening = false;

  return {
    get(tokenHash: string, now = Date.now()): Entry | null {
      if (!listening || options.ttlMs <= 0) return null;
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (now - entry.at > options.ttlMs || entry.row.expiresAt.getTime() <= now) {
        entries.delete(tokenHash);
        return null;
      }
      return entry;
    },
    set(
      tokenHash: string,
      row: SessionRow,
      access: MenuAccess[],
      permissions: ReadonlySet<Permission>,
      now = Date.now(),
    ) {
      if (!listening || options.ttlMs <= 0) return;
      // the oldest entry goes first (a Map iterates in insertion order)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { row, access, permissions, at: now });
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    /** Starts listening for invalidations; until it listens, nothing is cached. */
    async listen(listen: Listen) {
      const unlisten = await listen(SESSIONS_CHANNEL, () => entries.clear(), {
        onError: () => {
          listening = false;
          entries.clear();
        },
        onRestore: () => {
          entries.clear();
          listening = true;
        },
      });
      listening = true;
      return async () => {
        listening = false;
        entries.clear();
        await unlisten();
      };
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
