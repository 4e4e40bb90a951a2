/** The columns of a customer's fund orders (the trading card's funds tab): the terms each was sold with and its yield. */
import { type TableColumnsType, Tag, Typography } from 'antd';
import { type CustomerFund, termsOf } from '../../../api/funds';
import { t } from '../../../i18n';
import { formatAmount } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import { NameCell } from '../../name-cell';
import { none } from './cells';

export const FUNDS_WIDTH = 1300;

export const fundColumns: TableColumnsType<CustomerFund> = [
  {
    title: t('funds.product'),
    render: (_, f) => <NameCell name={f.name} detail={`${f.code} · ${t(`funds.types.${f.type}`)}`} />,
  },
  { title: t('funds.amount'), align: 'right', render: (_, f) => formatAmount(f.amount, f.currency) },
  {
    // The terms the order was sold with (a Current's rate is its last day's).
    title: t('funds.orderTerms'),
    render: (_, f) => (
      <>
        {termsOf(f)}
        <br />
        <Typography.Text type="secondary">{formatTime(f.buyTimeStamp)}</Typography.Text>
      </>
    ),
  },
  {
    title: t('funds.dates'),
    render: (_, f) => `${f.valueDate} → ${f.maturityDate ?? t('funds.anyDay')}`,
  },
  { title: t('funds.income'), align: 'right', render: (_, f) => formatAmount(f.income, f.currency) },
  { title: t('funds.dailyIncome'), align: 'right', render: (_, f) => formatAmount(f.dailyIncome, f.currency) },
  {
    title: t('funds.state'),
    render: (_, f) => (
      <Tag color={f.status === 'inProgress' ? 'blue' : 'green'}>{t(`funds.orderStates.${f.status}`)}</Tag>
    ),
  },
  {
    title: t('funds.paidBack'),
    render: (_, f) =>
      f.paidOut === null ? none : `${formatAmount(f.paidOut, f.currency)} · ${formatTime(f.sellTimeStamp ?? 0)}`,
  },
];
