/**
 * One chunk for the app's own code that the first screen needs (what the entry and the home screen import), instead
 * of some 30 chunks of 0.5 to 3 kB that each cost a request and its headers and compress worse apart (bench
 * first-visit: 162 kB -> 145 kB on the wire). Worked out from the module graph once the build has read it: the files
 * of apps/web/src that the entry and the home screen reach by static imports. Not their dynamic imports (other
 * screens, the language parts, the parts a screen loads later) and not packages (the group takes in what its files
 * use that no vendor group holds). Used by vite.config.ts as a code-splitting group's test.
 */
import type { Plugin } from 'vite';

const APP_CODE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/** main.tsx: it awaits the language's texts at its top level (see the test below). */
const ENTRY_SCRIPT = /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/;
const FIRST_SCREENS = [/[\\/]apps[\\/]web[\\/]src[\\/]pages[\\/]home[\\/]index\.tsx$/];

export function firstScreenChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const firstScreen = new Set<string>();
  const entries = new Set<string>();
  const plugin: Plugin = {
    name: 'beurs-first-screen-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      for (const id of ids) if (this.getModuleInfo(id)?.isEntry || ENTRY_SCRIPT.test(id)) entries.add(id);
      const todo = ids.filter((id) => entries.has(id) || FIRST_SCREENS.some((re) => re.test(id)));
      while (todo.length > 0) {
        const id = todo.pop() as string;
        if (firstScreen.has(id)) continue;
        firstScreen.add(id);
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []).filter((next) => !firstScreen.has(next)));
      }
    },
  };
  // The entry (index.html and main.tsx) stays in its own chunk: main.tsx awaits the language's texts at its top level, and a module that waits
  // there must not share a chunk with what those texts' imports need (dayjs's locale imports dayjs: a deadlock).
  const test = (id: string) => firstScreen.has(id) && !entries.has(id) && APP_CODE.test(id);
  return { plugin, test };
}
