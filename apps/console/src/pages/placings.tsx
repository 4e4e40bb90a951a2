/**
 * The placings monitor (issue 15, docs/primary-markets.md "Placings"): every placing of a listed stock (SPO / QIP)
 * with its phase, discount and price, window, lock-up, demand, and once allotted the published allotment's inputs
 * (rule, seed, lots applied and allotted), so anyone can recompute it. Read only: the job allots at the close.
 */
import { type ConsolePlacing, placing } from '@beurs/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type TableColumnsType, Typography } from 'antd';
import { api } from '../api/client';
import { consoleKeys } from '../api/keys';
import { ListHeader, ListTable, RefreshButton } from '../components/list-page';
import { t } from '../i18n';
import { formatCount } from '../lib/money';
import { formatTime } from '../lib/time';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';

const columns: TableColumnsType<ConsolePlacing> = [
  {
    title: t('placings.stock'),
    render: (_, p) => (
      <>
        <Typography.Text strong>{p.code}</Typography.Text> · {p.name}
      </>
    ),
  },
  { title: t('placings.kind'), render: (_, p) => `${p.kind} · ${p.market}` },
  { title: t('placings.phase'), dataIndex: 'phase', render: (_, p) => t(`placings.phases.${p.phase}`) },
  {
    title: t('placings.window'),
    render: (_, p) => `${formatTime(p.opensAtTimestamp)} – ${formatTime(p.closesAtTimestamp)}`,
  },
  {
    title: t('placings.price'),
    render: (_, p) =>
      p.price === null
        ? t('placings.priceAtOpen', { discount: `${Number(p.discount) * 100}%` })
        : t('placings.priceValue', {
            price: `${p.price} ${p.currency}`,
            reference: p.referencePrice,
            discount: `${Number(p.discount) * 100}%`,
          }),
  },
  { title: t('placings.lockup'), render: (_, p) => t('placings.lockupValue', { days: p.lockupDays }) },
  {
    title: t('placings.demand'),
    align: 'right',
    render: (_, p) =>
      t('placings.demandValue', {
        applications: formatCount(p.applications),
        shares: formatCount(p.sharesApplied),
        offered: formatCount(p.sharesOffered),
      }),
  },
  {
    title: t('placings.allotment'),
    render: (_, p) =>
      p.lotsAllotted === null
        ? t('placings.notYet', { rule: p.allotmentRule })
        : t('placings.allotmentValue', {
            rule: p.allotmentRule,
            seed: p.seed,
            applied: formatCount(p.lotsApplied),
            allotted: formatCount(p.lotsAllotted),
            lot: formatCount(p.lotSize),
          }),
  },
];

export function PlacingsPage() {
  useTitle(t('placings.title'));
  const [params, setParams] = usePageParams();
  const query = useQuery({
    queryKey: [...consoleKeys.all, 'placings', params.page, params.pageSize],
    queryFn: ({ signal }) =>
      api.call(placing.consolePlacingList, { page: params.page, pageSize: params.pageSize }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <ListHeader title={t('placings.title')} hint={t('placings.hint')} extra={<RefreshButton query={query} />} />
      <ListTable<ConsolePlacing>
        query={query}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={t('placings.empty')}
        scrollX={1300}
      />
    </>
  );
}
