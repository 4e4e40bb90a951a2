import { Form } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResetPasswordMutation } from '../../api/auth';
import { paths } from '../../app/paths';
import { AppForm } from '../../components/AppForm';
import { EmailCodeField, EmailField, NewPasswordFields } from '../../components/AuthFields';
import { Page } from '../../components/Page';
import { showFieldError } from '../../lib/formRules';
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
          navigate(paths.login(), { replace: true });
        },
        onError: (error) => showFieldError(form, error),
      },
    );
  };

  return (
    <Page backFallback={paths.login()}>
      <p className="page-lead">{t('resetPassword.lead')}</p>
      <AppForm
        name="reset"
        form={form}
        onFinish={submit}
        submitLabel={t('resetPassword.submit')}
        pending={reset.isPending}
      >
        <EmailField />
        <EmailCodeField purpose="resetPassword" form={form} />
        <NewPasswordFields kind="change" />
      </AppForm>
    </Page>
  );
}
