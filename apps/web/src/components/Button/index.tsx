import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from '../Spinner';
import './button.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  color?: 'default' | 'primary' | 'danger';
  fill?: 'solid' | 'outline' | 'none';
  size?: 'mini' | 'small' | 'middle' | 'large';
  shape?: 'default' | 'rounded';
  /** The full width of its container. */
  block?: boolean;
  /** Busy: a spinner before the label, aria-busy, and no second press until it is done. */
  loading?: boolean;
}

/**
 * The app's button: a native <button> (type "button" unless told, so it never submits a form by accident) with
 * the look antd-mobile's Button had in our theme, without its code on every screen's first load.
 */
export function Button({
  color = 'default',
  fill = 'solid',
  size = 'middle',
  shape = 'default',
  block = false,
  loading = false,
  disabled = false,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'button',
    `button--${color}`,
    `button--fill-${fill}`,
    `button--${size}`,
    shape === 'rounded' && 'button--rounded',
    block && 'button--block',
    className,
  ];
  return (
    <button
      {...rest}
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner size={16} tone="current" />}
      <span>{children}</span>
    </button>
  );
}
