import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import './segment-tabs.css';

interface SegmentTabsProps<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  items: ReadonlyArray<{ key: K; title: ReactNode; testId?: string }>;
  active: K;
  onChange: (key: K) => void;
}

/**
 * A row of tabs that scrolls sideways (the market's segments). Plain buttons in a tablist, drawn by CSS alone:
 * antd-mobile's Tabs measured every tab for its moving ink bar on the first render, a forced layout that was the
 * largest single cost of the market screen's blocking time (issue 13). Arrow keys, Home and End move between tabs
 * (WAI-ARIA tabs, activation follows focus); the active tab is scrolled into view when it changes.
 */
export function SegmentTabs<K extends string>({ label, items, active, onChange }: SegmentTabsProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);
  const firstKey = items[0]?.key;
  const mounted = useRef(false);
  // Only when the active tab changes (a new items array each render must not scroll the row, nor force a layout):
  // the first render keeps the row at its start unless the active tab is not the first (a shared link).
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && active === firstKey) return;
    listRef.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active, firstKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : -1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onChange(item.key);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-label={label} className="segment-tabs" onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.key === active;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={`segment-tabs__tab${selected ? ' segment-tabs__tab--active' : ''}`}
            data-testid={item.testId}
            onClick={() => onChange(item.key)}
          >
            {item.title}
          </button>
        );
      })}
    </div>
  );
}
