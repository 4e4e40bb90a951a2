/** Recent searches of the search screen, newest first, kept on this device (localStorage). */
import { useSyncExternalStore } from 'react';
import { readStorage, StorageKey, writeStorage } from './storage';

const MAX_RECENT = 10;
const listeners = new Set<() => void>();

function parse(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

let recent = parse(readStorage(StorageKey.recentSearches));

function save(next: string[]) {
  recent = next;
  writeStorage(StorageKey.recentSearches, next.length ? JSON.stringify(next) : null);
  for (const listener of listeners) listener();
}

/** Puts a term first (once, compared without case), keeping the last ten. */
export function addRecentSearch(term: string): void {
  const clean = term.trim();
  if (!clean) return;
  save([clean, ...recent.filter((r) => r.toLowerCase() !== clean.toLowerCase())].slice(0, MAX_RECENT));
}

export function clearRecentSearches(): void {
  save([]);
}

export function useRecentSearches(): string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => recent,
    () => recent,
  );
}
