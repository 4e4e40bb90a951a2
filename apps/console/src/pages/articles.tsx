/**
 * News and articles (docs/news.md): every article, announcement and daily market wrap, with its state. Admins write
 * and rewrite articles and announcements in the three languages (Markdown), publish and unpublish them; publishing an
 * announcement the first time puts it in every customer's inbox. The market wrap is the job's: it can be unpublished,
 * not rewritten. Reviewers read. The server audits every write.
 */
import { fillPath } from '@beurs/api-client';
import {
  articles as articlesApi,
  type ConsoleArticle,
  LANGUAGE_NAMES,
  LANGUAGES,
  type RequestOf,
} from '@beurs/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { api, errorMessage, queryClient } from '../api/client';
import { ErrorAlert } from '../components/error-alert';
import { ImageUploadButton } from '../components/image-upload';
import { ListEmpty, ListHeader } from '../components/list-page';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import styles from './articles.module.css';

type ArticleInput = RequestOf<typeof articlesApi.consoleCreate>;
type Language = (typeof LANGUAGES)[number];

const articlesKey = ['console', 'articles'] as const;
const PAGE_SIZE = 20;

function useArticles(page: number) {
  return useQuery({
    queryKey: [...articlesKey, page],
    queryFn: ({ signal }) => api.call(articlesApi.consoleList, { page, pageSize: PAGE_SIZE }, undefined, { signal }),
  });
}

const withId = <E extends { path: string; params?: unknown }>(endpoint: E, id: number) => ({
  ...endpoint,
  path: fillPath(endpoint.path, { id }),
  params: undefined,
});

function useSave() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ArticleInput }) =>
      id === null ? api.call(articlesApi.consoleCreate, input) : api.call(withId(articlesApi.consoleUpdate, id), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articlesKey }),
  });
}

function useSetPublished() {
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      api.call(withId(publish ? articlesApi.consolePublish : articlesApi.consoleUnpublish, id), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articlesKey }),
  });
}

interface FormValues {
  kind: ArticleInput['kind'];
  instruments: string[];
  title: Record<Language, string>;
  body: Record<Language, string>;
}

/** The Markdown of an uploaded image: its name (without brackets) as the text a reader without the image gets. */
const imageMarkdown = (fileId: string, name: string) =>
  `![${
    name
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[[\]()\\]/g, '')
      .trim() || t('articles.imageAlt')
  }](file:${fileId})`;

