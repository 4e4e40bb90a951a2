/**
 * The one toast on screen (SPEC §8): a new one replaces the last, each stays TOAST_MS, then fades out.
 * A module-level store, so any code (the API client, a mutation's onError) can show one without a hook;
 * ToastHost renders it.
 */
import { TOAST_MS } from '@beurs/contracts';
import type { ReactNode } from 'react';

export interface ToastOptions {
  content: ReactNode;
  /** A large mark above the text; a failure is also announced at once (assertive) rather than politely. */
  icon?: 'success' | 'fail';
}

export interface ToastState extends ToastOptions {
  /** Changes with every show, so the host remounts the pill and its fade-in plays again. */
  key: number;
  leaving: boolean;
}

/** How long the fade-out takes before the toast leaves the page (toast.css uses the same length). */
export const TOAST_FADE_MS = 200;

let current: ToastState | null = null;
let shown = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** Puts `next` on screen and schedules its next phase, `step`, in `ms`. */
function set(next: ToastState | null, step?: () => void, ms?: number) {
  current = next;
  clearTimeout(timer);
  timer = step ? setTimeout(step, ms) : undefined;
  for (const listener of listeners) listener();
}

export const Toast = {
  show(options: ToastOptions): void {
    shown += 1;
    set({ ...options, key: shown, leaving: false }, Toast.clear, TOAST_MS);
  },
  /** Fades the toast on screen out (it stays readable while fading), then removes it. */
  clear(): void {
    if (current && !current.leaving) set({ ...current, leaving: true }, () => set(null), TOAST_FADE_MS);
  },
};

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: (): ToastState | null => current,
};
