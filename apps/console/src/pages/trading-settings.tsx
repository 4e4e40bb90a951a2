/**
 * The published trading rules per asset class: leverage cap (never above the ESMA retail limit), buy and
 * sell fee rates and the minimum quantity. Everyone may read them; the roles the contract allows (admins)
 * change one asset class at a time, after a confirmation that lists what changes. The server audits it.
 */
import { ApiError } from '@beurs/api-client';
import { consoleTrading, Decimal, type Endpoint, roleAtLeast } from '@beurs/contracts';
import {
  Alert,
  App,
  Button,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { errorMessage } from '../api/client';
import {
  type Operator,
  type TradingSetting,
  type TradingSettingInput,
  useTradingSettings,
  useUpdateTradingSetting,
} from '../api/queries';
import { ErrorAlert } from '../components/error-alert';
import { ListEmpty, ListHeader, RefreshButton } from '../components/list-page';
import { lookup, t } from '../i18n';
import { formatCount } from '../lib/money';
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import styles from './trading-settings.module.css';

/** Whether the server lets this operator call the endpoint, by the role its contract names (rank-based). */
function mayCall(operator: Operator, endpoint: Endpoint): boolean {
  return !endpoint.role || roleAtLeast(operator.role, endpoint.role);
}

function assetClassLabel(assetClass: string): string {
  return lookup('assetClass', assetClass) ?? assetClass;
}

/** "0.001" -> "0.1 %". Exact: the rate is a decimal string and stays one. */
function ratePercent(rate: string): string {
  return `${new Decimal(rate).times(100).toDecimalPlaces(4).toString()} %`;
}

const MAX_RATE = new Decimal('0.05');
const MAX_MIN_QUANTITY = 1_000_000;
const WHOLE = /^\d{1,9}$/;

/** The same limits as the contract and the server, so the operator learns of a bad value before saving. */
function leverageError(value: string, esmaCap: number): string | null {
  const n = Number(value.trim());
  return WHOLE.test(value.trim()) && n >= 1 && n <= esmaCap
    ? null
    : t('tradingSettings.leverageInvalid', { cap: esmaCap });
}

function rateError(value: string): string | null {
  const rate = value.trim();
  return consoleTrading.RATE_PATTERN.test(rate) && new Decimal(rate).lte(MAX_RATE)
    ? null
    : t('tradingSettings.rateInvalid');
}

function minQuantityError(value: string): string | null {
  const n = Number(value.trim());
  return WHOLE.test(value.trim()) && n >= 1 && n <= MAX_MIN_QUANTITY ? null : t('tradingSettings.minQuantityInvalid');
}

const asRule = (check: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const error = check(value ?? '');
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
});

function Rate({ rate }: { rate: string }) {
  return (
    <Flex vertical align="flex-end">
      <span className={styles.nowrap}>{ratePercent(rate)}</span>
      <Typography.Text type="secondary" className={styles.small}>
        {rate}
      </Typography.Text>
    </Flex>
  );
}

