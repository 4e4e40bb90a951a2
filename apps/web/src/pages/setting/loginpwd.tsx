import { rules } from '@beurs/contracts';
import { Form } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useUpdatePasswordMutation } from '../../api/auth';
import { AppForm, Field } from '../../components/AppForm';
import { NewPasswordFields } from '../../components/AuthFields';
import { Page } from '../../components/Page';
import { PasswordInput } from '../../components/PasswordInput';
import { schemaRule, showFieldError } from '../../lib/formRules';

interface LoginPasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export function LoginPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginPasswordValues>();
  const update = useUpdatePasswordMutation();

  const submit = (values: LoginPasswordValues) => {
    update.mutate(
      { oldPassword: values.oldPassword, password: values.password },
      {
        onError: (error) => showFieldError(form, error),
      },
    );
  };

  return (
    <Page>
      <p className="page-lead">{t('loginPassword.lead')}</p>
      <AppForm
        name="loginpwd"
        form={form}
        onFinish={submit}
        submitLabel={t('loginPassword.submit')}
        pending={update.isPending}
      >
        <Field name="oldPassword" label={t('fields.currentPassword')} rules={[schemaRule(rules.anyPassword)]}>
          <PasswordInput placeholder={t('fields.currentPasswordPlaceholder')} autoComplete="current-password" />
        </Field>
        <NewPasswordFields kind="change" />
      </AppForm>
      <p className="form-hint form-hint--block">{t('loginPassword.signOutNote')}</p>
    </Page>
  );
}
