/**
 * Every localStorage key the app uses, in one place. Reads and writes never throw: private
 * browsing and full quotas make storage unavailable, and the app must still work.
 */
export const StorageKey = {
  token: 'beurs.token',
  language: 'beurs.language',
  launched: 'beurs.launched',
  recentSearches: 'beurs.recentSearches',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage is unavailable: the value lives for this page load only.
  }
}
