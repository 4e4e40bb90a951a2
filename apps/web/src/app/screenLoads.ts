/**
 * Which screens' code is on its way (router.tsx counts them): the shell shows its loading bar while any is. The
 * hash router changes screens in a transition, so the screen being left stays up meanwhile.
 */
import { startTransition, useEffect, useState } from 'react';

let loading = 0;
const listeners = new Set<() => void>();

function changed(by: number): void {
  loading += by;
  for (const listener of listeners) listener();
}

/** Counts `load` as a screen loading until it settles. */
export async function trackScreenLoad<T>(load: Promise<T>): Promise<T> {
  changed(1);
  try {
    return await load;
  } finally {
    changed(-1);
  }
}

/**
 * Whether a screen's code is on its way, for the shell. Followed in a transition, not with useSyncExternalStore:
 * the count drops in the same moment a lazy screen's code resolves, and a store update is rendered at once and whole,
 * so the shell's update rendered the arriving screen with it in one long task (on the first visit, the whole first
 * screen). In a transition that render comes in slices that yield to the browser.
 */
export function useScreenLoading(): boolean {
  const [active, setActive] = useState(isScreenLoading);
  useEffect(() => {
    const follow = () => startTransition(() => setActive(isScreenLoading()));
    follow();
    return subscribeScreenLoads(follow);
  }, []);
  return active;
}

export function subscribeScreenLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isScreenLoading = (): boolean => loading > 0;