export function TradingSettingsPage() {
  useTitle(t('tradingSettings.title'));
  const operator = useOperator();
  const canChange = mayCall(operator, consoleTrading.tradingSettingUpdate);
  const settings = useTradingSettings();
  const { message } = App.useApp();
  /** The asset class being edited; each opening gets a new `seq`, so the dialog starts fresh. */
  const [dialog, setDialog] = useState<{ setting: TradingSetting | null; seq: number }>({ setting: null, seq: 0 });

  const columns: TableColumnsType<TradingSetting> = [
    {
      title: t('tradingSettings.assetClass'),
      dataIndex: 'assetClass',
      render: (assetClass: string) => (
        <Flex vertical>
          <Typography.Text strong>{assetClassLabel(assetClass)}</Typography.Text>
          <Typography.Text type="secondary" code className={styles.smallStart}>
            {assetClass}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('tradingSettings.leverageCap'),
      dataIndex: 'leverageCap',
      width: 190,
      render: (cap: number, row) => (
        <Flex vertical align="flex-start">
          <Flex align="center" gap={8}>
            <Typography.Text strong className={styles.textLg} data-testid="leverage-cap">
              {t('trading.leverageValue', { n: cap })}
            </Typography.Text>
            {cap < row.esmaCap ? (
              <Tag color="blue" className={styles.flush}>
                {t('tradingSettings.belowEsma')}
              </Tag>
            ) : null}
          </Flex>
          <Typography.Text type="secondary" className={styles.small}>
            {t('tradingSettings.esmaCap', { cap: row.esmaCap })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('tradingSettings.buyRate'),
      dataIndex: 'buyRate',
      align: 'right',
      width: 110,
      render: (rate: string) => <Rate rate={rate} />,
    },
    {
      title: t('tradingSettings.sellRate'),
      dataIndex: 'sellRate',
      align: 'right',
      width: 110,
      render: (rate: string) => <Rate rate={rate} />,
    },
    {
      title: t('tradingSettings.minQuantity'),
      dataIndex: 'minQuantity',
      align: 'right',
      width: 140,
      render: (n: number) => formatCount(n),
    },
    {
      title: t('tradingSettings.changed'),
      key: 'changed',
      width: 190,
      render: (_, row) =>
        row.updateTimeTimestamp === null ? (
          <Typography.Text type="secondary">{t('tradingSettings.defaults')}</Typography.Text>
        ) : (
          <Flex vertical>
            <span className={styles.nowrap}>{formatTime(row.updateTimeTimestamp)}</span>
            {row.updatedBy ? (
              <Typography.Text type="secondary" className={styles.small}>
                {t('tradingSettings.changedBy', { who: row.updatedBy })}
              </Typography.Text>
            ) : null}
          </Flex>
        ),
    },
    ...(canChange
      ? ([
          {
            key: 'edit',
            width: 80,
            render: (_, row) => (
              <Button
                size="small"
                onClick={() => setDialog((d) => ({ setting: row, seq: d.seq + 1 }))}
                aria-label={`${t('tradingSettings.edit')}: ${assetClassLabel(row.assetClass)}`}
              >
                {t('tradingSettings.edit')}
              </Button>
            ),
          },
        ] satisfies TableColumnsType<TradingSetting>)
      : []),
  ];

  return (
    <>
      <ListHeader
        title={t('tradingSettings.title')}
        hint={t('tradingSettings.hint')}
        extra={<RefreshButton query={settings} />}
      />
      {canChange ? (
        <Alert
          type="info"
          showIcon
          title={t('tradingSettings.esmaNote')}
          description={t('tradingSettings.auditNote')}
          className={styles.section}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('tradingSettings.readOnly')}
          description={t('tradingSettings.esmaNote')}
          className={styles.section}
          data-testid="trading-read-only"
        />
      )}
      {settings.isError ? <ErrorAlert error={settings.error} onRetry={() => settings.refetch()} /> : null}
      <Table<TradingSetting>
        rowKey="assetClass"
        size="middle"
        columns={columns}
        dataSource={settings.data ?? []}
        loading={settings.isPending && settings.isFetching}
        pagination={false}
        locale={{ emptyText: <ListEmpty query={settings} text={t('tradingSettings.loadEmpty')} /> }}
        onRow={(row) => ({ 'data-testid': `setting-${row.assetClass}` }) as HTMLAttributes<HTMLElement>}
        scroll={{ x: 900 }}
      />
      {canChange && dialog.setting ? (
        <SettingModal
          key={dialog.seq}
          setting={dialog.setting}
          onClose={() => setDialog((d) => ({ ...d, setting: null }))}
          onSaved={(saved) => {
            void message.success(t('tradingSettings.saved', { assetClass: assetClassLabel(saved.assetClass) }));
            setDialog((d) => ({ ...d, setting: null }));
          }}
        />
      ) : null}
    </>
  );
}

interface SettingForm {
  leverageCap: string;
  buyRate: string;
  sellRate: string;
  minQuantity: string;
}

type Field = keyof SettingForm;
const FIELDS: readonly Field[] = ['leverageCap', 'buyRate', 'sellRate', 'minQuantity'];

function toForm(setting: TradingSetting): SettingForm {
  return {
    leverageCap: String(setting.leverageCap),
    buyRate: setting.buyRate,
    sellRate: setting.sellRate,
    minQuantity: String(setting.minQuantity),
  };
}

function toInput(form: SettingForm): TradingSettingInput {
  return {
    leverageCap: Number(form.leverageCap.trim()),
    buyRate: form.buyRate.trim(),
    sellRate: form.sellRate.trim(),
    minQuantity: Number(form.minQuantity.trim()),
  };
}

/** A field's value as the confirmation and the table show it. */
function shown(field: Field, value: string): string {
  if (field === 'leverageCap') return t('trading.leverageValue', { n: Number(value) });
  if (field === 'buyRate' || field === 'sellRate') return `${ratePercent(value)} (${value})`;
  return formatCount(Number(value));
}

function sameValue(field: Field, a: string, b: string): boolean {
  if (field === 'buyRate' || field === 'sellRate') return new Decimal(a).eq(b);
  return Number(a) === Number(b);
}

const fieldLabel: Record<Field, string> = {
  leverageCap: t('tradingSettings.leverageCap'),
  buyRate: t('tradingSettings.buyRate'),
  sellRate: t('tradingSettings.sellRate'),
  minQuantity: t('tradingSettings.minQuantity'),
};

/** Which form field a refusal of the server is about (`field`, or the reason of a rule). */
function refusedField(error: unknown): Field | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.field?.split('.')[0];
  if (field && (FIELDS as readonly string[]).includes(field)) return field as Field;
  if (error.reason === 'leverageAboveEsma' || error.reason === 'leverageTooHigh') return 'leverageCap';
  return null;
}

/**
 * Two steps in one dialog: the form (checked as the server checks it), then the confirmation listing
 * each value that changes, before and after. A value the server refuses goes back to the form, on its field.
 */
function SettingModal({
  setting,
  onClose,
  onSaved,
}: {
  setting: TradingSetting;
  onClose: () => void;
  onSaved: (saved: TradingSetting) => void;
}) {
  const [form] = Form.useForm<SettingForm>();
  const update = useUpdateTradingSetting();
  const [confirming, setConfirming] = useState<SettingForm | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  // Why the rule changes: optional, kept in the audit log with the old and new values.
  const [reason, setReason] = useState('');
  const buyRate = Form.useWatch('buyRate', form) ?? setting.buyRate;
  const sellRate = Form.useWatch('sellRate', form) ?? setting.sellRate;
  const label = assetClassLabel(setting.assetClass);
  const before = toForm(setting);

  const review = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const changed = FIELDS.some((field) => !sameValue(field, before[field], values[field]));
    setUnchanged(!changed);
    if (!changed) return;
    update.reset();
    setConfirming(values);
  };

  const save = async () => {
    if (!confirming) return;
    try {
      const saved = await update.mutateAsync({
        assetClass: setting.assetClass,
        input: { ...toInput(confirming), ...(reason.trim() ? { reason: reason.trim() } : {}) },
      });
      onSaved(saved);
    } catch (error) {
      const field = refusedField(error);
      if (field) {
        // Back to the form, with the server's words on the field it refused.
        setConfirming(null);
        form.setFields([{ name: field, errors: [errorMessage(error)] }]);
      }
    }
  };

  const changes = confirming
    ? FIELDS.filter((field) => !sameValue(field, before[field], confirming[field])).map((field) => ({
        field,
        before: shown(field, before[field]),
        after: shown(field, confirming[field]),
      }))
    : [];

  /** What the typed fraction means, once it is a valid rate. */
  const preview = (rate: string) =>
    rateError(rate ?? '') === null
      ? t('tradingSettings.ratePreview', { percent: ratePercent(rate.trim()) })
      : undefined;

  return (
    <Modal
      open
      title={
        confirming
          ? t('tradingSettings.confirmTitle', { assetClass: label })
          : t('tradingSettings.editTitle', { assetClass: label })
      }
      onCancel={() => {
        if (!update.isPending) onClose();
      }}
      mask={{ closable: false }}
      width={640}
      footer={
        confirming ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => setConfirming(null)} disabled={update.isPending}>
              {t('tradingSettings.back')}
            </Button>
            <Button type="primary" onClick={save} loading={update.isPending}>
              {t('tradingSettings.confirmOk')}
            </Button>
          </Flex>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('tradingSettings.cancel')}</Button>
            <Button type="primary" onClick={review}>
              {t('tradingSettings.review')}
            </Button>
          </Flex>
        )
      }
    >
      {/* The form stays mounted under the confirmation, so Back returns to what was typed. */}
      <div hidden={confirming !== null}>
        <Form<SettingForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={before}
          onValuesChange={() => setUnchanged(false)}
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="leverageCap"
                label={t('tradingSettings.leverageCap')}
                extra={t('tradingSettings.leverageHelp', { cap: setting.esmaCap })}
                rules={[asRule((value) => leverageError(value, setting.esmaCap))]}
              >
                <Input
                  inputMode="numeric"
                  suffix=":1"
                  autoComplete="off"
                  onPressEnter={review}
                  className={styles.maxWidth160}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="minQuantity"
                label={t('tradingSettings.minQuantity')}
                extra={t('tradingSettings.minQuantityHelp')}
                rules={[asRule(minQuantityError)]}
              >
                <Input inputMode="numeric" autoComplete="off" onPressEnter={review} className={styles.maxWidth160} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="buyRate"
                label={t('tradingSettings.buyRate')}
                rules={[asRule(rateError)]}
                extra={preview(buyRate)}
              >
                <Input inputMode="decimal" autoComplete="off" onPressEnter={review} className={styles.maxWidth160} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="sellRate"
                label={t('tradingSettings.sellRate')}
                rules={[asRule(rateError)]}
                extra={preview(sellRate)}
              >
                <Input inputMode="decimal" autoComplete="off" onPressEnter={review} className={styles.maxWidth160} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" className={styles.smallFlush}>
            {t('tradingSettings.rateHelp')}
          </Typography.Paragraph>
        </Form>
        {unchanged ? (
          <Alert type="info" showIcon title={t('tradingSettings.unchanged')} className={styles.belowSection} />
        ) : null}
      </div>
      {confirming ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph className={styles.flush}>{t('tradingSettings.confirmBody')}</Typography.Paragraph>
          <Table
            rowKey="field"
            size="small"
            pagination={false}
            dataSource={changes}
            columns={[
              { title: t('tradingSettings.setting'), dataIndex: 'field', render: (field: Field) => fieldLabel[field] },
              { title: t('tradingSettings.now'), dataIndex: 'before' },
              {
                title: t('tradingSettings.new'),
                dataIndex: 'after',
                render: (after: string) => <Typography.Text strong>{after}</Typography.Text>,
              },
            ]}
            data-testid="setting-changes"
          />
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('tradingSettings.reason')}</Typography.Text>
            <Input.TextArea
              aria-label={t('tradingSettings.reason')}
              placeholder={t('tradingSettings.reasonPlaceholder')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 4 }}
              disabled={update.isPending}
            />
          </Flex>
          <Alert type="info" showIcon title={t('tradingSettings.auditNote')} />
          {update.isError && refusedField(update.error) === null ? (
            <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(update.error)} />
          ) : null}
        </Flex>
      ) : null}
    </Modal>
  );
}
