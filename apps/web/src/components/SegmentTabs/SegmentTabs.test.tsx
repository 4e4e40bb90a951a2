// @vitest-environment happy-dom
/** The market's segment row: one selected tab, clicks and arrow keys change it, focus follows. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SegmentTabs } from './index';

const ITEMS = [
  { key: 'US', title: 'US stocks', testId: 'tab-US' },
  { key: 'HK', title: 'HK stocks' },
  { key: 'forex', title: 'Forex' },
] as const;

function Harness({ start = 'US' as 'US' | 'HK' | 'forex' }) {
  const [active, setActive] = useState<'US' | 'HK' | 'forex'>(start);
  return <SegmentTabs label="Markets" items={ITEMS} active={active} onChange={setActive} />;
}

const selected = () => screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');

describe('SegmentTabs', () => {
  afterEach(cleanup);

  it('marks one tab selected and only it reachable by Tab', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Markets' })).toBeTruthy();
    expect(selected().map((t) => t.textContent)).toEqual(['US stocks']);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByTestId('tab-US').textContent).toBe('US stocks');
  });

  it('selects a tab on click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Forex' }));
    expect(selected().map((t) => t.textContent)).toEqual(['Forex']);
  });

  it('moves with the arrow keys, wrapping at both ends, and Home and End; focus follows', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()[0]?.textContent).toBe('Forex');
    expect(document.activeElement?.textContent).toBe('Forex');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()[0]?.textContent).toBe('US stocks');
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()[0]?.textContent).toBe('Forex');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected()[0]?.textContent).toBe('US stocks');
    fireEvent.keyDown(list, { key: 'a' });
    expect(selected()[0]?.textContent).toBe('US stocks');
  });

  it('scrolls the row only when the active tab changes, not on every render with a new items array', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    function Rerendering() {
      const [active, setActive] = useState<'US' | 'HK' | 'forex'>('US');
      const [, setCount] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setCount((n) => n + 1)}>
            again
          </button>
          <SegmentTabs label="Markets" items={[...ITEMS]} active={active} onChange={setActive} />
        </>
      );
    }
    render(<Rerendering />);
    expect(scrolled).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('again'));
    fireEvent.click(screen.getByText('again'));
    expect(scrolled).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Forex' }));
    expect(scrolled).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('again'));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
