import type { ReactNode } from 'react';
import './NavIconButton.css';

/** A round icon button on the navigation bar's right side (search, edit); `label` is its accessible name. */
export function NavIconButton({
  label,
  onClick,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button type="button" className="nav-icon" aria-label={label} data-testid={testId} onClick={onClick}>
      {children}
    </button>
  );
}
