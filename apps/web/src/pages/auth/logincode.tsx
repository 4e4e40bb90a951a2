import { ApiError } from '@beurs/api-client';
import { Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLoginWithCodeMutation } from '../../api/auth';
import { LOGIN_PATH, safeRedirect } from '../../app/navigation';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm, Field } from '../../components/AppForm';
import { EmailCodeField, EmailField } from '../../components/AuthFields';
import { Page } from '../../components/Page';
import { optionalText, showFieldError } from '../../lib/formRules';

interface CodeLoginValues {
  email: string;
  emailCode: string;
  totpCode?: string;
}

/**
 * Sign in with a code mailed to the account's address instead of the password: the way in that
 * a stranger's wrong passwords cannot close (docs/security.md, sign-in defences).
 */
export function LoginWithCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = useQueryParams<'redirect'>();
  const [form] = Form.useForm<CodeLoginValues>();
  const login = useLoginWithCodeMutation();
  const [askTotp, setAskTotp] = useState(false);

  const submit = (values: CodeLoginValues) => {
    const totpCode = askTotp ? optionalText(values.totpCode) : undefined;
    login.mutate(
      { email: values.email, emailCode: values.emailCode, ...(totpCode ? { totpCode } : {}) },
      {
        onSuccess: () => navigate(safeRedirect(redirect), { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.reason === 'totpRequired') setAskTotp(true);
          showFieldError(form, error);
        },
      },
    );
  };

  return (
    <Page backFallback={LOGIN_PATH}>
      <p className="page-lead">{t('loginCode.lead')}</p>
      <AppForm
        name="login-code"
        form={form}
        onFinish={submit}
        submitLabel={t('login.submit')}
        pending={login.isPending}
      >
        <EmailField />
        <EmailCodeField purpose="login" form={form} />
        {askTotp ? (
          <Field
            name="totpCode"
            label={t('totp.codeLabel')}
            description={<span className="form-hint">{t('totp.loginHint')}</span>}
            rules={[{ required: true, whitespace: true, message: t('totp.codeOrRecoveryPlaceholder') }]}
          >
            <Input
              placeholder={t('totp.codeOrRecoveryPlaceholder')}
              autoComplete="one-time-code"
              autoCapitalize="off"
              autoFocus
            />
          </Field>
        ) : null}
      </AppForm>
      <p className="auth-switch">
        <Link to={LOGIN_PATH} className="text-link">
          {t('loginCode.withPassword')}
        </Link>
      </p>
    </Page>
  );
}
