/**
 * The login token: kept in localStorage so a reload stays logged in, mirrored in memory so
 * every request reads it synchronously, and observable so the UI follows login and logout
 * (also those made in another browser tab).
 */
import { useSyncExternalStore } from 'react';
import { readStorage, StorageKey, writeStorage } from '../lib/storage';

let token: string | null = readStorage(StorageKey.token);
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return token;
}

export function setToken(next: string): void {
  token = next;
  writeStorage(StorageKey.token, next);
  emit();
}

export function clearToken(): void {
  if (token === null) return;
  token = null;
  writeStorage(StorageKey.token, null);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` on every login and logout (also in another tab); returns the unsubscribe function. */
export const onTokenChange = subscribe;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.token) return;
    token = event.newValue;
    emit();
  });
}

/** True while a token is stored; re-renders on login and logout. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => token !== null,
    () => false,
  );
}
