/**
 * The support inbox (docs/support.md): conversations by status and assignment, the latest message first, with the
 * customer messages no operator has read; and one conversation, where an operator answers (in the customer's language,
 * with a reusable reply if one fits, and a picture if it helps), assigns it and sets its status. New messages arrive over the live socket
 * (api/support.ts). The server audits every answer, assignment and status change.
 */
import {
  LANGUAGE_NAMES,
  SUPPORT_ASSIGNED,
  SUPPORT_LIMITS,
  SUPPORT_STATUSES,
  type UploadedFile,
} from '@beurs/contracts';
import {
  App,
  Badge,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Image,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  type SupportQueueParams,
  type SupportRow,
  useSupportAssign,
  useSupportOperators,
  useSupportQueue,
  useSupportRead,
  useSupportReply,
  useSupportStatus,
  useSupportTemplates,
  useSupportThread,
} from '../api/support';
import { ErrorAlert } from '../components/error-alert';
import { ImageUploadButton } from '../components/image-upload';
import { ListEmpty, ListHeader } from '../components/list-page';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import styles from './support.module.css';

/** The inbox's assignment filter, as the contract names its values. */
const ASSIGNED_LABELS = {
  any: 'support.assignedAny',
  me: 'support.assignedMe',
  none: 'support.assignedNone',
} as const satisfies Record<(typeof SUPPORT_ASSIGNED)[number], string>;

const STATUS_COLOR: Record<SupportRow['status'], string> = { open: 'gold', pending: 'blue', closed: 'default' };

function StatusTag({ status }: { status: SupportRow['status'] }) {
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="support-status">
      {t(`support.status.${status}`)}
    </Tag>
  );
}

const columns: TableColumnsType<SupportRow> = [
  {
    title: t('support.subject'),
    dataIndex: 'subject',
    render: (_: string, row) => (
      <Flex vertical>
        <Typography.Text strong={row.unread > 0}>{row.subject}</Typography.Text>
        <Typography.Text type="secondary" ellipsis className={styles.preview}>
          {row.lastText ?? t('support.image')}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: t('support.customer'),
    dataIndex: 'userId',
    width: 200,
    render: (_: string, row) => (
      <Flex vertical>
        <span>{row.userId}</span>
        <Typography.Text type="secondary">{row.email}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: t('support.topic'),
    dataIndex: 'topic',
    width: 130,
    render: (topic: SupportRow['topic']) => t(`support.topics.${topic}`),
  },
  {
    title: t('support.statusTitle'),
    dataIndex: 'status',
    width: 140,
    render: (s: SupportRow['status']) => <StatusTag status={s} />,
  },
  {
    title: t('support.assignee'),
    dataIndex: 'assignee',
    width: 130,
    render: (a: string | null) => a ?? t('support.nobody'),
  },
  {
    title: t('support.unread'),
    dataIndex: 'unread',
    width: 90,
    render: (n: number) => <Badge count={n} overflowCount={99} showZero={false} data-testid="support-unread" />,
  },
  {
    title: t('support.lastMessage'),
    dataIndex: 'lastMessageTimestamp',
    width: 170,
    render: (ms: number) => formatTime(ms),
  },
];

export function SupportInboxPage() {
  useTitle(t('menu.support'));
  const navigate = useNavigate();
  const [params, setParams] = useState<SupportQueueParams>({ status: 'open', assigned: 'any', page: 1, pageSize: 20 });
  const queue = useSupportQueue(params);
  const set = (next: Partial<SupportQueueParams>) => setParams((p) => ({ ...p, page: 1, ...next }));

  return (
    <>
      <ListHeader
        title={t('menu.support')}
        hint={t('support.hint', { n: queue.data?.unread ?? 0 })}
        search={{
          value: params.q ?? '',
          placeholder: t('support.search'),
          onSearch: (q) => set({ q: q || undefined }),
        }}
      />
      <Space wrap className={styles.toolbar}>
        <Segmented
          value={params.status ?? 'all'}
          onChange={(v) => set({ status: v === 'all' ? undefined : (v as SupportRow['status']) })}
          options={[
            ...SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`support.status.${s}`) })),
            { value: 'all', label: t('support.all') },
          ]}
          data-testid="support-filter-status"
        />
        <Segmented
          value={params.assigned ?? 'any'}
          onChange={(v) => set({ assigned: v as SupportQueueParams['assigned'] })}
          options={SUPPORT_ASSIGNED.map((a) => ({ value: a, label: t(ASSIGNED_LABELS[a]) }))}
        />
      </Space>
      {queue.isError ? <ErrorAlert error={queue.error} onRetry={() => queue.refetch()} /> : null}
      <Table<SupportRow>
        rowKey="id"
        columns={columns}
        dataSource={queue.data?.list ?? []}
        loading={queue.isFetching}
        locale={{ emptyText: <ListEmpty query={queue} text={t('support.empty')} /> }}
        onRow={(row) => ({ onClick: () => navigate(`/support/${row.id}`), style: { cursor: 'pointer' } })}
        pagination={{
          current: Number(params.page ?? 1),
          pageSize: Number(params.pageSize ?? 20),
          total: queue.data?.total ?? 0,
          onChange: (page, pageSize) => setParams((p) => ({ ...p, page, pageSize })),
        }}
        scroll={{ x: 1100 }}
        data-testid="support-queue"
      />
    </>
  );
}

