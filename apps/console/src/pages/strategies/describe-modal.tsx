/** Describing a strategy: its name and description in en, nl and zh-Hans, as customers read them. */
import { follow } from '@beurs/contracts';
import { Alert, Col, Form, Input, Modal, Row } from 'antd';
import { errorMessage } from '../../api/client';
import { type StrategyDescriptionInput, type StrategyDetail, useDescribeStrategy } from '../../api/strategies';
import { t } from '../../i18n';
import { refusedFieldOf, saveMarkingRefusals } from '../../lib/form-refusals';
import styles from '../offerings/offerings.module.css';

type DescribeForm = Required<StrategyDescriptionInput>;
const FIELDS = ['name', 'nameNl', 'nameZh', 'description', 'descriptionNl', 'descriptionZh'] as const;

export function DescribeModal({
  strategy,
  onClose,
  onSaved,
}: {
  strategy: StrategyDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<DescribeForm>();
  const describe = useDescribeStrategy();
  const initial = Object.fromEntries(FIELDS.map((f) => [f, strategy[f]])) as DescribeForm;
  const nameRules = [{ required: true, whitespace: true, message: t('strategies.nameRequired') }];
  const textRules = [{ required: true, whitespace: true, message: t('strategies.descriptionRequired') }];

  const submit = () =>
    saveMarkingRefusals(
      form,
      (error) => refusedFieldOf(error, initial),
      async (values) => {
        const input = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as DescribeForm;
        await describe.mutateAsync({ id: strategy.id, input });
        onSaved();
      },
    );

  const column = (lang: 'En' | 'Nl' | 'Zh', name: keyof DescribeForm, description: keyof DescribeForm) => (
    <Col span={8}>
      <Form.Item name={name} label={t(`strategies.name${lang}`)} rules={nameRules}>
        <Input maxLength={100} data-testid={`strategy-${name}`} />
      </Form.Item>
      <Form.Item name={description} label={t(`strategies.description${lang}`)} rules={textRules}>
        <Input.TextArea
          rows={6}
          maxLength={follow.STRATEGY_DESCRIPTION_MAX}
          showCount
          data-testid={`strategy-${description}`}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open
      title={t('strategies.describeTitle', { code: strategy.code })}
      okText={t('strategies.save')}
      cancelText={t('strategies.cancel')}
      onOk={submit}
      okButtonProps={{ loading: describe.isPending, 'data-testid': 'strategy-describe-save' } as never}
      onCancel={onClose}
      width={960}
      mask={{ closable: false }}
    >
      <Alert type="info" showIcon title={t('strategies.describeHelp')} className={styles.section} />
      <Form<DescribeForm> form={form} layout="vertical" requiredMark={false} initialValues={initial}>
        <Row gutter={16}>
          {column('En', 'name', 'description')}
          {column('Nl', 'nameNl', 'descriptionNl')}
          {column('Zh', 'nameZh', 'descriptionZh')}
        </Row>
      </Form>
      {describe.isError ? <Alert type="error" showIcon title={errorMessage(describe.error)} /> : null}
    </Modal>
  );
}
