import { type TableColumnsType, Tag, Typography } from 'antd';
import { type OutboxMail, useOutbox } from '../api/queries';
import { ListHeader, ListTable, RefreshButton } from '../components/list-page';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';
import styles from './outbox.module.css';

const columns: TableColumnsType<OutboxMail> = [
  {
    title: t('outbox.time'),
    dataIndex: 'createTimeTimestamp',
    render: (ts: number) => formatTime(ts),
    width: 170,
  },
  {
    title: t('outbox.recipient'),
    dataIndex: 'recipient',
    width: 240,
    render: (recipient: string) => <Typography.Text copyable>{recipient}</Typography.Text>,
  },
  { title: t('outbox.subject'), dataIndex: 'subject', width: 260 },
  {
    title: t('outbox.body'),
    dataIndex: 'body',
    render: (body: string) => (
      // Mail bodies are plain text with line breaks.
      <Typography.Paragraph className={styles.preformatted} ellipsis={{ rows: 4, expandable: 'collapsible' }}>
        {body}
      </Typography.Paragraph>
    ),
  },
  {
    title: t('outbox.transport'),
    dataIndex: 'transport',
    width: 110,
    render: (transport: string) => <Tag>{transport}</Tag>,
  },
];

export function OutboxPage() {
  useTitle(t('outbox.title'));
  const [params, setParams] = usePageParams();
  const outbox = useOutbox(params);

  return (
    <>
      <ListHeader
        title={t('outbox.title')}
        hint={t('outbox.hint')}
        search={{ value: params.q, placeholder: t('outbox.searchPlaceholder'), onSearch: (q) => setParams({ q }) }}
        extra={<RefreshButton query={outbox} />}
      />
      <ListTable<OutboxMail>
        query={outbox}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={params.q ? t('outbox.emptySearch', { q: params.q }) : t('outbox.empty')}
      />
    </>
  );
}
