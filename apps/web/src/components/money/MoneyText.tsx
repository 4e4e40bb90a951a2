import type { Currency, Decimal } from '@beurs/contracts';
import { trendOfAmount, useMoneyFormat } from './format';
import './money.css';

interface MoneyTextProps {
  /** A decimal string from the server (or a Decimal); never a float. */
  amount: string | Decimal | null | undefined;
  currency?: Currency;
  /** 'always' shows "+" for money in (bill amounts, profit); default only "-" for money out. */
  sign?: 'auto' | 'always';
  /** Colour by sign: rise (#21E57B) for money in, fall (#FD005C) for money out, none for zero. */
  trend?: boolean;
  className?: string;
  testId?: string;
}

/** An amount with its currency symbol in the interface language: "€1,234.56", "+$12.00", "-€3,10". */
export function MoneyText({ amount, currency, sign, trend = false, className, testId }: MoneyTextProps) {
  const money = useMoneyFormat();
  const tone = trend ? trendOfAmount(amount) : 'flat';
  const classes = ['money', 'num', tone !== 'flat' ? tone : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} data-testid={testId}>
      {money.amount(amount, { currency, sign })}
    </span>
  );
}
