import { Typography } from 'antd';
import { formatAmount, formatSigned, isZero, sign } from '../../../lib/money';
import styles from '../customer-money.module.css';

/** Green for money in, red for money out. */
export function SignedAmount({ amount, currency, large }: { amount: string; currency: string; large?: boolean }) {
  const s = sign(amount);
  return (
    <Typography.Text
      strong
      type={s > 0 ? 'success' : s < 0 ? 'danger' : undefined}
      className={large ? styles.largeNowrap : styles.nowrap}
    >
      {formatSigned(amount, currency)}
    </Typography.Text>
  );
}

export function Money({ amount, currency, strong }: { amount: string; currency: string; strong?: boolean }) {
  return (
    <Typography.Text strong={strong} type={isZero(amount) ? 'secondary' : undefined} className={styles.nowrap}>
      {formatAmount(amount, currency)}
    </Typography.Text>
  );
}
