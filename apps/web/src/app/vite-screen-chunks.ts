/**
 * One chunk for the app's own code of each screen a first visit opens on, instead of some 30 chunks of 0.5 to 3 kB
 * that each cost a request and its headers and compress worse apart (bench first-visit: 162 kB -> 145 kB on the
 * wire). Over HTTP/1.1 a browser opens at most six connections to a host, so a screen of fifteen small files took
 * three rounds of the network's latency after its data had been asked for (the market tab, Lighthouse with slow 4G
 * applied). Worked out from the module graph once the build has read it:
 * - `first-screen`: the files of apps/web/src that the entry and the home screen reach by static imports;
 * - then each further screen's group (`SCREENS`): the files its page modules reach by static imports that an
 *   earlier group does not hold.
 * Not their dynamic imports (other screens, the language parts, the parts a screen loads later) and not packages:
 * `first-screen` takes in what its files use that no vendor group holds; a screen's group takes in only its own files
 * (vite.config.ts: without its dependencies), since the market tab reaches antd-mobile's index, and its group took in
 * every component there (72 kB). Used by vite.config.ts as code-splitting groups' tests; a screen that shares a file
 * with a group loads that group's chunk (after a first visit the service worker has them all).
 */
import type { Plugin } from 'vite';

const APP_CODE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/**
 * antd-mobile's setup, imported by every screen with one of its components: in a group, all of them would load that
 * chunk.
 */
const SHARED_SETUP = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]antdMobile\.ts$/;
/** main.tsx: it awaits the language's texts at its top level (why it matters: the comment above `test` at the end). */
const ENTRY_SCRIPT = /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/;
const page = (path: string) => new RegExp(`[\\\\/]apps[\\\\/]web[\\\\/]src[\\\\/]pages[\\\\/]${path}\\.tsx$`);

/** The groups beside `first-screen`: each takes the files only its pages reach (and the first screen does not). */
export const SCREENS = [
  // The quote screen and the pages that show it (bench lighthouse: "a quote").
  {
    name: 'quote-screen',
    pages: [
      page('quote/stock'),
      page('quote/future'),
      page('quote/forex'),
      page('quote/globalindex'),
      page('hkstock/quote'),
    ],
  },
  // The market tab (bench lighthouse: "markets").
  { name: 'market-screen', pages: [page('market/index')] },
] as const;
const HOME = page('home/index');

type GroupName = 'first-screen' | (typeof SCREENS)[number]['name'];

export function screenChunks(): { plugin: Plugin; test: (group: GroupName) => (id: string) => boolean } {
  const groups = new Map<GroupName, Set<string>>();
  const entries = new Set<string>();
  const plugin: Plugin = {
    name: 'beurs-screen-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      for (const id of ids) if (this.getModuleInfo(id)?.isEntry || ENTRY_SCRIPT.test(id)) entries.add(id);
      /** What `roots` reach by static imports, without what `claimed` holds. */
      const reach = (roots: string[], claimed: ReadonlySet<string>) => {
        const group = new Set<string>();
        const todo = [...roots];
        while (todo.length > 0) {
          const id = todo.pop() as string;
          if (group.has(id) || claimed.has(id)) continue;
          group.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return group;
      };
      const first = reach(
        ids.filter((id) => entries.has(id) || HOME.test(id)),
        new Set(),
      );
      groups.set('first-screen', first);
      const reached = SCREENS.map((screen) =>
        reach(
          ids.filter((id) => screen.pages.some((re) => re.test(id))),
          first,
        ),
      );
      // A file two screens reach goes to neither group: in one, it would make the other screen load that screen's
      // whole chunk; rolldown puts it in a chunk of the files they share.
      SCREENS.forEach((screen, i) => {
        const others = reached.filter((_, j) => j !== i);
        groups.set(screen.name, new Set([...(reached[i] ?? [])].filter((id) => !others.some((o) => o.has(id)))));
      });
    },
  };
  // The entry (index.html and main.tsx) stays in its own chunk: main.tsx awaits the language's texts at its top
  // level, and a module that waits there must not share a chunk with what those texts' imports need (dayjs's locale
  // imports dayjs: a deadlock).
  const test = (group: GroupName) => (id: string) =>
    Boolean(groups.get(group)?.has(id)) && !entries.has(id) && APP_CODE.test(id) && !SHARED_SETUP.test(id);
  return { plugin, test };
}
