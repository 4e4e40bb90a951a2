import { rules, type UserInfo } from '@beurs/contracts';
import { Form } from 'antd-mobile';
import '../../app/antdMobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettingPayPasswordMutation, useUpdatePayPasswordMutation } from '../../api/auth';
import { useUserInfoQuery } from '../../api/user';
import { canGoBack } from '../../app/navigation';
import { paths } from '../../app/paths';
import { AppForm, Field } from '../../components/AppForm';
import { EmailCodeField, PayPasswordFields } from '../../components/AuthFields';
import { Page } from '../../components/Page';
import { PasswordInput } from '../../components/PasswordInput';
import { Segmented } from '../../components/Segmented';
import { QueryBoundary } from '../../components/States';
import { schemaRule, showFieldError } from '../../lib/formRules';
import { toastSuccess } from '../../lib/toast';

function useLeave() {
  const navigate = useNavigate();
  return () => (canGoBack() ? navigate(-1) : navigate(paths.security(), { replace: true }));
}

/** "a***@example.com": enough to recognise the address the code goes to. */
function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

interface SetValues {
  payPassword: string;
  confirmPayPassword: string;
}

function SetPayPassword() {
  const { t } = useTranslation();
  const leave = useLeave();
  const [form] = Form.useForm<SetValues>();
  const setting = useSettingPayPasswordMutation();

  const submit = (values: SetValues) => {
    setting.mutate(
      { payPassword: values.payPassword },
      {
        onSuccess: () => {
          toastSuccess(t('payPassword.setDone'));
          leave();
        },
        onError: (error) => showFieldError(form, error),
      },
    );
  };

  return (
    <>
      <p className="page-lead">{t('payPassword.setLead')}</p>
      <AppForm
        name="paypwd-set"
        form={form}
        onFinish={submit}
        submitLabel={t('payPassword.setSubmit')}
        pending={setting.isPending}
      >
        <PayPasswordFields label="fields.payPassword" />
      </AppForm>
    </>
  );
}

type ProofMode = 'old' | 'email';

interface ChangeValues {
  oldPayPassword?: string;
  emailCode?: string;
  payPassword: string;
  confirmPayPassword: string;
}

function ChangePayPassword({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const leave = useLeave();
  const [mode, setMode] = useState<ProofMode>('old');
  const [form] = Form.useForm<ChangeValues>();
  const update = useUpdatePayPasswordMutation();

  const submit = (values: ChangeValues) => {
    const proof = mode === 'old' ? { oldPayPassword: values.oldPayPassword } : { emailCode: values.emailCode };
    update.mutate(
      { ...proof, payPassword: values.payPassword },
      {
        onSuccess: () => {
          toastSuccess(t('payPassword.changeDone'));
          leave();
        },
        onError: (error) => showFieldError(form, error),
      },
    );
  };

  return (
    <>
      <p className="page-lead">{t('payPassword.changeLead')}</p>
      <Segmented
        label={t('common.proofMethod')}
        value={mode}
        onChange={(next) => {
          setMode(next as ProofMode);
          form.setFields([
            { name: 'oldPayPassword', errors: [] },
            { name: 'emailCode', errors: [] },
          ]);
        }}
        options={[
          { label: t('payPassword.withOld'), value: 'old' },
          { label: t('payPassword.withEmail'), value: 'email' },
        ]}
      />
      <AppForm
        name="paypwd-change"
        form={form}
        onFinish={submit}
        submitLabel={t('payPassword.changeSubmit')}
        pending={update.isPending}
      >
        {mode === 'old' ? (
          <Field
            key="old"
            name="oldPayPassword"
            label={t('fields.currentPayPassword')}
            rules={[schemaRule(rules.payPassword)]}
          >
            <PasswordInput
              digits={6}
              placeholder={t('fields.currentPayPasswordPlaceholder')}
              autoComplete="current-password"
            />
          </Field>
        ) : (
          <EmailCodeField
            key="email"
            purpose="payPassword"
            email={user.email}
            description={<span className="form-hint">{t('payPassword.codeTo', { email: maskEmail(user.email) })}</span>}
          />
        )}
        <PayPasswordFields label="fields.newPayPassword" />
      </AppForm>
    </>
  );
}

export function PayPasswordPage() {
  const { t } = useTranslation();
  const userInfo = useUserInfoQuery();
  const user = userInfo.data;
  // Decided once: setting the password refreshes the user, and the screen must not swap forms before it closes.
  const hadPayPassword = useRef<boolean | null>(null);
  if (user && hadPayPassword.current === null) hadPayPassword.current = user.hasPayPassword;
  return (
    <Page title={hadPayPassword.current === false ? t('payPassword.setTitle') : undefined}>
      <QueryBoundary query={userInfo}>
        {(data) => (hadPayPassword.current ? <ChangePayPassword user={data} /> : <SetPayPassword />)}
      </QueryBoundary>
    </Page>
  );
}
