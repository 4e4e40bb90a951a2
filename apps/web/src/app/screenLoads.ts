/**
 * Which screens' code is on its way (router.tsx counts them): the shell shows its loading bar while any is. The
 * hash router changes screens in a transition, so the screen being left stays up meanwhile.
 */
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

export function subscribeScreenLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isScreenLoading = (): boolean => loading > 0;
