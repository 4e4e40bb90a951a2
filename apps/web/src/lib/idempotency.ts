/**
 * Idempotency keys for money-moving calls (docs/money.md "Idempotency"). One key per confirmed intent:
 * - made when the customer confirms (not when the form opens);
 * - the same key again when the same submission is retried (a network error or timeout may have hidden a
 *   request the server did carry out: the replay answers its first answer instead of moving money twice);
 * - a new key after success, and once the request differs from the pending one (another amount, wallet…),
 *   so the server never sees one key with two bodies (that would be a 409).
 *
 * Usage:
 *   const intent = useIdempotencyKey();
 *   const request = { from, to, amount };
 *   transfer.mutate({ ...request, idempotencyKey: intent.keyFor(request) }, { onSuccess: () => intent.renew() });
 */
import { useState } from 'react';

/** A fresh random key (a UUID; 36 characters, within the server's 8–100). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // Older browsers and plain-http origins other than localhost have no randomUUID: build a v4 UUID.
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The same JSON for the same request whatever the order of its keys. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export interface IdempotencyIntent {
  /** The key for this request: the pending one when the request is the same, else a new one. */
  keyFor(request: unknown): string;
  /** Forget the pending key (after success, or when the form changes): the next confirmation gets a new one. */
  renew(): void;
}

/** The keeper without React (tests, code outside components). */
export function createIdempotencyIntent(makeKey: () => string = newIdempotencyKey): IdempotencyIntent {
  let pending: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(request) {
      const print = fingerprint(request);
      if (pending?.fingerprint !== print) pending = { key: makeKey(), fingerprint: print };
      return pending.key;
    },
    renew() {
      pending = null;
    },
  };
}

/** One keeper per form or screen, stable across renders. */
export function useIdempotencyKey(): IdempotencyIntent {
  const [keeper] = useState(() => createIdempotencyIntent());
  return keeper;
}
