// @vitest-environment happy-dom
/** Sections below the first screenful mount once their place comes near, measured in the screen's scrolling content. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './WhenNear';

/** Stands in for the browser's IntersectionObserver: the test says when the place comes near. */
let reportNear: (near: boolean) => void = () => undefined;
let rootSeen: Element | null | undefined;
class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: { root?: Element | null }) {
    reportNear = (near) => callback([{ isIntersecting: near }]);
    rootSeen = options.root;
  }
  observe() {}
  disconnect() {}
}

describe('WhenNear', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('holds the space until its place comes near, then shows the section and keeps it', () => {
    render(
      <main className="page__content">
        <WhenNear minHeight={300}>
          <p>Top movers</p>
        </WhenNear>
      </main>,
    );
    const place = screen.getByTestId('when-near');
    expect(place.style.minHeight).toBe('300px');
    expect(screen.queryByText('Top movers')).toBeNull();
    // Near is measured in the scrolling content, whose own clipping would cut a viewport margin off.
    expect(rootSeen).toBe(document.querySelector('main'));

    act(() => reportNear(true));
    expect(screen.getByText('Top movers')).toBeTruthy();
    expect(screen.queryByTestId('when-near')).toBeNull();

    act(() => reportNear(false));
    expect(screen.getByText('Top movers')).toBeTruthy();
  });

  it('shows the section at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear minHeight={300}>
        <p>Top movers</p>
      </WhenNear>,
    );
    expect(screen.getByText('Top movers')).toBeTruthy();
  });
});
