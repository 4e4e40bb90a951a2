import { describe, expect, it } from 'vitest';
import { resolveWebview } from './webview';

describe('the webview allowlist', () => {
  it.each([
    ['agreement', { kind: 'app', path: '/pages/auth/protocol' }],
    ['privacy', { kind: 'app', path: '/pages/auth/protocol' }],
    ['help', { kind: 'app', path: '/pages/setting/fees' }],
    ['#/pages/news/detail?id=3', { kind: 'app', path: '/pages/news/detail?id=3' }],
    ['/pages/quote/stock?code=AAPL&source=0', { kind: 'app', path: '/pages/quote/stock?code=AAPL&source=0' }],
    [
      'https://www.esma.europa.eu/investor-corner',
      { kind: 'external', href: 'https://www.esma.europa.eu/investor-corner', host: 'www.esma.europa.eu' },
    ],
  ])('opens %s', (url, target) => {
    expect(resolveWebview(url)).toEqual(target);
  });

  it.each([
    [undefined],
    [''],
    ['https://evil.example/phish'],
    ['http://www.esma.europa.eu/'],
    ['https://www.esma.europa.eu.evil.example/'],
    ['https://evil.example/?https://www.esma.europa.eu'],
    ['https://www.esma.europa.eu@evil.example/'],
    ['https://user:pw@www.esma.europa.eu/'],
    ['https://www.esma.europa.eu:8443/'],
    ['//evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['#/pages/nothing/here'],
    ['#/pages/webview/index?url=https://evil.example'],
    ['/pages/auth/login/../../..//evil.example'],
    ['https://www.esma.europa.eu/\u0000'],
    ['https://ww\u0077.esma.europa.eu\u200b/'],
    ['constructor'],
    ['toString'],
  ])('refuses %s', (url) => {
    expect(resolveWebview(url)).toEqual({ kind: 'refused' });
  });
});
