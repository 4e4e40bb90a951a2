import { type ReactNode, useId } from 'react';
import './segmented.css';

interface SegmentedProps<V extends string | number> {
  /** The group's accessible name (the visible field label, or what the choice is about). */
  label: string;
  options: ReadonlyArray<{ value: V; label: ReactNode; disabled?: boolean }>;
  value: V;
  onChange: (value: V) => void;
}

/**
 * A two-to-four-way switch (order type, proof method, withdrawal kind) drawn as one bar. Native radios in a
 * radiogroup: antd-mobile's Segmented puts radios inside a listbox, which screen readers cannot use (axe:
 * aria-required-children, critical).
 */
export function Segmented<V extends string | number>({ label, options, value, onChange }: SegmentedProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="segmented">
      {options.map((option) => (
        <label
          key={String(option.value)}
          className={`segmented__item${option.value === value ? ' segmented__item--checked' : ''}${
            option.disabled ? ' segmented__item--disabled' : ''
          }`}
        >
          <input
            type="radio"
            className="segmented__input"
            name={name}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span className="segmented__label">{option.label}</span>
        </label>
      ))}
    </div>
  );
}