export function SupportConversationPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const operator = useOperator();
  const id = Number(useParams().id);
  const thread = useSupportThread(id);
  const operators = useSupportOperators();
  const templates = useSupportTemplates();
  const reply = useSupportReply(id);
  const read = useSupportRead(id);
  const assign = useSupportAssign(id);
  const status = useSupportStatus(id);
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<UploadedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const conversation = thread.data?.conversation;
  useTitle(conversation?.subject ?? t('menu.support'));

  // The customer's messages count as read while the conversation is open, new ones too (they arrive live).
  const unread = conversation?.unread ?? 0;
  const { mutate: markRead } = read;
  useEffect(() => {
    if (unread > 0) markRead();
  }, [unread, markRead]);

  if (thread.isError) return <ErrorAlert error={thread.error} onRetry={() => thread.refetch()} />;
  if (!thread.data || !conversation) return <Empty description={t('common.loading')} />;
  const { messages, hasMore } = thread.data;

  const send = () => {
    const value = text.trim();
    const refused =
      !value && !picture
        ? t('support.enterText')
        : value.length > SUPPORT_LIMITS.textMax
          ? t('support.textTooLong')
          : null;
    setProblem(refused);
    if (refused) return;
    reply.mutate(
      { ...(value ? { text: value } : {}), ...(picture ? { fileId: picture.fileId } : {}) },
      {
        onSuccess: () => {
          setText('');
          setPicture(null);
          message.success(t('support.sent'));
        },
        onError: (error) => message.error(error.message),
      },
    );
  };
  const fitting = (templates.data ?? []).filter((r) => r.language === conversation.language);
  const others = (templates.data ?? []).filter((r) => r.language !== conversation.language);

  return (
    <>
      <Button onClick={() => navigate('/support')} className={styles.back}>
        {t('common.back')}
      </Button>
      <Card
        title={conversation.subject}
        extra={<StatusTag status={conversation.status} />}
        className={styles.section}
        data-testid="support-conversation"
      >
        <Descriptions
          size="small"
          column={3}
          items={[
            {
              key: 'customer',
              label: t('support.customer'),
              children: `${conversation.userId} (${conversation.email})`,
            },
            { key: 'topic', label: t('support.topic'), children: t(`support.topics.${conversation.topic}`) },
            {
              key: 'language',
              label: t('support.language'),
              children: (
                <span lang={conversation.language} data-testid="support-language">
                  {LANGUAGE_NAMES[conversation.language]}
                </span>
              ),
            },
            {
              key: 'assignee',
              label: t('support.assignee'),
              children: (
                <Space>
                  <Select<number | 'none'>
                    className={styles.select}
                    value={conversation.assigneeId ?? 'none'}
                    loading={assign.isPending}
                    onChange={(v) =>
                      assign.mutate(v === 'none' ? null : v, { onError: (e) => message.error(e.message) })
                    }
                    options={[
                      { value: 'none', label: t('support.nobody') },
                      ...(operators.data ?? []).map((o) => ({ value: o.id, label: o.username })),
                    ]}
                    aria-label={t('support.assignee')}
                    data-testid="support-assignee"
                  />
                  {conversation.assigneeId !== operator.id ? (
                    <Button size="small" onClick={() => assign.mutate(operator.id)} data-testid="support-take">
                      {t('support.takeIt')}
                    </Button>
                  ) : null}
                </Space>
              ),
            },
            {
              key: 'status',
              label: t('support.statusTitle'),
              children: (
                <Select<SupportRow['status']>
                  className={styles.select}
                  value={conversation.status}
                  loading={status.isPending}
                  onChange={(v) => status.mutate(v, { onError: (e) => message.error(e.message) })}
                  options={SUPPORT_STATUSES.map((s) => ({
                    value: s,
                    label: t(`support.status.${s}`),
                  }))}
                  aria-label={t('support.statusTitle')}
                  data-testid="support-set-status"
                />
              ),
            },
          ]}
        />
      </Card>
      <Card className={styles.section}>
        <Flex vertical gap={12} data-testid="support-thread">
          {hasMore ? <Typography.Text type="secondary">{t('support.older')}</Typography.Text> : null}
          {messages.map((m) => (
            <Flex key={m.id} justify={m.from === 'operator' ? 'flex-end' : 'flex-start'}>
              <div
                data-testid="support-message"
                data-from={m.from}
                className={m.from === 'operator' ? `${styles.message} ${styles.fromOperator}` : styles.message}
              >
                <Typography.Text type="secondary" className={styles.meta}>
                  {m.from === 'operator' ? (m.operatorName ?? t('support.operator')) : conversation.userId} ·{' '}
                  {formatTime(m.createTimestamp)}
                  {m.from === 'operator' && m.read ? ` · ${t('support.read')}` : ''}
                </Typography.Text>
                {m.text ? <div>{m.text}</div> : null}
                {m.image ? <Image src={m.image.url} alt={t('support.image')} width={200} /> : null}
              </div>
            </Flex>
          ))}
        </Flex>
      </Card>
      <Card title={t('support.answer')}>
        <Space direction="vertical" className={styles.fullWidth}>
          <Select<number>
            className={styles.templates}
            placeholder={t('support.useReply')}
            value={null as unknown as number}
            onChange={(rid) => setText((templates.data ?? []).find((r) => r.id === rid)?.text ?? text)}
            options={[
              { label: t('support.repliesInLanguage'), options: fitting.map((r) => ({ value: r.id, label: r.title })) },
              {
                label: t('support.repliesOther'),
                options: others.map((r) => ({ value: r.id, label: `${r.title} (${r.language})` })),
              },
            ]}
            notFoundContent={t('support.noReplies')}
            aria-label={t('support.useReply')}
            data-testid="support-use-reply"
          />
          <Input.TextArea
            rows={4}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
            status={problem ? 'error' : undefined}
            placeholder={t('support.answerPlaceholder')}
            aria-label={t('support.answer')}
            data-testid="support-answer"
          />
          {problem ? (
            <Typography.Text type="danger" role="alert" data-testid="support-answer-error">
              {problem}
            </Typography.Text>
          ) : null}
          {picture ? (
            <Space align="start">
              <Image src={picture.url} alt={t('support.image')} width={120} data-testid="support-picture-preview" />
              <Button size="small" onClick={() => setPicture(null)}>
                {t('support.removePicture')}
              </Button>
            </Space>
          ) : null}
          <Space>
            <ImageUploadButton
              label={t('support.attachPicture')}
              testId="support-attach"
              onUploaded={(file) => {
                setPicture(file);
                setProblem(null);
              }}
            />
            <Button type="primary" onClick={send} loading={reply.isPending} data-testid="support-send">
              {t('support.send')}
            </Button>
          </Space>
        </Space>
      </Card>
    </>
  );
}
