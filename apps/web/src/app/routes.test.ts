import { describe, expect, it } from 'vitest';
import { pagesByRoute, routeOfPageFile, screenOf } from './pageFiles';
import { paths } from './paths';
import { appRoutes, findRoute, TABS } from './routes';

// The same files the router globs, as text: checked without loading the screens.
const pageSources = import.meta.glob<string>(
  ['../pages/**/*.tsx', '!../pages/**/parts/**', '!../pages/**/*.test.tsx'],
  { query: '?raw', import: 'default', eager: true },
);

describe('route files', () => {
  it('map a file path to its route', () => {
    expect(routeOfPageFile('../pages/trade/detail.tsx')).toBe('/pages/trade/detail');
    expect(routeOfPageFile('../pages/trade/detail/index.tsx')).toBe('/pages/trade/detail');
    expect(routeOfPageFile('../pages/home/index.tsx')).toBe('/pages/home/index');
    expect(routeOfPageFile('../pages/trade/detail/Chart.tsx')).toBeUndefined();
    expect(() => pagesByRoute(['../pages/a/b.tsx', '../pages/a/b/index.tsx'])).toThrow(/two page files/);
  });

  it('are each a declared route with one <Name>Page screen', () => {
    for (const [route, file] of pagesByRoute(Object.keys(pageSources))) {
      expect(findRoute(route), file).toBeDefined();
      const screens = pageSources[file]?.match(/^export (?:function|const) [A-Z]\w*Page\b/gm) ?? [];
      expect(screens.length, file).toBe(1);
    }
  });

  it('exist for the tabs and the entry route', () => {
    const built = pagesByRoute(Object.keys(pageSources));
    for (const tab of TABS) expect(built.has(tab.path), tab.path).toBe(true);
    expect(findRoute('/')?.path).toBe('/pages/index/guide');
  });

  it('give the screen of a module', () => {
    const HomePage = () => null;
    expect(screenOf({ HomePage, maskNumber: () => '' }, 'home')).toBe(HomePage);
    expect(() => screenOf({ helper: () => null }, 'x.tsx')).toThrow(/<Name>Page/);
  });
});

describe('paths', () => {
  it('build declared routes with their query', () => {
    const position = { id: 7, stockName: 'Apple & Co', stockCode: 'AAPL', source: 0 };
    expect(paths.tradeDetail(position, 'position')).toBe(
      '/pages/trade/detail?name=Apple+%26+Co&code=AAPL&source=0&id=7&type=position',
    );
    expect(paths.close({ ...position, direction: 0 })).toBe(
      '/pages/payment/close?name=Apple+%26+Co&code=AAPL&source=0&direction=1&id=7',
    );
    expect(paths.trade()).toBe('/pages/trade/index');
    expect(paths.trade({ tab: 'closed' })).toBe('/pages/trade/index?tab=closed');
    expect(paths.registerIndividual({ invite: undefined })).toBe('/pages/auth/registerindividual');
  });

  it('pick the quote screen and order ticket of an instrument', () => {
    const q = { name: 'Tencent', stock_code: '00700', source: 11, kind: 'stock' as const, market: '' };
    expect(paths.quote(q)).toBe('/pages/hkstock/quote?name=Tencent&code=00700&source=11');
    expect(paths.quote({ ...q, kind: 'index', source: 3, market: 'US' })).toBe(
      '/pages/quote/globalindex?name=Tencent&code=00700&source=3&market=US',
    );
    expect(paths.ticket({ ...q, kind: 'forex' }, 1)).toBe(
      '/pages/payment/forex?name=Tencent&code=00700&source=11&direction=1',
    );
  });

  it('only build paths of the route table', () => {
    const declared = new Set(appRoutes.flatMap((r) => (r.alias ? [r.path, r.alias] : [r.path])));
    for (const [name, build] of Object.entries(paths)) {
      if (build.length > 0) continue;
      const path = (build as () => string)().split('?')[0] ?? '';
      expect(declared.has(path), name).toBe(true);
    }
  });
});
