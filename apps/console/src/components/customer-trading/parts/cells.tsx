/** The cells of the customer's trading tables: prices, profits, instruments, directions and statuses. */
import { Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { CustomerOrder, CustomerPosition } from '../../../api/queries';
import { lookup, t } from '../../../i18n';
import { formatDecimal, formatSigned, sign, walletLabel } from '../../../lib/money';
import styles from '../customer-trading.module.css';

export const none = t('common.none');

/** Floating profit moves with the live price: the open positions are asked for again this often. */
export const LIVE_REFRESH_MS = 10_000;

/** A price in the instrument's currency, with the decimals the server gave it (at least 2): "1.08345 USD". */
export function formatPrice(value: string, currency: string): string {
  const decimals = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  return `${formatDecimal(value, Math.max(2, Math.min(decimals, 8)))} ${currency}`;
}

export function Price({ value, currency }: { value: string | null; currency: string }) {
  if (value === null) return <>{none}</>;
  return <span className={styles.nowrap}>{formatPrice(value, currency)}</span>;
}

/** Green for a profit, red for a loss. */
export function Signed({ amount, currency }: { amount: string; currency: string }) {
  const s = sign(amount);
  return (
    <Typography.Text strong type={s > 0 ? 'success' : s < 0 ? 'danger' : undefined} className={styles.nowrap}>
      {formatSigned(amount, currency)}
    </Typography.Text>
  );
}

export function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" className={styles.smallNowrap}>
      {children}
    </Typography.Text>
  );
}

/** "Stock · Funding wallet"; "Forex wallet" where the kind and the wallet have the same name. */
function kindAndWallet(row: CustomerPosition | CustomerOrder): string {
  const kind = lookup('trading.kind', row.kind) ?? row.kind;
  const wallet = walletLabel(row.walletType);
  return kind === wallet ? t('trading.walletOf', { wallet }) : `${kind} · ${t('trading.walletOf', { wallet })}`;
}

export function Instrument({ row }: { row: CustomerPosition | CustomerOrder }) {
  return (
    <Flex vertical className={styles.shrinkable}>
      <Typography.Text strong>{row.stockCode}</Typography.Text>
      <Typography.Text type="secondary" className={styles.small} ellipsis={{ tooltip: row.stockName }}>
        {row.stockName}
      </Typography.Text>
      <Secondary>{kindAndWallet(row)}</Secondary>
    </Flex>
  );
}

/** A position's direction: buy is long, sell is short. */
export function Direction({ direction, position }: { direction: number; position?: boolean }) {
  const buy = direction === 0;
  const label = position ? (buy ? t('trading.long') : t('trading.short')) : buy ? t('trading.buy') : t('trading.sell');
  return (
    <Tag color={buy ? 'green' : 'red'} className={styles.nowrap}>
      {label}
    </Tag>
  );
}

const statusColors: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'default', 3: 'gold', 4: 'default' };

export function OrderStatusTag({ status }: { status: number }) {
  return (
    <Tag color={statusColors[status]} data-status={status}>
      {lookup('trading.orderStatus', status) ?? String(status)}
    </Tag>
  );
}

const reasonColors: Record<string, string> = {
  customer: 'default',
  closeOut: 'volcano',
  stopLoss: 'orange',
  takeProfit: 'cyan',
};

export function CloseReasonTag({ reason }: { reason: string | null }) {
  if (!reason) return <>{none}</>;
  return <Tag color={reasonColors[reason]}>{lookup('trading.closeReason', reason) ?? reason}</Tag>;
}

/** A position's direction with its leverage beneath. */
export function DirectionAndLeverage({ row }: { row: CustomerPosition }) {
  return (
    <Flex vertical align="flex-start" gap={2}>
      <Direction direction={row.direction} position />
      <Secondary>{t('trading.leverageOf', { n: row.leverage })}</Secondary>
    </Flex>
  );
}
