/**
 * Live quotes over the one WebSocket of the app (/web/ws/quotes, docs/markets.md). Components ask for
 * instrument keys ('0:AAPL') while they are on screen; the client counts the references, sends the server
 * the difference in batches (the server allows 60 messages per 10 s and 200 keys per socket), keeps a key a
 * moment after its last user left so moving between screens does not unsubscribe and resubscribe, and
 * reconnects with backoff and resubscribes by itself. Ticks land in a small store by key; `useLiveQuote`
 * lays the newest tick over a quote from any list or detail query, so every row and header updates live
 * and only the rows whose instrument ticked re-render. Guests connect too: quotes are public.
 */
import type { CompactQuote, Quote } from '@beurs/contracts';
import { startTransition, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { currentLanguage } from '../app/i18n';
import { LiveQuotesClient, type LiveStatus } from './liveClient';
import { queryClient } from './queryClient';
import { userKeys } from './user';

export type { LiveStatus };

/** The wsUrl of the user info when logged in; for guests the same path on the host the app came from. */
export function quotesSocketUrl(): string {
  const info = queryClient.getQueryData<{ wsUrl?: string }>(userKeys.info());
  const base =
    info?.wsUrl || `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/web/ws/quotes`;
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}lang=${encodeURIComponent(currentLanguage())}`;
}

/** The app's one live-quotes connection. */
export const liveQuotes = new LiveQuotesClient(quotesSocketUrl);

// ---- hooks ----

/** Follows the keys while the component is mounted and `enabled`. */
export function useLiveSubscription(keys: readonly string[], enabled = true): void {
  const joined = enabled ? [...new Set(keys)].sort().join('|') : '';
  useEffect(() => {
    if (!joined) return;
    return liveQuotes.acquire(joined.split('|'));
  }, [joined]);
}

/**
 * The newest tick of one instrument (undefined until one arrived). A tick re-renders in a transition: a second's
 * ticks for a screenful of rows render in slices that yield to the browser between them, so live prices never hold
 * the main thread long enough to delay a tap (or a slow phone's first screen).
 */
export function useLiveTick(key: string | undefined): CompactQuote | undefined {
  const [tick, setTick] = useState(() => (key ? liveQuotes.tick(key) : undefined));
  useEffect(() => {
    if (!key) {
      setTick(undefined);
      return;
    }
    setTick(liveQuotes.tick(key));
    return liveQuotes.subscribeTick(key, () => startTransition(() => setTick(liveQuotes.tick(key))));
  }, [key]);
  return key ? tick : undefined;
}

/** A quote with the newest tick laid over it; a newer quote from the server wins over an older tick. */
export function mergeTick<Q extends Quote>(quote: Q, tick: CompactQuote | undefined): Q {
  if (!tick || tick.time < quote.time) return quote;
  return { ...quote, ...tick };
}

/**
 * The live version of a quote: follows its key while mounted (and while `visible`, for long lists) and
 * merges every tick.
 */
export function useLiveQuote<Q extends Quote>(quote: Q, options: { visible?: boolean } = {}): Q {
  useLiveSubscription([quote.key], options.visible ?? true);
  const tick = useLiveTick(quote.key);
  return useMemo(() => mergeTick(quote, tick), [quote, tick]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => liveQuotes.subscribeStatus(listener),
    () => liveQuotes.getStatus(),
    () => 'idle' as const,
  );
}
