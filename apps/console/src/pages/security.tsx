/**
 * The operator's own two-step verification: enrol by QR code, confirm with a code, keep the recovery codes
 * (shown once), or turn it off to move to a new phone.
 */
import { Alert, Button, Card, Flex, Form, Input, List, message, Segmented, Space, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import {
  secondFactorDone,
  useSecondFactorConfirm,
  useSecondFactorDisable,
  useSecondFactorStart,
  useSecondFactorStatus,
} from '../api/second-factor';
import { t } from '../i18n';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import styles from './security.module.css';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    void message.success(t('secondFactor.copied'));
  } catch {
    void message.error(t('secondFactor.copyFailed'));
  }
}

function Enrol({ onRecovery }: { onRecovery: (codes: string[]) => void }) {
  const start = useSecondFactorStart();
  const confirm = useSecondFactorConfirm();

  if (!start.data) {
    return (
      <Card>
        <Typography.Paragraph>{t('secondFactor.intro')}</Typography.Paragraph>
        {start.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(start.error)}
            className={styles.section}
            data-testid="totp-error"
          />
        ) : null}
        <Button type="primary" onClick={() => start.mutate()} loading={start.isPending} data-testid="totp-start">
          {t('secondFactor.start')}
        </Button>
      </Card>
    );
  }
  const { uri, secret } = start.data;
  return (
    <Card>
      <Flex gap={48} wrap>
        <div>
          <Typography.Title level={5}>{t('secondFactor.scan')}</Typography.Title>
          <div className={styles.qrFrame} data-testid="totp-qr">
            <QRCodeSVG value={uri} size={200} marginSize={2} title={t('secondFactor.scan')} />
          </div>
          <Typography.Paragraph type="secondary" className={styles.subheading}>
            {t('secondFactor.manual')}
          </Typography.Paragraph>
          <Space>
            <Typography.Text code data-testid="totp-secret">
              {secret.replace(/(.{4})/g, '$1 ').trim()}
            </Typography.Text>
            <Button size="small" onClick={() => copy(secret)}>
              {t('secondFactor.copyKey')}
            </Button>
          </Space>
        </div>
        <div className={styles.minWidth280}>
          <Typography.Title level={5}>{t('secondFactor.confirmTitle')}</Typography.Title>
          {confirm.isError ? (
            <Alert
              type="error"
              showIcon
              title={errorMessage(confirm.error)}
              className={styles.section}
              data-testid="totp-error"
            />
          ) : null}
          <Form<{ code: string }>
            layout="vertical"
            requiredMark={false}
            disabled={confirm.isPending}
            onFinish={(values) =>
              confirm.mutate({ code: values.code.trim() }, { onSuccess: (data) => onRecovery(data.recoveryCodes) })
            }
          >
            <Form.Item
              label={t('secondFactor.code')}
              name="code"
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('secondFactor.codeRequired') }]}
            >
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                className={styles.width160}
                data-testid="totp-code"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={confirm.isPending}>
              {t('secondFactor.confirm')}
            </Button>
          </Form>
        </div>
      </Flex>
    </Card>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Card data-testid="totp-recovery">
      <Typography.Title level={4} className={styles.flushTop}>
        {t('secondFactor.recoveryTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('secondFactor.recoveryText')} className={styles.section} />
      <List
        grid={{ gutter: 8, column: 2 }}
        dataSource={codes}
        className={styles.maxWidth420}
        renderItem={(code) => (
          <List.Item className={styles.tightBelow}>
            <Typography.Text code className={styles.secretKey}>
              {code}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Space>
        <Button onClick={() => copy(codes.join('\n'))}>{t('secondFactor.copyCodes')}</Button>
        <Button
          type="primary"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void secondFactorDone().then(onDone);
          }}
        >
          {t('secondFactor.saved')}
        </Button>
      </Space>
    </Card>
  );
}

function TurnOff({ left }: { left: number }) {
  const [mode, setMode] = useState<'code' | 'password'>('code');
  const disable = useSecondFactorDisable();
  return (
    <Space orientation="vertical" size={16} className={styles.fullWidth}>
      <Alert
        type="success"
        showIcon
        title={t('secondFactor.on')}
        description={`${t('secondFactor.onText')} ${t('secondFactor.recoveryLeft', { n: left })}`}
      />
      <Card title={t('secondFactor.offTitle')} className={styles.maxWidth520}>
        <Typography.Paragraph type="secondary">{t('secondFactor.offText')}</Typography.Paragraph>
        {disable.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(disable.error)}
            className={styles.section}
            data-testid="totp-error"
          />
        ) : null}
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'code' | 'password')}
          options={[
            { label: t('secondFactor.code'), value: 'code' },
            { label: t('secondFactor.password'), value: 'password' },
          ]}
          className={styles.section}
        />
        <Form<{ code?: string; password?: string }>
          layout="vertical"
          requiredMark={false}
          disabled={disable.isPending}
          onFinish={(values) =>
            disable.mutate(mode === 'code' ? { code: values.code?.trim() } : { password: values.password })
          }
        >
          {mode === 'code' ? (
            <Form.Item
              key="code"
              label={t('secondFactor.code')}
              name="code"
              rules={[{ required: true, message: t('secondFactor.offNeedsProof') }]}
            >
              <Input autoComplete="one-time-code" className={styles.width240} />
            </Form.Item>
          ) : (
            <Form.Item
              key="password"
              label={t('secondFactor.password')}
              name="password"
              rules={[{ required: true, message: t('secondFactor.offNeedsProof') }]}
            >
              <Input.Password autoComplete="current-password" className={styles.width240} />
            </Form.Item>
          )}
          <Button danger htmlType="submit" loading={disable.isPending}>
            {t('secondFactor.off')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}

export function SecurityPage() {
  useTitle(t('secondFactor.title'));
  const operator = useOperator();
  const status = useSecondFactorStatus();
  // Only in this page's memory: they are never fetched again.
  const [recovery, setRecovery] = useState<string[] | null>(null);

  return (
    <Space orientation="vertical" size={16} className={styles.fullWidth}>
      <Typography.Title level={3} className={styles.flush}>
        {t('secondFactor.title')}
      </Typography.Title>
      {operator.totpRequired && !recovery ? (
        <Alert
          type="warning"
          showIcon
          title={t('secondFactor.required')}
          description={t('secondFactor.requiredText')}
          data-testid="totp-required"
        />
      ) : null}
      {recovery ? (
        <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />
      ) : status.isPending ? (
        <Spin />
      ) : status.isError ? (
        <Alert type="error" showIcon title={t('common.loadFailed')} description={errorMessage(status.error)} />
      ) : status.data.enabled ? (
        <TurnOff left={status.data.recoveryCodesLeft} />
      ) : (
        <Enrol onRecovery={setRecovery} />
      )}
    </Space>
  );
}
