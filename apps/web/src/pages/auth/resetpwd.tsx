import { rules } from '@beurs/contracts';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResetPasswordMutation } from '../../api/auth';
import { LOGIN_PATH } from '../../app/navigation';
import { AppForm, Field } from '../../components/AppForm';
import { EmailCodeInput } from '../../components/EmailCodeInput';
import { Page } from '../../components/Page';
import { PasswordInput } from '../../components/PasswordInput';
import { sameAsRule, schemaRule, showFieldError } from '../../lib/formRules';
import { toastSuccess } from '../../lib/toast';

interface ResetValues {
  email: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPasswordMutation();

  const submit = (values: ResetValues) => {
    reset.mutate(
      { email: values.email, emailCode: values.emailCode, password: values.password },
      {
        onSuccess: () => {
          toastSuccess(t('resetPassword.done'));
          navigate(LOGIN_PATH, { replace: true });
        },
        onError: (error) => showFieldError(form, error),
      },
    );
  };

  return (
    <Page backFallback={LOGIN_PATH}>
      <p className="page-lead">{t('resetPassword.lead')}</p>
      <AppForm
        name="reset"
        form={form}
        onFinish={submit}
        submitLabel={t('resetPassword.submit')}
        pending={reset.isPending}
      >
        <Field name="email" label={t('fields.email')} rules={[schemaRule(rules.email)]}>
          <Input
            type="email"
            placeholder={t('fields.emailPlaceholder')}
            autoComplete="email"
            autoCapitalize="off"
            clearable
          />
        </Field>
        <Field name="emailCode" label={t('fields.emailCode')} rules={[schemaRule(rules.emailCode)]}>
          <EmailCodeInput purpose="resetPassword" form={form} />
        </Field>
        <Field
          name="password"
          label={t('fields.newPassword')}
          rules={[schemaRule(rules.newPassword)]}
          description={<span className="form-hint">{t('fields.passwordHint')}</span>}
        >
          <PasswordInput placeholder={t('fields.passwordNewPlaceholder')} autoComplete="new-password" />
        </Field>
        <Field
          name="confirmPassword"
          label={t('fields.confirmNewPassword')}
          dependencies={['password']}
          rules={[sameAsRule('password', 'validation.enterNewPassword')]}
        >
          <PasswordInput placeholder={t('fields.confirmPasswordPlaceholder')} autoComplete="new-password" />
        </Field>
      </AppForm>
    </Page>
  );
}
