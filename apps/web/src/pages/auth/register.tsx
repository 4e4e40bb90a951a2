import { Form } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegisterQuickMutation } from '../../api/auth';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { AgreementField } from '../../components/AgreementField';
import { AppForm } from '../../components/AppForm';
import { EmailCodeField, EmailField, InvitationCodeField, NewPasswordFields } from '../../components/AuthFields';
import { Icon, type IconName } from '../../components/Icon';
import { Page } from '../../components/Page';
import { useFormDraft } from '../../lib/formDraft';
import { optionalText } from '../../lib/formRules';
import { inviteFrom } from '../../lib/invite';
import { useRegistrationOutcome } from './registrationOutcome';

interface QuickValues {
  email: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
  invitationCode?: string;
  agree: boolean;
}

function AccountTypeCard({ to, icon, title, text }: { to: string; icon: IconName; title: string; text: string }) {
  return (
    <Link to={to} className="type-card">
      <span className="type-card__icon">
        <Icon name={icon} size={24} />
      </span>
      <span className="type-card__body">
        <strong>{title}</strong>
        <small>{text}</small>
      </span>
      <Icon name="chevron" size={18} className="type-card__chevron" />
    </Link>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const params = useQueryParams<'invite' | 'code'>();
  const invite = inviteFrom(params);
  const [form] = Form.useForm<QuickValues>();
  const draft = useFormDraft('register-quick', () => form.getFieldsValue(true));
  const outcome = useRegistrationOutcome(form, draft);
  const register = useRegisterQuickMutation();

  const submit = (values: QuickValues) => {
    register.mutate(
      {
        email: values.email,
        emailCode: values.emailCode,
        password: values.password,
        invitationCode: optionalText(values.invitationCode),
        agree: true,
      },
      outcome,
    );
  };

  return (
    <Page>
      <h2 className="page-heading">{t('register.heading')}</h2>
      <p className="page-lead">{t('register.lead')}</p>

      <div className="type-cards">
        <AccountTypeCard
          to={paths.registerIndividual({ invite })}
          icon="user"
          title={t('register.individual')}
          text={t('register.individualText')}
        />
        <AccountTypeCard
          to={paths.registerCompany({ invite })}
          icon="building"
          title={t('register.company')}
          text={t('register.companyText')}
        />
      </div>

      <div className="divider-text">
        <span>{t('register.or')}</span>
      </div>

      <h3 className="section-heading">{t('register.quickTitle')}</h3>
      <p className="form-hint">{t('register.quickText')}</p>

      <AppForm
        name="register"
        form={form}
        initialValues={{ invitationCode: invite, ...draft.initialValues }}
        onFinish={submit}
        submitLabel={t('register.submit')}
        pending={register.isPending}
      >
        <EmailField />
        <EmailCodeField purpose="register" form={form} />
        <NewPasswordFields />
        <InvitationCodeField />
        <AgreementField />
      </AppForm>

      <p className="auth-switch">
        {t('register.haveAccount')}{' '}
        <Link to={paths.login()} replace className="text-link">
          {t('register.login')}
        </Link>
      </p>
    </Page>
  );
}
