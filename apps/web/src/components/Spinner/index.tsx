import type { CSSProperties } from 'react';
import './spinner.css';

/**
 * A turning ring drawn by CSS alone (antd-mobile's SpinLoading brought react-spring into the first load). It is
 * decoration: the busy element around it says what is happening (role="status", aria-busy). Gold by default,
 * or the text colour around it (`current`).
 */
export function Spinner({ size = 16, tone = 'primary' }: { size?: number; tone?: 'primary' | 'current' }) {
  const style = { '--spinner-size': `${size}px` } as CSSProperties;
  return <span className={`spinner spinner--${tone}`} style={style} aria-hidden="true" />;
}
