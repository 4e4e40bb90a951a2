/**
 * Component tests of the web app (vitest, `// @vitest-environment happy-dom` at the top of the test file):
 * `renderScreen` mounts a screen with the app's own providers (i18n in English, the app's query client, a
 * memory router at the given URL, with route metadata for the page title, and the toast host; antd-mobile set up
 * as the app does it) and `fakeApi` answers the app's HTTP calls by contract endpoint at the fetch layer, so the real API
 * client (headers, idempotency key, envelope, refusals) runs and every request is recorded for the test to read.
 * The quotes socket is replaced by one that never connects.
 */
import type { DataOf, Endpoint } from '@beurs/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { queryClient } from '../api/queryClient';
import { clearToken, setToken } from '../api/session';
// antd-mobile as the app sets it up: dialogs rendered on React 19, its texts in the test's language (English).
import '../app/antdMobile';
import { i18n, loadTexts } from '../app/i18n';
import type { AppRoute } from '../app/routes';
import { RouteMetaContext } from '../app/useRouteMeta';
import { ToastHost } from '../components/Toast';

/** One request the app sent. */
export interface FakeCall {
  method: string;
  /** Without /web and the query string, e.g. /market/stockDetail. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer other than success: the server's envelope with its code, message and 422 reason. */
export interface Refusal {
  refusal: { code: number; msg: string; reason?: string };
}

export const refuse = (code: number, msg: string, reason?: string): Refusal => ({ refusal: { code, msg, reason } });

type Answer<E extends Endpoint> = DataOf<E> | Refusal | Promise<DataOf<E> | Refusal>;

interface FakeRoute {
  method: string;
  path: string;
  answer: (call: FakeCall) => unknown;
}

/** Whether a contract path (`/userCenter/service/:id`) names the path called (`/userCenter/service/7`). */
const pathMatches = (pattern: string, path: string) =>
  pattern === path ||
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path);

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'refusal' in value;

function readCall(input: RequestInfo | URL, init: RequestInit | undefined): FakeCall {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  const headers = { ...(init?.headers as Record<string, string> | undefined) };
  // A form contract's body (SPEC §7 /quantization/order/save) is read as its fields, as the server reads it.
  const form = headers['content-type'] === 'application/x-www-form-urlencoded';
  const body =
    typeof init?.body !== 'string'
      ? undefined
      : form
        ? Object.fromEntries(new URLSearchParams(init.body))
        : (JSON.parse(init.body) as unknown);
  return {
    method: init?.method ?? 'GET',
    path: url.pathname.replace(/^\/web/, ''),
    query: Object.fromEntries(url.searchParams),
    body,
    headers,
  };
}

/**
 * Answers the app's calls: `on(endpoint, data)` or `on(endpoint, (call) => data | refuse(...))`, the last
 * `on` for an endpoint winning. A call without an answer is recorded in `unanswered` and gets a 501.
 */
export function fakeApi() {
  const routes: FakeRoute[] = [];
  const calls: FakeCall[] = [];
  const unanswered: FakeCall[] = [];
  const fake = {
    calls,
    unanswered,
    on<E extends Endpoint>(endpoint: E, answer: Answer<E> | ((call: FakeCall) => Answer<E>)) {
      routes.unshift({
        method: endpoint.method,
        path: endpoint.path,
        answer: (call) => (typeof answer === 'function' ? (answer as (c: FakeCall) => unknown)(call) : answer),
      });
      return fake;
    },
    /** The calls made to one endpoint, oldest first. */
    callsTo(endpoint: Endpoint): FakeCall[] {
      return calls.filter((c) => c.method === endpoint.method && pathMatches(endpoint.path, c.path));
    },
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = readCall(input, init);
    calls.push(call);
    const route = routes.find((r) => r.method === call.method && pathMatches(r.path, call.path));
    if (!route) unanswered.push(call);
    const answer = route ? await route.answer(call) : refuse(501, `No fake answer for ${call.method} ${call.path}`);
    const envelope = isRefusal(answer) ? answer.refusal : { code: 200, msg: 'success', data: answer };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  return fake;
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** A socket that never opens: live quotes stay as the queries answered them. */
class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

/** Logged in (a token is stored) unless `guest`; every test starts with an empty cache. */
export function setupScreenTests({ guest = false }: { guest?: boolean } = {}) {
  beforeEach(async () => {
    vi.stubGlobal('WebSocket', SilentSocket);
    await i18n.changeLanguage('en');
    // Every screen's texts; which screens open with the shell's alone is checked statically (locales/parts.test.ts).
    await loadTexts('rest');
    if (guest) clearToken();
    else setToken('test-token');
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    clearToken();
    vi.unstubAllGlobals();
  });
}

/** Where the screen navigated to: a marker with the path and the query, for the test to look for and read. */
function NavigatedAway() {
  const { pathname, search } = useLocation();
  return <p data-testid="navigated-away" data-path={pathname} data-search={search} />;
}

/**
 * Mounts `element` as the page at `url` (its path is the route; `route` gives it the table entry Page reads
 * its title and back button from) and returns testing-library's queries.
 */
export function renderScreen(element: ReactNode, url: string, route?: Partial<AppRoute>) {
  const path = url.split('?')[0] ?? '/';
  const meta: AppRoute = { path, titleKey: 'routes.home.index', auth: true, ...route };
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={<RouteMetaContext.Provider value={meta}>{element}</RouteMetaContext.Provider>} />
          {/* Where the screen navigates to: a marker the test can look for. */}
          <Route path="*" element={<NavigatedAway />} />
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}

/**
 * `element` once it takes taps. antd-mobile's sheets and dialogs take none while they slide in (pointer-events:
 * none on them or an ancestor), and user-event refuses a tap until then.
 */
export async function tappable<T extends HTMLElement>(element: T): Promise<T> {
  await waitFor(() => {
    for (let el: HTMLElement | null = element; el; el = el.parentElement) {
      expect(getComputedStyle(el).pointerEvents).not.toBe('none');
    }
  });
  return element;
}
