import type { Currency, Wallet } from '@beurs/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SummaryList({
  rows,
}: {
  rows: ReadonlyArray<{ label: ReactNode; value: ReactNode; testId?: string }>;
}) {
  return (
    <dl className="summary-list">
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of rows
        <div key={i} data-testid={row.testId}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function WalletName({ wallet: w, currency }: { wallet: Wallet; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`wallets.${w}`)} <small className="wallet-currency">{currency}</small>
    </>
  );
}
