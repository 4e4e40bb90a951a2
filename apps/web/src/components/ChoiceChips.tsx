import { useId } from 'react';

interface ChoiceChipsProps<V extends string> {
  id?: string;
  label: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value?: V;
  onChange?: (value: V) => void;
  /** Gives each option's radio `data-testid={testIdPrefix + value}` (e.g. `kyc-idtype-` → `kyc-idtype-passport`). */
  testIdPrefix?: string;
}

/** A small radio group shown as chips (e.g. the officer's ID type). Native radios, so keyboard and screen readers work. */
export function ChoiceChips<V extends string>({
  id,
  label,
  options,
  value,
  onChange,
  testIdPrefix,
}: ChoiceChipsProps<V>) {
  const name = useId();
  return (
    <div id={id} role="radiogroup" aria-label={label} className="radio-row">
      {options.map((option) => (
        <label key={option.value} className="radio-chip">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange?.(option.value)}
            data-testid={testIdPrefix === undefined ? undefined : `${testIdPrefix}${option.value}`}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
