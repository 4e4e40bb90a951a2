/**
 * Two-step verification (TOTP): turn on by scanning a QR code and confirming a code, keep the recovery
 * codes (shown once), turn off with a code or the login password.
 */
import { ApiError } from '@beurs/api-client';
import { Form, Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useTotpConfirmMutation,
  useTotpDisableMutation,
  useTotpStartMutation,
  useTotpStatusQuery,
} from '../../api/totp';
import { AppForm, Field } from '../../components/AppForm';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { PasswordInput } from '../../components/PasswordInput';
import { QrCode } from '../../components/QrCode';
import { Segmented } from '../../components/Segmented';
import { QueryBoundary } from '../../components/States';
import { copyText } from '../../lib/clipboard';
import { showFieldError } from '../../lib/formRules';
import { toastError, toastFailure, toastSuccess } from '../../lib/toast';
import './totp.css';

/** The base32 secret in groups of four, easier to type. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function useCopy() {
  const { t } = useTranslation();
  return async (text: string) => {
    if (await copyText(text)) toastSuccess(t('totp.copied'));
    else toastFailure(t('common.copyFailed'));
  };
}

/** Where a field error goes, or a toast when the form has no such field. */
function showError(form: Parameters<typeof showFieldError>[0], error: unknown) {
  if (error instanceof ApiError && error.field && error.field in form.getFieldsValue(true)) showFieldError(form, error);
  else toastError(error);
}

function Enrol({ onRecovery }: { onRecovery: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useTotpStartMutation();
  const confirm = useTotpConfirmMutation();
  const copy = useCopy();
  const [form] = Form.useForm<{ code: string }>();

  if (!start.data) {
    return (
      <>
        <p className="page-lead">{t('totp.lead')}</p>
        <div className="form">
          <Button
            block
            color="primary"
            size="large"
            loading={start.isPending}
            onClick={() => start.mutate()}
            data-testid="totp-start"
          >
            {t('totp.start')}
          </Button>
        </div>
      </>
    );
  }

  const { uri, secret } = start.data;
  return (
    <>
      <section className="totp-step">
        <h3 className="totp-step__title">{t('totp.scanTitle')}</h3>
        <QrCode value={uri} size={184} title={t('totp.scanTitle')} className="totp-qr" data-testid="totp-qr" />
        <p className="form-hint">{t('totp.manual')}</p>
        <div className="totp-secret">
          <code data-testid="totp-secret">{grouped(secret)}</code>
          <Button size="small" fill="outline" onClick={() => copy(secret)}>
            {t('totp.copyKey')}
          </Button>
        </div>
      </section>
      <section className="totp-step">
        <h3 className="totp-step__title">{t('totp.confirmTitle')}</h3>
        <AppForm<{ code: string }>
          name="totp-confirm"
          form={form}
          submitLabel={t('totp.confirm')}
          pending={confirm.isPending}
          onFinish={(values) =>
            confirm.mutate(
              { code: values.code.trim() },
              {
                onSuccess: (data) => {
                  toastSuccess(t('totp.onDone'));
                  onRecovery(data.recoveryCodes);
                },
                onError: (error) => showError(form, error),
              },
            )
          }
        >
          <Field
            name="code"
            label={t('totp.codeLabel')}
            rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('totp.codePlaceholder') }]}
          >
            <Input
              placeholder={t('totp.codePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Field>
        </AppForm>
      </section>
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <section className="totp-step" data-testid="totp-recovery">
      <h3 className="totp-step__title">{t('totp.recoveryTitle')}</h3>
      <p className="page-lead">{t('totp.recoveryLead')}</p>
      <ol className="totp-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="form totp-actions">
        <Button block fill="outline" onClick={() => copy(codes.join('\n'))}>
          {t('totp.copyCodes')}
        </Button>
        <Button block color="primary" onClick={onDone}>
          {t('totp.recoverySaved')}
        </Button>
      </div>
    </section>
  );
}

type Proof = 'code' | 'password';

function TurnOff({ left }: { left: number }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Proof>('code');
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const disable = useTotpDisableMutation();
  return (
    <>
      <p className="page-lead">{t('totp.onLead')}</p>
      <p className="form-hint" data-testid="totp-left">
        {t('totp.recoveryLeft', { count: left })}
      </p>
      <h3 className="totp-step__title">{t('totp.offTitle')}</h3>
      <p className="form-hint">{t('totp.offLead')}</p>
      <Segmented
        label={t('common.proofMethod')}
        value={mode}
        onChange={(next) => setMode(next as Proof)}
        options={[
          { label: t('totp.withCode'), value: 'code' },
          { label: t('totp.withPassword'), value: 'password' },
        ]}
      />
      <AppForm<{ code?: string; password?: string }>
        name="totp-disable"
        form={form}
        submitLabel={t('totp.offSubmit')}
        pending={disable.isPending}
        onFinish={(values) =>
          disable.mutate(mode === 'code' ? { code: values.code?.trim() } : { password: values.password }, {
            onSuccess: () => {
              toastSuccess(t('totp.offDone'));
              form.resetFields();
            },
            onError: (error) => showError(form, error),
          })
        }
      >
        {mode === 'code' ? (
          <Field key="code" name="code" label={t('totp.codeLabel')} rules={[{ required: true, whitespace: true }]}>
            <Input placeholder={t('totp.codeOrRecoveryPlaceholder')} autoComplete="one-time-code" />
          </Field>
        ) : (
          <Field key="password" name="password" label={t('fields.password')} rules={[{ required: true }]}>
            <PasswordInput placeholder={t('fields.passwordPlaceholder')} autoComplete="current-password" />
          </Field>
        )}
      </AppForm>
    </>
  );
}

export function TotpPage() {
  const status = useTotpStatusQuery();
  // Kept here, not in the query: they exist only in this screen's memory until the customer leaves it.
  const [recovery, setRecovery] = useState<string[] | null>(null);
  return (
    <Page>
      {recovery ? (
        <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />
      ) : (
        <QueryBoundary query={status}>
          {(data) => (data.enabled ? <TurnOff left={data.recoveryCodesLeft} /> : <Enrol onRecovery={setRecovery} />)}
        </QueryBoundary>
      )}
    </Page>
  );
}
