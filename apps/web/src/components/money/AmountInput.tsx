/**
 * AmountInput: a money amount as a decimal string (never a float), for every money form (transfer,
 * deposit, withdraw). Validate it with the shared rule, so the form checks what the server checks:
 *
 *   <Field name="amount" label={t('transfer.amount')} rules={[schemaRule(rules.amount)]}>
 *     <AmountInput currency="EUR" max={available} testId="withdraw-amount" />
 *   </Field>
 *
 * - `value` / `onChange` carry the text as typed, tidied: a decimal comma becomes a point (Dutch keyboards),
 *   other characters are dropped, at most `decimals` places (default 2) and 15 integer digits, no leading
 *   zeros ("05" → "5"). The field shows the value with the language's decimal sign (nl "12,5" for "12.5").
 *   The numeric keyboard opens on phones. Empty, it shows zero in the language's form
 *   ("0.00", nl "0,00").
 * - `currency` shows its symbol in front (€, $).
 * - `max` (a decimal string, e.g. the available balance) shows an "All" button that fills it in; hidden when
 *   `max` is absent or zero. `allLabel` renames it.
 * - Test ids: `testId` on the input, `${testId}-all` on the button.
 */
import { CURRENCY_SYMBOL, type Currency } from '@beurs/contracts';
import { Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { isNonZero, tidyAmount, typedDecimal, useMoneyFormat } from './format';
import './money.css';

export { tidyAmount } from './format';

export interface AmountInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  currency?: Currency;
  /** Fills the field with this amount from the "All" button (e.g. the whole available balance). */
  max?: string;
  allLabel?: string;
  placeholder?: string;
  decimals?: number;
  disabled?: boolean;
  testId?: string;
}

export function AmountInput({
  id,
  value,
  onChange,
  onBlur,
  currency,
  max,
  allLabel,
  placeholder,
  decimals = 2,
  disabled,
  testId,
}: AmountInputProps) {
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const showAll = max !== undefined && isNonZero(max);
  return (
    <div className="amount-input">
      {currency && (
        <span className="amount-input__symbol" aria-hidden="true">
          {CURRENCY_SYMBOL[currency]}
        </span>
      )}
      <Input
        id={id}
        className="amount-input__field num"
        value={typedDecimal(value ?? '', i18n.language)}
        onChange={(text) => onChange?.(tidyAmount(text, decimals))}
        onBlur={() => onBlur?.()}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder ?? money.amount('0', { places: decimals })}
        disabled={disabled}
        data-testid={testId}
        clearable
      />
      {showAll && (
        <button
          type="button"
          className="amount-input__all"
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            onChange?.(max);
            onBlur?.();
          }}
          data-testid={testId ? `${testId}-all` : undefined}
        >
          {allLabel ?? t('wallet.all')}
        </button>
      )}
    </div>
  );
}
