// @vitest-environment happy-dom
/**
 * The shell's own updates (a session change, the brand's answer, the loading bar) leave the screen below alone: on
 * a first visit such an update arriving with the screen's code rendered the whole first screen in one blocking task.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { flushSync } from 'react-dom';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../api/queryClient';
import { setToken } from '../api/session';
import { fakeApi, setupScreenTests } from '../test/render';
import { Shell } from './Shell';

setupScreenTests({ guest: true });

describe('Shell', () => {
  it('does not render an arriving screen inside a blocking update of its own', async () => {
    // The brand and whatever else the shell asks for get a refusal: the shell shows its defaults.
    fakeApi();
    let renders = 0;
    function Screen() {
      renders += 1;
      return <p data-testid="screen">home</p>;
    }
    let arrive: (module: { default: typeof Screen }) => void = () => undefined;
    const Lazy = lazy(() => new Promise<{ default: typeof Screen }>((resolve) => (arrive = resolve)));
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/pages/home/index']}>
          <Routes>
            <Route element={<Shell />}>
              <Route path="/pages/home/index" element={<Lazy />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    let rendersInBlockingUpdate = -1;
    await act(async () => {
      arrive({ default: Screen });
      for (let i = 0; i < 5; i++) await Promise.resolve();
      // A store the shell follows changes: React renders the shell at once.
      flushSync(() => setToken('another-token'));
      rendersInBlockingUpdate = renders;
    });
    expect(rendersInBlockingUpdate).toBe(0);
    expect(await screen.findByTestId('screen')).toBeTruthy();
    expect(renders).toBeGreaterThan(0);
  });
});
