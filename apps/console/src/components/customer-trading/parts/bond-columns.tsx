/** The columns of a customer's bond holdings (the trading card's bonds tab): what they bought, hold and received. */
import { type TableColumnsType, Tag, Typography } from 'antd';
import type { CustomerBond } from '../../../api/bonds';
import { t } from '../../../i18n';
import { formatAmount, formatCount, formatDecimal } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import { NameCell } from '../../name-cell';
import { none } from './cells';

const STATUS_COLOR: Record<CustomerBond['status'], string> = {
  bought: 'blue',
  waitingRedemption: 'gold',
  redeemed: 'green',
  sold: 'default',
};

export const BONDS_WIDTH = 1300;

export const bondColumns: TableColumnsType<CustomerBond> = [
  {
    title: t('bonds.bond'),
    render: (_, b) => <NameCell name={b.name} detail={b.code} />,
  },
  { title: t('bonds.quantity'), align: 'right', render: (_, b) => formatCount(b.quantity) },
  {
    title: t('bonds.bought'),
    render: (_, b) => (
      <>
        {formatDecimal(b.buyingPrice, 3)} · {t('bonds.yield', { value: formatDecimal(b.yield ?? '0', 3) })}
        <br />
        <Typography.Text type="secondary">{formatTime(b.createTimeTimestamp)}</Typography.Text>
      </>
    ),
  },
  { title: t('bonds.paid'), align: 'right', render: (_, b) => formatAmount(b.total, b.currency) },
  { title: t('bonds.couponsPaid'), align: 'right', render: (_, b) => formatAmount(b.interest, b.currency) },
  {
    title: t('bonds.valueNow'),
    align: 'right',
    render: (_, b) => (b.status === 'sold' || b.status === 'redeemed' ? none : formatAmount(b.marketValue, b.currency)),
  },
  { title: t('bonds.maturity'), dataIndex: 'maturityDate' },
  {
    title: t('bonds.state'),
    render: (_, b) => <Tag color={STATUS_COLOR[b.status]}>{t(`bonds.states.${b.status}`)}</Tag>,
  },
  {
    title: t('bonds.closed'),
    render: (_, b) =>
      b.status === 'sold' && b.saleAmount !== null
        ? `${formatAmount(b.saleAmount, b.currency)} · ${formatTime(b.closeTimeTimestamp ?? 0)}`
        : b.closeTimeTimestamp
          ? formatTime(b.closeTimeTimestamp)
          : none,
  },
];
