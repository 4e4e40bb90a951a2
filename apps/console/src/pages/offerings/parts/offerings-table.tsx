import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { PageParams } from '../../../api/keys';
import type { ConsoleOffering, useOfferings } from '../../../api/primary';
import { ListTable } from '../../../components/list-page';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import styles from '../offerings.module.css';
import { PhaseTag } from './phase-tag';

/** "18.00 – 21.00 USD", or one price when it is fixed. */
export const priceRange = (o: Pick<ConsoleOffering, 'priceMin' | 'priceMax' | 'currency'>) =>
  o.priceMin === o.priceMax ? `${o.priceMax} ${o.currency}` : `${o.priceMin} – ${o.priceMax} ${o.currency}`;

const columns: TableColumnsType<ConsoleOffering> = [
  {
    title: t('offerings.code'),
    dataIndex: 'code',
    render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
  },
  { title: t('offerings.issuer'), dataIndex: 'issuer', ellipsis: true },
  { title: t('offerings.exchange'), render: (_, o) => `${o.market} · ${o.exchange}` },
  { title: t('offerings.phase'), dataIndex: 'phase', render: (_, o) => <PhaseTag phase={o.phase} /> },
  {
    title: t('offerings.window'),
    render: (_, o) => `${formatTime(o.opensAtTimestamp)} – ${formatTime(o.closesAtTimestamp)}`,
  },
  { title: t('offerings.price'), render: (_, o) => priceRange(o) },
  { title: t('offerings.sharesOffered'), align: 'right', render: (_, o) => formatCount(o.sharesOffered) },
  { title: t('offerings.subscriptions'), align: 'right', render: (_, o) => formatCount(o.subscriptions) },
  {
    title: t('offerings.demand'),
    align: 'right',
    render: (_, o) => t('offerings.coverage', { shares: formatCount(o.sharesApplied), coverage: o.coverage }),
  },
];

export function OfferingsTable({
  query,
  params,
  setParams,
}: {
  query: ReturnType<typeof useOfferings>;
  params: PageParams;
  setParams: (next: PageParams) => void;
}) {
  const navigate = useNavigate();
  return (
    <ListTable<ConsoleOffering>
      query={query}
      params={params}
      setParams={setParams}
      columns={columns}
      emptyText={t('offerings.empty')}
      scrollX={1200}
      onRow={(o) => ({
        onClick: () => navigate(`/offerings/${o.id}`),
        className: styles.clickable,
        'data-testid': `offering-row-${o.code}`,
      })}
    />
  );
}
