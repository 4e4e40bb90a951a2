import { type TableColumnsType, Tag, Typography } from 'antd';
import { type OutboxMail, useOutbox } from '../api/queries';
import { ListHeader, ListTable, RefreshButton } from '../components/list-page';
import { formatTime } from '../lib/time';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';
import { strings } from '../strings';

const t = strings.outbox;

const columns: TableColumnsType<OutboxMail> = [
  {
    title: t.time,
    dataIndex: 'createTimeTimestamp',
    render: (ts: number) => formatTime(ts),
    width: 170,
  },
  {
    title: t.recipient,
    dataIndex: 'recipient',
    width: 240,
    render: (recipient: string) => <Typography.Text copyable>{recipient}</Typography.Text>,
  },
  { title: t.subject, dataIndex: 'subject', width: 260 },
  {
    title: t.body,
    dataIndex: 'body',
    render: (body: string) => (
      // Mail bodies are plain text with line breaks.
      <Typography.Paragraph
        style={{ whiteSpace: 'pre-wrap', margin: 0 }}
        ellipsis={{ rows: 4, expandable: 'collapsible' }}
      >
        {body}
      </Typography.Paragraph>
    ),
  },
  {
    title: t.transport,
    dataIndex: 'transport',
    width: 110,
    render: (transport: string) => <Tag>{transport}</Tag>,
  },
];

export function OutboxPage() {
  useTitle(t.title);
  const [params, setParams] = usePageParams();
  const outbox = useOutbox(params);

  return (
    <>
      <ListHeader
        title={t.title}
        hint={t.hint}
        search={{ value: params.q, placeholder: t.searchPlaceholder, onSearch: (q) => setParams({ q }) }}
        extra={<RefreshButton query={outbox} />}
      />
      <ListTable<OutboxMail>
        query={outbox}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={params.q ? t.emptySearch(params.q) : t.empty}
      />
    </>
  );
}
