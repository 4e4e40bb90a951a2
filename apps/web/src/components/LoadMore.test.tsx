// @vitest-environment happy-dom
/**
 * The paged list's footer: the next page loads while the end of the list is near and only then, page after page
 * while it stays near, and a failed page waits for the retry.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, setupScreenTests } from '../test/render';
import { LoadMore, MAX_PAGES_PER_APPROACH, type PagedQuery } from './LoadMore';

/** Stands in for the browser's IntersectionObserver: the test says when the sentinel comes near. */
let reportNear: (near: boolean) => void = () => undefined;
class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    reportNear = (near) => callback([{ isIntersecting: near }]);
  }
  observe() {}
  disconnect() {}
}

/** A paged query of `pages` pages whose fetches answer as `outcomes` says (true: failed), then succeed. */
function pagedQuery(pages: number, outcomes: boolean[] = []) {
  let loaded = 1;
  const query: PagedQuery & { fetches: number } = {
    fetches: 0,
    hasNextPage: loaded < pages,
    fetchNextPage: vi.fn(async () => {
      query.fetches += 1;
      const isError = outcomes.shift() ?? false;
      if (!isError) loaded += 1;
      query.hasNextPage = loaded < pages;
      return { isError, error: isError ? new Error('down') : null };
    }),
  };
  return query;
}

const footer = (query: PagedQuery) =>
  renderScreen(<LoadMore query={query} endText="The end" />, '/pages/notice/index', { auth: false });

describe('LoadMore', () => {
  setupScreenTests({ guest: true });
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));

  it('loads nothing until the end of the list comes near', async () => {
    const query = pagedQuery(3);
    footer(query);
    expect(await screen.findByText('Loading…')).toBeTruthy();
    act(() => reportNear(false));
    expect(query.fetches).toBe(0);
  });

  it('loads page after page while the end stays near, then says the list is complete', async () => {
    const query = pagedQuery(3);
    footer(query);
    await screen.findByText('Loading…');
    act(() => reportNear(true));
    expect(await screen.findByText('The end')).toBeTruthy();
    expect(query.fetches).toBe(2);
  });

  it('asks a bounded number of pages while the end stays near, even when the answers bring nothing', async () => {
    // A fetch that answers at once without a new page (a cancelled or deduplicated request) left the end near and the
    // next page still wanted: the footer asked again at once, a request loop with a render per answer.
    const query: PagedQuery & { fetches: number } = {
      fetches: 0,
      hasNextPage: true,
      fetchNextPage: vi.fn(async () => {
        query.fetches += 1;
        return { isError: false, error: null };
      }),
    };
    footer(query);
    await screen.findByText('Loading…');
    act(() => reportNear(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(query.fetches).toBe(MAX_PAGES_PER_APPROACH);

    // The end leaves and comes near again (the user scrolls): another round.
    act(() => reportNear(false));
    act(() => reportNear(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(query.fetches).toBe(2 * MAX_PAGES_PER_APPROACH);
  });

  it('stops after a failed page and tries again when asked', async () => {
    const query = pagedQuery(2, [true]);
    footer(query);
    await screen.findByText('Loading…');
    act(() => reportNear(true));
    const retry = await screen.findByRole('button', { name: 'Could not load more. Tap to try again' });
    expect(query.fetches).toBe(1);
    await userEvent.setup().click(retry);
    expect(await screen.findByText('The end')).toBeTruthy();
    expect(query.fetches).toBe(2);
  });
});
