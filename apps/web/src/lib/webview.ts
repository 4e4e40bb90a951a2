/**
 * What webview/index may show (docs/news.md "The webview"): the app's own screens, the named pages (agreement,
 * privacy, help) and https pages of the published hosts below. Anything else is refused: the screen never sends the
 * reader to an address it was handed, so a link to it cannot be used as an open redirect.
 */
import { findRoute } from '../app/routes';

/**
 * The published list of outside hosts an article may link to (exact host names, https only). A page of one opens in
 * the browser from the webview screen after the reader sees where it leads (the app's CSP frames nothing).
 */
export const WEBVIEW_HOSTS: readonly string[] = ['www.esma.europa.eu', 'www.afm.nl', 'www.fsma.be', 'www.bafin.de'];

/** The named pages and the app screen each opens. */
export const NAMED_PAGES = {
  agreement: '/pages/auth/protocol',
  privacy: '/pages/auth/protocol',
  help: '/pages/setting/fees',
} as const;

export type WebviewTarget =
  | { kind: 'app'; path: string }
  | { kind: 'external'; href: string; host: string }
  | { kind: 'refused' };

const REFUSED: WebviewTarget = { kind: 'refused' };
/** Nothing but printable ASCII: no spaces, control characters, backslashes or look-alike letters. */
const PLAIN = /^[\x21-\x7e]+$/;

/** Where `url` (the webview's query) leads, if anywhere. */
export function resolveWebview(url: string | null | undefined): WebviewTarget {
  if (!url) return REFUSED;
  const text = url.trim();
  if (text.length > 2000 || !PLAIN.test(text) || text.includes('\\')) return REFUSED;
  if (Object.hasOwn(NAMED_PAGES, text)) return { kind: 'app', path: NAMED_PAGES[text as keyof typeof NAMED_PAGES] };

  // An app route: "#/pages/area/page?query" or "/pages/area/page?query", of a screen the app has.
  const app = /^#?(\/pages\/[a-z0-9-]+\/[a-z0-9-]+)(\?[^#]*)?$/i.exec(text);
  if (app) {
    const path = app[1] ?? '';
    if (!findRoute(path) || path === '/pages/webview/index') return REFUSED;
    return { kind: 'app', path: `${path}${app[2] ?? ''}` };
  }

  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return REFUSED;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return REFUSED;
  if (!WEBVIEW_HOSTS.includes(parsed.hostname)) return REFUSED;
  return { kind: 'external', href: parsed.href, host: parsed.hostname };
}
