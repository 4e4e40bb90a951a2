import { ReviewStatus } from '@beurs/contracts';
import { Badge, Space, Tabs, Typography } from 'antd';
import type { QueueKind } from '../../../api/keys';
import { t } from '../../../i18n';
import type { QueueConfig } from '../types';

const statusTabs = [
  { status: ReviewStatus.Pending, label: t('review.tabs.pending') },
  { status: ReviewStatus.Failed, label: t('review.tabs.rejected') },
  { status: ReviewStatus.Approved, label: t('review.tabs.approved') },
] as const;

type Status = 1 | 2 | 3 | 4;

/** The status tabs, the pending one with how many wait, and the order the rows come in. */
export function StatusTabs({
  status,
  onChange,
  pending,
  extraTabs,
}: {
  status: number;
  onChange: (status: Status) => void;
  pending: number | undefined;
  extraTabs: NonNullable<QueueConfig<QueueKind>['extraTabs']>;
}) {
  const reviewed = status !== ReviewStatus.Pending;
  return (
    <Tabs
      activeKey={String(status)}
      onChange={(key) => onChange(Number(key) as Status)}
      items={[...statusTabs, ...extraTabs].map(({ status: tab, label }) => ({
        key: String(tab),
        label:
          tab === ReviewStatus.Pending && pending ? (
            <Space size={6}>
              {label}
              <Badge count={pending} overflowCount={999} color="gold" />
            </Space>
          ) : (
            label
          ),
      }))}
      tabBarExtraContent={
        <Typography.Text type="secondary">
          {reviewed ? t('review.newestFirst') : t('review.oldestFirst')}
        </Typography.Text>
      }
    />
  );
}
