import { rules } from '@beurs/contracts';
import { Form, Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLoginMutation } from '../../api/auth';
import { useBrandQuery } from '../../api/dict';
import { safeRedirect } from '../../app/navigation';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm, Field } from '../../components/AppForm';
import { SecondFactorField, useSecondFactorPrompt } from '../../components/AuthFields';
import { BrandMark } from '../../components/BrandMark';
import { LanguageButton } from '../../components/LanguageSheet';
import { Page } from '../../components/Page';
import { PasswordInput } from '../../components/PasswordInput';
import { schemaRule, showFieldError } from '../../lib/formRules';

interface LoginValues {
  username: string;
  password: string;
  totpCode?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = useQueryParams<'redirect'>();
  const { brand } = useBrandQuery();
  const [form] = Form.useForm<LoginValues>();
  const login = useLoginMutation();
  const secondFactor = useSecondFactorPrompt();

  const submit = (values: LoginValues) => {
    const totpCode = secondFactor.codeOf(values.totpCode);
    login.mutate(
      { username: values.username.trim(), password: values.password, ...(totpCode ? { totpCode } : {}) },
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
    <Page right={<LanguageButton />}>
      <div className="auth-hero">
        <BrandMark size={52} />
        <h2 className="auth-hero__title">{t('login.title', { brand: brand.name })}</h2>
        <p className="auth-hero__subtitle">{t('login.subtitle')}</p>
      </div>
      <AppForm name="login" form={form} onFinish={submit} submitLabel={t('login.submit')} pending={login.isPending}>
        <Field name="username" label={t('login.username')} rules={[schemaRule(rules.loginName)]}>
          <Input placeholder={t('login.usernamePlaceholder')} autoComplete="username" autoCapitalize="off" clearable />
        </Field>
        <Field name="password" label={t('fields.password')} rules={[schemaRule(rules.anyPassword)]}>
          <PasswordInput placeholder={t('fields.passwordPlaceholder')} autoComplete="current-password" />
        </Field>
        {secondFactor.asked ? <SecondFactorField /> : null}
        <div className="form-row-between">
          <Link to={paths.loginWithCode()} className="text-link" data-testid="login-with-code">
            {t('login.withCode')}
          </Link>
          <Link to={paths.resetPassword()} className="text-link">
            {t('login.forgot')}
          </Link>
        </div>
      </AppForm>
      <p className="auth-switch">
        {t('login.noAccount')}{' '}
        <Link to={paths.register()} className="text-link">
          {t('login.register')}
        </Link>
      </p>
    </Page>
  );
}
