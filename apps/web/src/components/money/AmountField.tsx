/**
 * The amount of a product's money form (follow, AI quant, robot, fund): its label, the ticket's input box around
 * AmountInput (red while `problem` is said), and the problem under it. `id` is also the input's test id; the
 * problem's is `${id}-problem`.
 */
import type { Currency } from '@beurs/contracts';
import type { ReactNode } from 'react';
import { AmountInput } from './AmountInput';
import '../trading/trading.css';

export function AmountField({
  id,
  label,
  currency,
  value,
  onChange,
  placeholder,
  problem,
}: {
  id: string;
  label: ReactNode;
  currency: Currency;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  problem: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className={`ticket-input${problem ? ' ticket-input--error' : ''}`}>
        <AmountInput
          id={id}
          currency={currency}
          value={value}
          onChange={onChange}
          placeholder={placeholder}
          testId={id}
        />
      </div>
      {problem && (
        <p className="ticket-error" data-testid={`${id}-problem`}>
          {problem}
        </p>
      )}
    </>
  );
}
