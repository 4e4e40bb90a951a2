import { roleAtLeast } from '@beurs/contracts';
import { Result, type TableColumnsType, Tag, Typography } from 'antd';
import { isForbidden } from '../api/client';
import { type AuditEntry, useAudit } from '../api/queries';
import { ListHeader, ListTable } from '../components/list-page';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';
import styles from './audit.module.css';

function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail === 'string') return detail;
  try {
    return JSON.stringify(detail);
  } catch {
    return String(detail);
  }
}

const columns: TableColumnsType<AuditEntry> = [
  { title: t('audit.time'), dataIndex: 'createTimeTimestamp', render: (ts: number) => formatTime(ts), width: 170 },
  { title: t('audit.operator'), dataIndex: 'operator', width: 140 },
  { title: t('audit.action'), dataIndex: 'action', width: 200, render: (action: string) => <Tag>{action}</Tag> },
  {
    title: t('audit.target'),
    key: 'target',
    width: 180,
    render: (_, entry) =>
      entry.targetType ? `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}` : t('common.none'),
  },
  {
    title: t('audit.detail'),
    dataIndex: 'detail',
    render: (detail: unknown) => {
      const text = detailText(detail);
      if (!text) return t('common.none');
      return (
        <Typography.Paragraph code className={styles.flush} ellipsis={{ rows: 2, expandable: 'collapsible' }}>
          {text}
        </Typography.Paragraph>
      );
    },
  },
  { title: t('audit.ip'), dataIndex: 'ip', width: 140, render: (ip: string | null) => ip || t('common.none') },
];

function Forbidden() {
  return (
    <Result
      status="403"
      title={t('audit.forbiddenTitle')}
      subTitle={t('audit.forbidden')}
      data-testid="audit-forbidden"
    />
  );
}

export function AuditPage() {
  useTitle(t('audit.title'));
  const operator = useOperator();
  const isAdmin = roleAtLeast(operator.role, 'admin');
  const [params, setParams] = usePageParams();
  const audit = useAudit({ page: params.page, pageSize: params.pageSize }, isAdmin);

  // The server refuses reviewers too; this just avoids asking.
  if (!isAdmin || (audit.isError && isForbidden(audit.error))) return <Forbidden />;

  return (
    <>
      <ListHeader title={t('audit.title')} hint={t('audit.hint')} />
      <ListTable<AuditEntry>
        query={audit}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={t('audit.empty')}
      />
    </>
  );
}
