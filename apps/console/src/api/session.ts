/**
 * The operator's token, kept in sessionStorage so it dies with the tab, plus a one-shot notice
 * for the login page ("your session has ended"). A tiny external store that React reads with
 * useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';
import { toMillis } from '../lib/time';

const STORAGE_KEY = 'beurs.console.session';

interface StoredSession {
  token: string;
  /** The session's end by this browser's clock (the login's expiresIn from the moment it answered). */
  expiresAt: number;
}

export interface SessionSnapshot {
  token: string | null;
  /** Shown once on the login page after a forced or voluntary logout. */
  notice: string | null;
  /**
   * Why the last session ended. After a deliberate logout the next operator starts on the
   * home page, not on the page the previous one left.
   */
  ended: 'loggedOut' | 'expired' | null;
}

function read(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'token' in parsed &&
      'expiresAt' in parsed &&
      typeof parsed.token === 'string' &&
      typeof parsed.expiresAt === 'number'
    ) {
      return { token: parsed.token, expiresAt: parsed.expiresAt };
    }
  } catch {
    // Storage unavailable or corrupt: treat as logged out.
  }
  return null;
}

function initial(): SessionSnapshot {
  const stored = read();
  if (stored && toMillis(stored.expiresAt) > Date.now()) return { token: stored.token, notice: null, ended: null };
  sessionStorage.removeItem(STORAGE_KEY);
  return { token: null, notice: null, ended: null };
}

let snapshot: SessionSnapshot = initial();
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: () => snapshot,
  token(): string | null {
    const stored = read();
    // A token past its expiry is not worth sending: the server would answer 401 anyway.
    if (stored && toMillis(stored.expiresAt) <= Date.now()) return null;
    return snapshot.token;
  },
  start(token: string, expiresAt: number) {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token, expiresAt } satisfies StoredSession));
    publish({ token, notice: null, ended: null });
  },
  end(ended: 'loggedOut' | 'expired', notice: string | null) {
    sessionStorage.removeItem(STORAGE_KEY);
    publish({ token: null, notice, ended });
  },
  clearNotice() {
    if (snapshot.notice) publish({ ...snapshot, notice: null });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.get);
}
