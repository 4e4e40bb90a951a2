/**
 * The placings table's columns: every placing of a listed stock (SPO / QIP) with its phase, discount and price,
 * window, lock-up, demand, and once allotted the published allotment's inputs (rule, seed, lots applied and
 * allotted), so anyone can recompute it; and, for admins, the actions its state allows.
 */
import type { ConsolePlacing } from '@beurs/contracts';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';
import { formatTime } from '../../../lib/time';

const percent = (fraction: string) => `${Number(fraction) * 100}%`;

const readColumns: TableColumnsType<ConsolePlacing> = [
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
        ? t('placings.priceAtOpen', { discount: percent(p.discount) })
        : t('placings.priceValue', {
            price: `${p.price} ${p.currency}`,
            reference: p.referencePrice,
            discount: percent(p.discount),
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

export interface PlacingActions {
  onEdit: (p: ConsolePlacing) => void;
  onCancel: (p: ConsolePlacing) => void;
}

/** The columns; with `actions` (admins) a last column offers editing (upcoming) and cancelling (not allotted). */
export function placingColumns(actions: PlacingActions | null): TableColumnsType<ConsolePlacing> {
  if (!actions) return readColumns;
  return [
    ...readColumns,
    {
      title: t('placings.actions'),
      fixed: 'right',
      render: (_, p) => (
        <Space size={4}>
          {p.editable ? (
            <Button size="small" onClick={() => actions.onEdit(p)} data-testid={`placing-edit-${p.id}`}>
              {t('placings.edit')}
            </Button>
          ) : null}
          {p.cancellable ? (
            <Button size="small" danger onClick={() => actions.onCancel(p)} data-testid={`placing-cancel-${p.id}`}>
              {t('placings.cancel')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
}
