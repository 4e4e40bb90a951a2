import { Form } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLoginWithCodeMutation } from '../../api/auth';
import { safeRedirect } from '../../app/navigation';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm } from '../../components/AppForm';
import { EmailCodeField, EmailField, SecondFactorField, useSecondFactorPrompt } from '../../components/AuthFields';
import { Page } from '../../components/Page';
import { showFieldError } from '../../lib/formRules';

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
  const secondFactor = useSecondFactorPrompt();

  const submit = (values: CodeLoginValues) => {
    const totpCode = secondFactor.codeOf(values.totpCode);
    login.mutate(
      { email: values.email, emailCode: values.emailCode, ...(totpCode ? { totpCode } : {}) },
      {
        onSuccess: () => navigate(safeRedirect(redirect), { replace: true }),
        onError: (error) => {
          secondFactor.noteError(error);
          showFieldError(form, error);
        },
      },
    );
  };

  return (
    <Page backFallback={paths.login()}>
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
        {secondFactor.asked ? <SecondFactorField /> : null}
      </AppForm>
      <p className="auth-switch">
        <Link to={paths.login()} className="text-link">
          {t('loginCode.withPassword')}
        </Link>
      </p>
    </Page>
  );
}
