import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from './Icon';

interface MenuItemProps {
  icon?: IconName;
  label: ReactNode;
  hint?: ReactNode;
  value?: ReactNode;
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  testId?: string;
}

/** One row of a settings-style list: a link when it has `to`, a button otherwise. */
export function MenuItem({ icon, label, hint, value, to, onClick, danger, testId }: MenuItemProps) {
  const content = (
    <>
      {icon && (
        <span className={`menu__icon${danger ? ' menu__icon--danger' : ''}`}>
          <Icon name={icon} size={18} />
        </span>
      )}
      <span className="menu__label">
        {label}
        {hint && <small>{hint}</small>}
      </span>
      {value !== undefined && <span className="menu__value">{value}</span>}
      {!danger && <Icon name="chevron" size={18} className="menu__chevron" />}
    </>
  );
  const className = `menu__item${danger ? ' menu__item--danger' : ''}`;
  return (
    <li>
      {to ? (
        <Link to={to} className={className} data-testid={testId}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onClick} data-testid={testId}>
          {content}
        </button>
      )}
    </li>
  );
}

export function Menu({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="menu" aria-label={label}>
      {children}
    </ul>
  );
}