function ArticleModal({ editing, onClose }: { editing: ConsoleArticle | 'new' | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSave();
  const current = editing === 'new' ? null : editing;
  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync({ id: current?.id ?? null, input: { ...values, instruments: values.instruments ?? [] } });
      void message.success(t('articles.saved'));
      onClose();
    } catch {
      // Shown in the modal.
    }
  };
  return (
    <Modal
      open={editing !== null}
      width={760}
      title={current ? t('articles.editTitle') : t('articles.writeTitle')}
      okText={t('articles.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={() => {
        save.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('articles.writeHint')}</Typography.Paragraph>
      {save.isError ? <Alert type="error" showIcon title={errorMessage(save.error)} /> : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          current
            ? { kind: current.kind, instruments: current.instruments, title: current.title, body: current.body }
            : { kind: 'article', instruments: [] }
        }
      >
        <Space wrap size="large">
          <Form.Item name="kind" label={t('articles.kind')} rules={[{ required: true }]}>
            <Select
              className={styles.kind}
              data-testid="article-kind"
              disabled={current?.publishTimestamp != null}
              options={[
                { value: 'article', label: t('articles.kinds.article') },
                { value: 'announcement', label: t('articles.kinds.announcement') },
              ]}
            />
          </Form.Item>
          <Form.Item name="instruments" label={t('articles.instruments')} extra={t('articles.instrumentsHint')}>
            <Select
              mode="tags"
              className={styles.instruments}
              tokenSeparators={[',', ' ']}
              maxCount={10}
              open={false}
            />
          </Form.Item>
        </Space>
        <Tabs
          items={LANGUAGES.map((lang) => ({
            key: lang,
            label: LANGUAGE_NAMES[lang],
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={['title', lang]}
                  label={t('articles.titleField')}
                  rules={[{ required: true, whitespace: true, max: 140 }]}
                >
                  <Input maxLength={140} data-testid={`article-title-${lang}`} />
                </Form.Item>
                <Form.Item
                  name={['body', lang]}
                  label={t('articles.body')}
                  extra={t('articles.bodyHint')}
                  rules={[{ required: true, whitespace: true, max: 20_000 }]}
                >
                  <Input.TextArea rows={10} maxLength={20_000} data-testid={`article-body-${lang}`} />
                </Form.Item>
                <ImageUploadButton
                  label={t('articles.insertImage')}
                  testId={`article-image-${lang}`}
                  onUploaded={(file, name) => {
                    const body: string = form.getFieldValue(['body', lang]) ?? '';
                    const image = imageMarkdown(file.fileId, name);
                    form.setFieldValue(['body', lang], body.trim() ? `${body.trimEnd()}\n\n${image}\n` : `${image}\n`);
                  }}
                />
              </>
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}

const STATE_COLOR = { draft: 'default', published: 'green', unpublished: 'orange' } as const;

export function ArticlesPage() {
  useTitle(t('articles.title'));
  const operator = useOperator();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useArticles(page);
  const setPublished = useSetPublished();
  const [editing, setEditing] = useState<ConsoleArticle | 'new' | null>(null);
  const canEdit = operator.role !== 'reviewer';

  const toggle = async (a: ConsoleArticle, publish: boolean) => {
    try {
      const done = await setPublished.mutateAsync({ id: a.id, publish });
      void message.success(
        publish
          ? done.kind === 'announcement'
            ? t('articles.publishedAnnouncement', { n: done.announcedTo ?? 0 })
            : t('articles.published')
          : t('articles.unpublished'),
      );
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  const columns: TableColumnsType<ConsoleArticle> = [
    {
      title: t('articles.titleField'),
      key: 'title',
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong data-testid="article-row-title">
            {a.title.en}
          </Typography.Text>
          <Typography.Text type="secondary">
            {a.title.nl} · {a.title['zh-Hans']}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('articles.kind'),
      key: 'kind',
      width: 170,
      render: (_, a) => (
        <Space size={4} wrap>
          <Tag>{t(`articles.kinds.${a.kind}`)}</Tag>
          {a.kind === 'market_wrap' ? <Tag color="gold">{t('articles.simulated')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('articles.state'),
      key: 'state',
      width: 200,
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLOR[a.state]} data-testid="article-state">
            {t(`articles.states.${a.state}`)}
          </Tag>
          {a.publishTimestamp ? (
            <Typography.Text type="secondary">{formatTime(a.publishTimestamp)}</Typography.Text>
          ) : null}
          {a.announcedTo !== null ? (
            <Typography.Text type="secondary">{t('articles.announcedTo', { count: a.announcedTo })}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('articles.instruments'),
      key: 'instruments',
      width: 160,
      render: (_, a) => a.instruments.join(', '),
    },
    { title: t('articles.author'), key: 'author', width: 120, render: (_, a) => a.createdBy ?? t('articles.job') },
    ...(canEdit
      ? ([
          {
            key: 'actions',
            width: 210,
            render: (_, a) => (
              <Space>
                {a.kind !== 'market_wrap' ? (
                  <Button size="small" onClick={() => setEditing(a)} data-testid="article-edit">
                    {t('articles.edit')}
                  </Button>
                ) : null}
                {a.state === 'published' ? (
                  <Popconfirm
                    title={t('articles.unpublishConfirm')}
                    okText={t('articles.unpublish')}
                    onConfirm={() => toggle(a, false)}
                  >
                    <Button size="small" danger data-testid="article-unpublish">
                      {t('articles.unpublish')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm
                    title={t('articles.publishConfirm')}
                    description={
                      a.kind === 'announcement' && a.announcedTo === null ? t('articles.publishAnnouncementBody') : null
                    }
                    okText={t('articles.publish')}
                    onConfirm={() => toggle(a, true)}
                  >
                    <Button size="small" type="primary" data-testid="article-publish">
                      {t('articles.publish')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ] satisfies TableColumnsType<ConsoleArticle>)
      : []),
  ];

  return (
    <>
      <ListHeader
        title={t('articles.title')}
        hint={t('articles.hint')}
        extra={
          canEdit ? (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="article-write">
              {t('articles.write')}
            </Button>
          ) : null
        }
      />
      {list.isError ? <ErrorAlert error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<ConsoleArticle>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: <ListEmpty query={list} text={t('articles.empty')} /> }}
      />
      <ArticleModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
