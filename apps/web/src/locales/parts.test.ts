import { messageCatalogue } from '@beurs/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { pagesByRoute } from '../app/pageFiles';
import { appRoutes } from '../app/routes';
import en from './en.json';
import { pickPart, SHELL_GROUPS } from './parts';

// Every source file of the app, by its path relative to this file ('../app/Shell.tsx').
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const catalogue: Record<string, unknown> = { ...en, ...messageCatalogue.en };
const GROUPS = new Set(Object.keys(catalogue));

/** The source file an import specifier of `from` names, if it is one of ours (packages are left out). */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const segment of specifier.replace(/\.js$/, '').split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => f in sources);
}

interface FileUses {
  /** Files it imports at run time, statically or by import(). */
  imports: string[];
  /** String literals and template heads that start with a catalogue group: 'home.title', `wallets.${w}`. */
  keys: string[];
}

function usesOf(file: string): FileUses {
  const source = ts.createSourceFile(file, sources[file] ?? '', ts.ScriptTarget.Latest, true);
  const uses: FileUses = { imports: [], keys: [] };
  const addImport = (specifier: ts.Expression | undefined) => {
    const target = specifier && ts.isStringLiteral(specifier) ? resolveImport(file, specifier.text) : undefined;
    if (target) uses.imports.push(target);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly) addImport(node.moduleSpecifier);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly) addImport(node.moduleSpecifier);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) addImport(node.arguments[0]);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      const group = /^(\w+)\./.exec(node.text)?.[1];
      if (group && GROUPS.has(group)) uses.keys.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** Every text key used by `roots` and all they import, as `file: key`, for the keys whose group fails `allowed`. */
function keysOutside(roots: readonly string[], allowed: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  const outside: string[] = [];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const { imports, keys } = usesOf(file);
    queue.push(...imports);
    for (const key of keys) if (!allowed.has(key.split('.')[0] ?? '')) outside.push(`${file}: ${key}`);
  }
  return outside;
}

// The page files as router.tsx globs them.
const pageFileOf = pagesByRoute(
  Object.keys(sources).filter((f) => f.startsWith('../pages/') && f.endsWith('.tsx') && !f.includes('/parts/')),
);
const shellRoutes = appRoutes.filter((route) => route.texts === 'shell');

describe('text parts', () => {
  it('every shell group is a group of the catalogues', () => {
    expect(SHELL_GROUPS.filter((group) => !GROUPS.has(group))).toEqual([]);
  });

  it('splits the catalogue into parts that together hold every group once', () => {
    const shell = Object.keys(pickPart(catalogue, 'shell'));
    const rest = Object.keys(pickPart(catalogue, 'rest'));
    expect([...shell, ...rest].sort()).toEqual([...GROUPS].sort());
    expect(rest).toContain('trading');
  });

  it('the frame (main.tsx and all it imports) uses only the shell texts', () => {
    expect(keysOutside(['../main.tsx'], new Set(SHELL_GROUPS))).toEqual([]);
  });

  it('the screens that declare texts: shell use only the shell texts', () => {
    expect(shellRoutes.map((r) => r.path)).toContain('/pages/home/index');
    const files = shellRoutes.map((route) => pageFileOf.get(route.path) ?? `no page file for ${route.path}`);
    expect(keysOutside(files, new Set(SHELL_GROUPS))).toEqual([]);
  });

  it('finds the texts a screen uses through its imports and template keys', () => {
    const uses = keysOutside(['../pages/trade/index.tsx'], new Set(SHELL_GROUPS));
    expect(uses.some((use) => use.includes(': trading.'))).toBe(true);
    expect(keysOutside(['../pages/home/index.tsx'], new Set())).toContain('../pages/home/index.tsx: home.greeting.');
  });
});
