import './app/theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadOperatorDefaultLanguage } from './api/dict';
import { queryClient } from './api/queryClient';
import { getToken, onTokenChange } from './api/session';
import { App } from './app/App';
import { detectLanguage, i18nReady } from './app/i18n';
import { currentLocation } from './app/navigation';
import { prefetchFirstScreen } from './app/prefetch';
import { preloadScreen } from './app/router';
import { OfflineNotice } from './components/OfflineNotice';
import { warmNumberFormats } from './lib/format';

// iOS Safari shows :active (a button's press shade) only on pages with a touch listener; antd-mobile added one
// when it loaded, which the first screen no longer does.
document.addEventListener('touchstart', () => undefined, { passive: true });

/** How long after the load event the first screen is taken to be rendering (its own queries start with it). */
const SETTLE_AFTER_LOAD_MS = 2_000;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The ICU data that number formatting needs loads in a worker while the texts are fetched (lib/format.ts); the
// worker is started in a task of its own, not in the one that evaluates the app's modules (the longest of the visit).
const { language } = detectLanguage();
const opening = currentLocation();
setTimeout(() => warmNumberFormats(language), 0);
// The first screen's data is asked for now, beside its code (app/prefetch.ts).
prefetchFirstScreen(opening, language);
// The first render waits for the language's texts (fetched on their own), so no key shows untranslated, and for the
// first screen's code and texts, fetched alongside: rendered without them, the screen would suspend (router.tsx).
await Promise.all([i18nReady, preloadScreen(opening.split('?')[0] ?? '/')]);
const root = createRoot(container);
// In a transition, the first render is done in slices that yield to the browser (a default-priority render is one
// long task: on a mid-range phone the whole first screen at once); the splash of index.html shows meanwhile.
startTransition(() =>
  root.render(
    <StrictMode>
      <OfflineNotice />
      <App />
    </StrictMode>,
  ),
);

void loadOperatorDefaultLanguage();
// The account-event wiring reaches every money and trading query, and only a signed-in customer has account events:
// its code loads when someone is signed in, not on a guest's first visit (where it competed with the first screen).
const startAccountEvents = () => void import('./api/accountEvents').then((m) => m.startAccountEvents());
if (getToken()) startAccountEvents();
else {
  const stop = onTokenChange(() => {
    if (!getToken()) return;
    stop();
    startAccountEvents();
  });
}

// The service worker (vite-plugin-pwa, vite.config.ts) caches the app for offline use. Its install fetches the whole
// app (about 640 kB in 280 files), so it is registered once the first screen is up and has its data, when the browser
// is idle: registered at the page's load event (which an app like this reaches before its first screen), it competed
// with that screen for the network and the CPU (Lighthouse, home: blocking time 150-180 ms, 0-100 ms without).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenFirstScreenSettled(
    () => void import('workbox-window').then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register()),
  );
}

/**
 * Runs `task` a while after the page's load event, once no query is on its way (or after at most 20 checks, 10 s: a
 * hung request waits for the client's 120 s time-out), in an idle moment.
 */
function whenFirstScreenSettled(task: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 5_000 }) : setTimeout(task, 0);
  let checks = 0;
  const settled = () => (queryClient.isFetching() > 0 && ++checks < 20 ? setTimeout(settled, 500) : idle());
  const afterLoad = () => setTimeout(settled, SETTLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
