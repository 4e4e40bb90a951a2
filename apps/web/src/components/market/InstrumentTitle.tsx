import type { ReactNode } from 'react';
import './InstrumentTitle.css';

/** The navigation bar title of an instrument's screens (quote, position, order): its name over `detail` (its code). */
export function InstrumentTitle({ name, detail }: { name: string; detail?: ReactNode }) {
  return (
    <span className="quote-title">
      <span className="quote-title__name">{name}</span>
      {detail !== undefined && <small className="num">{detail}</small>}
    </span>
  );
}
