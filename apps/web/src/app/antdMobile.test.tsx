// @vitest-environment happy-dom
/**
 * antd-mobile's texts follow the app's language without a ConfigProvider, and antd-mobile stays off the home route's first load (issue 13): its setup (antdMobile.ts) loads with each module
 * that uses one of its components, and nothing the home screen and the app frame import statically reaches it.
 */
import { posix } from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ErrorBlock } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import './antdMobile';
import { i18n } from './i18n';

// Every source file of the app as text, by its path from src ('/main.tsx', '/app/App.tsx').
const sources = new Map(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, source]) => [posix.join('/app', file), source]),
);

/** The specifiers a module imports statically for their values (not `import type`, not `import()`). */
function staticImports(source: string): string[] {
  return [...source.matchAll(/^(?:import|export) (?!type )(?:[^;]*? from )?'([^']+)';$/gms)].map((m) => m[1] ?? '');
}

/** Whether a module imports a value (not only types) from antd-mobile. */
const usesAntdMobile = (source: string) =>
  [...source.matchAll(/^import (?!type )([^;]*?) from 'antd-mobile(?:\/[^']*)?';$/gms)].some((m) =>
    (m[1] ?? '')
      .replace(/[{}]/g, '')
      .split(',')
      .some((name) => name.trim() !== '' && !name.trim().startsWith('type ')),
  );

/** The app's modules reached from `roots` by static imports, and the packages they import. */
function reached(roots: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of staticImports(sources.get(file) ?? '')) {
      if (!spec.startsWith('.')) packages.add(spec);
      const base = posix.join(posix.dirname(file), spec);
      const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((f) => sources.has(f));
      if (target) stack.push(target);
    }
  }
  return { files, packages };
}

describe('antd-mobile', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it("speaks the app's language, and switches with it", async () => {
    await act(() => i18n.changeLanguage('nl'));
    const { rerender } = render(<ErrorBlock status="default" />);
    expect(screen.getByText('Oeps, er is iets fout gegaan')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    rerender(<ErrorBlock status="default" />);
    expect(screen.getByText('Oops, something went wrong')).toBeTruthy();
  });

  it('is set up by every module that uses one of its components', () => {
    const missing = [...sources]
      .filter(([file, source]) => file !== '/app/antdMobile.ts' && usesAntdMobile(source))
      .filter(([, source]) => !/^import '(?:\.\.?\/)+(?:app\/)?antdMobile';$/m.test(source))
      .map(([file]) => file);
    expect(missing).toEqual([]);
  });

  it('is not reached by the home screen and the frame around it', () => {
    const { files, packages } = reached(['/main.tsx', '/pages/home/index.tsx']);
    expect(files.has('/app/TabBar.tsx')).toBe(true);
    expect([...packages].filter((p) => p.startsWith('antd-mobile'))).toEqual([]);
  });
});
