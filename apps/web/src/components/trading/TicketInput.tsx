/**
 * The typed figures of the trading screens: their label, then the ticket's input box (red, and the input
 * `aria-invalid`, once `invalid`) around an antd-mobile Input whose id is also its test id, and `unit` after the
 * text. Without `label` only the box is drawn (the ticket's limit price shares its label with the market price
 * shown in its place).
 * - `PriceField`: a price as a decimal string (limit price, stop-loss, take-profit); a decimal comma becomes
 *   a point (Dutch keyboards), other characters go; the field shows it with the language's decimal sign (nl
 *   "551,61" for "551.61"); phones open the decimal keyboard.
 * - `QuantityField`: whole units (order, add to position, close); the numeric keyboard.
 * - `QuantityPresets`: "Half" and "Full", the quantities the wallet's available balance can carry (from the
 *   ticket figures; disabled until they come or when the balance carries none).
 */
import { Input, type InputRef } from 'antd-mobile';
import '../../app/antdMobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HalfOrFull } from '../../api/trading';
import { useFormatters } from '../../lib/format';
import { typedDecimal } from '../money/format';
import { tidyPrice, tidyQuantity } from './figures';
import './trading.css';

interface TicketInputProps {
  id: string;
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  placeholder?: string;
  clearable?: boolean;
  autoComplete?: 'off';
  unit?: ReactNode;
}

function TicketInput({
  label,
  invalid,
  unit,
  onChange,
  tidy,
  ...input
}: TicketInputProps & { inputMode: 'decimal' | 'numeric'; tidy: (text: string) => string }) {
  const { i18n } = useTranslation();
  const value = input.inputMode === 'decimal' ? typedDecimal(input.value, i18n.language) : input.value;
  // antd-mobile's Input hands only a few aria attributes to its <input>: the invalid state is set on it here, so
  // a screen reader says so as the red box does.
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    ref.current?.nativeElement?.setAttribute('aria-invalid', invalid ? 'true' : 'false');
  }, [invalid]);
  const box = (
    <div className={`ticket-input${invalid ? ' ticket-input--error' : ''}`}>
      <Input
        ref={ref}
        {...input}
        value={value}
        className="num"
        onChange={(text) => onChange(tidy(text))}
        data-testid={input.id}
      />
      {unit !== undefined && <span className="ticket-input__unit">{unit}</span>}
    </div>
  );
  if (label === undefined) return box;
  return (
    <>
      <label className="ticket-field__label" htmlFor={input.id}>
        {label}
      </label>
      {box}
    </>
  );
}

export function PriceField(props: TicketInputProps) {
  return <TicketInput {...props} inputMode="decimal" tidy={tidyPrice} />;
}

const wholeUnits = (text: string) => tidyQuantity(text, 0);

export function QuantityField(props: TicketInputProps) {
  return <TicketInput {...props} inputMode="numeric" tidy={wholeUnits} />;
}

export function QuantityPresets({
  figures,
  onPick,
  testIdPrefix,
}: {
  figures: HalfOrFull | undefined;
  onPick: (quantity: string) => void;
  /** Test ids `${testIdPrefix}-half` and `${testIdPrefix}-full`. */
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="ticket-presets">
      {(['half', 'full'] as const).map((preset) => (
        <button
          key={preset}
          type="button"
          className="chip"
          disabled={!figures || figures[preset] <= 0}
          onClick={() => figures && onPick(String(figures[preset]))}
          data-testid={testIdPrefix && `${testIdPrefix}-${preset}`}
        >
          {t(`trading.ticket.${preset}`)}
          {figures && figures[preset] > 0 && <span className="num"> · {f.integer(figures[preset])}</span>}
        </button>
      ))}
    </div>
  );
}
