// @vitest-environment happy-dom
/**
 * The first screen's code is fetched before the first render (main.tsx, preloadScreen), and a screen whose code is
 * at hand renders at once: the splash is not committed as a fallback first, which React follows by holding the
 * screen back for up to 300 ms. Screens slide in only once the user has moved (theme.css `[data-navigated] .page`).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../api/queryClient';
import { fakeApi, setupScreenTests } from '../test/render';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { AppRouter, preloadScreen } from './router';

setupScreenTests({ guest: true });

const mount = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>,
  );

describe('the first screen', () => {
  it('renders in the first commit when its code was preloaded, without the splash in between', async () => {
    fakeApi();
    window.location.hash = `#${paths.guide()}`;
    await preloadScreen(paths.guide());
    const { container } = mount();
    // No await: what the first commit shows.
    expect(container.querySelector('.splash')).toBeNull();
    expect(container.querySelector('.guide')).not.toBeNull();
  });

  it('is not faded in; a screen the user moves to is', async () => {
    fakeApi();
    delete document.documentElement.dataset.navigated;
    window.location.hash = `#${paths.guide()}`;
    await preloadScreen(paths.guide());
    mount();
    expect(document.documentElement.dataset.navigated).toBeUndefined();
    await act(() => navigateTo(paths.home()));
    expect(await screen.findByTestId('home-watchlist')).toBeTruthy();
    expect(document.documentElement.dataset.navigated).toBe('');
  });

  it('leaves a guarded screen alone for a guest, and unknown paths too', async () => {
    await expect(preloadScreen(paths.trade())).resolves.toBeUndefined();
    await expect(preloadScreen('/no/such/screen')).resolves.toBeUndefined();
  });
});
