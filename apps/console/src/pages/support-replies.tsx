/**
 * Reusable replies of the support inbox (docs/support.md): a title, the text and the language it is written in.
 * Every operator may add, change and remove them; the server audits each. An answer offers those in the customer's
 * language first.
 */
import { LANGUAGES, type Language, SUPPORT_LIMITS } from '@beurs/contracts';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { type SupportTemplate, useDeleteTemplate, useSaveTemplate, useSupportTemplates } from '../api/support';
import { ErrorAlert } from '../components/error-alert';
import { ListEmpty, ListHeader } from '../components/list-page';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { useTitle } from '../lib/use-title';

interface FormValues {
  title: string;
  text: string;
  language: Language;
}

function ReplyModal({ editing, onClose }: { editing: SupportTemplate | 'new' | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveTemplate();
  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(
      { id: editing === 'new' || editing === null ? null : editing.id, input: values },
      {
        onSuccess: () => {
          message.success(t('supportReplies.saved'));
          onClose();
        },
        onError: (error) => message.error(error.message),
      },
    );
  };
  return (
    <Modal
      open={editing !== null}
      title={editing === 'new' ? t('supportReplies.add') : t('supportReplies.edit')}
      onCancel={onClose}
      onOk={submit}
      okText={t('supportReplies.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={editing && editing !== 'new' ? editing : { language: 'en' }}
        preserve={false}
      >
        <Form.Item
          name="title"
          label={t('supportReplies.title')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: SUPPORT_LIMITS.subjectMax,
              message: t('supportReplies.titleRule'),
            },
          ]}
        >
          <Input data-testid="reply-title" />
        </Form.Item>
        <Form.Item name="language" label={t('supportReplies.language')} rules={[{ required: true }]}>
          <Select options={LANGUAGES.map((l) => ({ value: l, label: l }))} />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('supportReplies.text')}
          rules={[
            { required: true, whitespace: true, max: SUPPORT_LIMITS.textMax, message: t('supportReplies.textRule') },
          ]}
        >
          <Input.TextArea rows={5} data-testid="reply-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SupportRepliesPage() {
  useTitle(t('menu.supportReplies'));
  const { message } = App.useApp();
  const templates = useSupportTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<SupportTemplate | 'new' | null>(null);
  const columns: TableColumnsType<SupportTemplate> = [
    { title: t('supportReplies.title'), dataIndex: 'title', width: 240 },
    { title: t('supportReplies.language'), dataIndex: 'language', width: 100 },
    { title: t('supportReplies.text'), dataIndex: 'text', ellipsis: true },
    {
      title: t('supportReplies.updated'),
      dataIndex: 'updateTimestamp',
      width: 170,
      render: (ms: number) => formatTime(ms),
    },
    { title: t('supportReplies.by'), dataIndex: 'updatedBy', width: 120 },
    {
      title: '',
      key: 'actions',
      width: 170,
      render: (_: unknown, row) => (
        <Space>
          <Button size="small" onClick={() => setEditing(row)}>
            {t('supportReplies.edit')}
          </Button>
          <Popconfirm
            title={t('supportReplies.deleteConfirm')}
            onConfirm={() =>
              remove.mutate(row.id, {
                onSuccess: () => message.success(t('supportReplies.deleted')),
                onError: (error) => message.error(error.message),
              })
            }
          >
            <Button size="small" danger>
              {t('supportReplies.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListHeader
        title={t('menu.supportReplies')}
        hint={t('supportReplies.hint')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="reply-add">
            {t('supportReplies.add')}
          </Button>
        }
      />
      {templates.isError ? <ErrorAlert error={templates.error} onRetry={() => templates.refetch()} /> : null}
      <Table<SupportTemplate>
        rowKey="id"
        columns={columns}
        dataSource={templates.data ?? []}
        loading={templates.isFetching}
        locale={{ emptyText: <ListEmpty query={templates} text={t('supportReplies.empty')} /> }}
        pagination={false}
      />
      <ReplyModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
