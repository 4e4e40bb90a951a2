import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './navigation';
import { paths } from './paths';

describe('login redirects', () => {
  it('comes back to the page that asked for a login', () => {
    expect(loginPathFor('/pages/setting/security')).toBe('/pages/auth/login?redirect=%2Fpages%2Fsetting%2Fsecurity');
    expect(safeRedirect('/pages/trade/detail?code=AAPL&source=0')).toBe('/pages/trade/detail?code=AAPL&source=0');
  });

  it('never loops back into sign-in screens or the guide', () => {
    expect(loginPathFor('/pages/auth/register')).toBe('/pages/auth/login');
    expect(loginPathFor('/')).toBe('/pages/auth/login');
    expect(safeRedirect('/pages/auth/login')).toBe(paths.profile());
  });

  it('follows only in-app paths', () => {
    for (const bad of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeRedirect(bad)).toBe(paths.profile());
    }
  });
});
