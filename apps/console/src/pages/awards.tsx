/**
 * Awards customers see on the home and guide screens (docs/decisions.md "Figures shown to customers"): only real,
 * named awards with who gave them and where that is published. With none, the app shows no award figure. Admins add
 * and remove them; the server audits both.
 */
import { fillPath } from '@beurs/api-client';
import { consoleApi, type DataOf, type RequestOf } from '@beurs/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { api, errorMessage, queryClient } from '../api/client';
import { ErrorAlert } from '../components/error-alert';
import { ListEmpty, ListHeader } from '../components/list-page';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import styles from './awards.module.css';

type Award = DataOf<typeof consoleApi.awardList>[number];
type AwardInput = RequestOf<typeof consoleApi.awardCreate>;

const awardsKey = ['console', 'awards'] as const;

function useAwards() {
  return useQuery({
    queryKey: awardsKey,
    queryFn: ({ signal }) => api.call(consoleApi.awardList, {}, undefined, { signal }),
  });
}

function useAddAward() {
  return useMutation({
    mutationFn: (input: AwardInput) => api.call(consoleApi.awardCreate, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: awardsKey }),
  });
}

function useRemoveAward() {
  return useMutation({
    mutationFn: (id: number) =>
      api.call(
        { ...consoleApi.awardDelete, path: fillPath(consoleApi.awardDelete.path, { id }), params: undefined },
        {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: awardsKey }),
  });
}

function AddAwardModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AwardInput>();
  const add = useAddAward();
  const submit = async (values: AwardInput) => {
    try {
      await add.mutateAsync(values);
      void message.success(t('awards.added', { name: values.name }));
      form.resetFields();
      onClose();
    } catch {
      // Shown in the modal.
    }
  };
  return (
    <Modal
      open={open}
      title={t('awards.addTitle')}
      okText={t('awards.add')}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      onCancel={() => {
        add.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('awards.addHint')}</Typography.Paragraph>
      {add.isError ? <Alert type="error" showIcon title={errorMessage(add.error)} className={styles.section} /> : null}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ year: new Date().getFullYear() }}>
        <Form.Item name="name" label={t('awards.name')} rules={[{ required: true, min: 3, max: 120 }]}>
          <Input placeholder={t('awards.namePlaceholder')} maxLength={120} />
        </Form.Item>
        <Form.Item name="awardedBy" label={t('awards.awardedBy')} rules={[{ required: true, min: 2, max: 120 }]}>
          <Input placeholder={t('awards.awardedByPlaceholder')} maxLength={120} />
        </Form.Item>
        <Form.Item name="year" label={t('awards.year')} rules={[{ required: true }]}>
          <InputNumber min={1900} max={new Date().getFullYear()} precision={0} className={styles.width140} />
        </Form.Item>
        <Form.Item
          name="source"
          label={t('awards.source')}
          extra={t('awards.sourceHint')}
          rules={[{ required: true, min: 3, max: 300 }]}
        >
          <Input placeholder={t('awards.sourcePlaceholder')} maxLength={300} />
        </Form.Item>
        <Form.Item name="url" label={t('awards.url')} rules={[{ type: 'url', warningOnly: false }]}>
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AwardsPage() {
  useTitle(t('awards.title'));
  const operator = useOperator();
  const { message } = App.useApp();
  const awards = useAwards();
  const remove = useRemoveAward();
  const [adding, setAdding] = useState(false);
  // The server allows admins (and the supervisor above them); a reviewer only reads.
  const canEdit = operator.role !== 'reviewer';

  const columns: TableColumnsType<Award> = [
    {
      title: t('awards.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { title: t('awards.awardedBy'), dataIndex: 'awardedBy' },
    { title: t('awards.year'), dataIndex: 'year', width: 80 },
    {
      title: t('awards.source'),
      key: 'source',
      render: (_, a) =>
        a.url ? (
          <Typography.Link href={a.url} target="_blank" rel="noopener noreferrer">
            {a.source}
          </Typography.Link>
        ) : (
          a.source
        ),
    },
    {
      title: t('awards.addedBy'),
      key: 'added',
      width: 200,
      render: (_, a) => `${formatTime(a.createTimeTimestamp)}${a.createdBy ? ` · ${a.createdBy}` : ''}`,
    },
    ...(canEdit
      ? ([
          {
            key: 'remove',
            width: 100,
            render: (_, a) => (
              <Popconfirm
                title={t('awards.removeConfirm')}
                description={t('awards.removeConfirmBody')}
                okText={t('awards.remove')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(a.id);
                    void message.success(t('awards.removed', { name: a.name }));
                  } catch (error) {
                    void message.error(errorMessage(error));
                  }
                }}
              >
                <Button size="small" danger>
                  {t('awards.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ] satisfies TableColumnsType<Award>)
      : []),
  ];

  return (
    <>
      <ListHeader
        title={t('awards.title')}
        hint={t('awards.hint')}
        extra={
          canEdit ? (
            <Button type="primary" onClick={() => setAdding(true)} data-testid="award-add">
              {t('awards.add')}
            </Button>
          ) : null
        }
      />
      {awards.isError ? <ErrorAlert error={awards.error} onRetry={() => awards.refetch()} /> : null}
      {awards.isSuccess && awards.data.length === 0 ? (
        <Alert type="info" showIcon title={t('awards.noneShown')} className={styles.section} />
      ) : null}
      <Table<Award>
        rowKey="id"
        columns={columns}
        dataSource={awards.data ?? []}
        loading={awards.isPending}
        pagination={false}
        locale={{ emptyText: <ListEmpty query={awards} text={t('awards.empty')} /> }}
      />
      <AddAwardModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
