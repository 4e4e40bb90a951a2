// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_MS, usePriceFlash } from './usePriceFlash';

function Price({ price }: { price: string }) {
  const ref = usePriceFlash<HTMLSpanElement>(price);
  return (
    <span ref={ref} data-testid="price" className="num">
      {price}
    </span>
  );
}

describe('usePriceFlash', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('tints a price that moved, by direction, for FLASH_MS, on the same element', () => {
    const view = render(<Price price="10.00" />);
    const element = view.getByTestId('price');
    expect(element.className).toBe('num');

    view.rerender(<Price price="10.05" />);
    expect(view.getByTestId('price')).toBe(element);
    expect(element.classList.contains('flash--up')).toBe(true);

    act(() => vi.advanceTimersByTime(FLASH_MS / 2));
    view.rerender(<Price price="10.01" />);
    expect(element.classList.contains('flash--down')).toBe(true);
    expect(element.classList.contains('flash--up')).toBe(false);

    // The second move keeps its tint for its own FLASH_MS, not the first one's rest.
    act(() => vi.advanceTimersByTime(FLASH_MS / 2 + 10));
    expect(element.classList.contains('flash--down')).toBe(true);
    act(() => vi.advanceTimersByTime(FLASH_MS));
    expect(element.className).toBe('num');
  });

  it('does not tint on the first render or when the price is unchanged', () => {
    const view = render(<Price price="5" />);
    view.rerender(<Price price="5" />);
    expect(view.getByTestId('price').className).toBe('num');
  });
});
