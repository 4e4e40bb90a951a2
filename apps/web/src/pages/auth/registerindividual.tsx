import { rules } from '@beurs/contracts';
import { Form, Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegisterIndividualMutation } from '../../api/auth';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { AgreementField } from '../../components/AgreementField';
import { AppForm, Field } from '../../components/AppForm';
import { EmailCodeField, EmailField, InvitationCodeField, NewPasswordFields } from '../../components/AuthFields';
import { CountrySelect } from '../../components/CountrySelect';
import { Page } from '../../components/Page';
import { useFormDraft } from '../../lib/formDraft';
import { optionalText, schemaRule } from '../../lib/formRules';
import { inviteFrom } from '../../lib/invite';
import { useRegistrationOutcome } from './registrationOutcome';

interface IndividualValues {
  userId: string;
  email: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  country: string;
  phone?: string;
  invitationCode?: string;
  agree: boolean;
}

export function RegisterIndividualPage() {
  const { t } = useTranslation();
  const invite = inviteFrom(useQueryParams<'invite' | 'code'>());
  const [form] = Form.useForm<IndividualValues>();
  const draft = useFormDraft('register-individual', () => form.getFieldsValue(true));
  const outcome = useRegistrationOutcome(form, draft);
  const register = useRegisterIndividualMutation();

  const submit = (values: IndividualValues) => {
    register.mutate(
      {
        userId: values.userId,
        email: values.email,
        emailCode: values.emailCode,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName,
        country: values.country,
        phone: optionalText(values.phone),
        invitationCode: optionalText(values.invitationCode),
        agree: true,
      },
      outcome,
    );
  };

  return (
    <Page>
      <p className="page-lead">{t('registerIndividual.lead')}</p>
      <AppForm
        name="individual"
        form={form}
        initialValues={{ invitationCode: invite, ...draft.initialValues }}
        onFinish={submit}
        submitLabel={t('registerIndividual.submit')}
        pending={register.isPending}
      >
        <Form.Header>{t('registerIndividual.loginSection')}</Form.Header>
        <Field
          name="userId"
          label={t('fields.userId')}
          rules={[schemaRule(rules.userId)]}
          description={<span className="form-hint">{t('fields.userIdHint')}</span>}
        >
          <Input placeholder={t('fields.userIdPlaceholder')} autoComplete="username" autoCapitalize="off" clearable />
        </Field>
        <EmailField />
        <EmailCodeField purpose="register" form={form} />
        <NewPasswordFields />

        <Form.Header>{t('registerIndividual.personalSection')}</Form.Header>
        <Field name="firstName" label={t('fields.firstName')} rules={[schemaRule(rules.firstName)]}>
          <Input placeholder={t('fields.firstNamePlaceholder')} autoComplete="given-name" clearable />
        </Field>
        <Field name="lastName" label={t('fields.lastName')} rules={[schemaRule(rules.lastName)]}>
          <Input placeholder={t('fields.lastNamePlaceholder')} autoComplete="family-name" clearable />
        </Field>
        <Field name="country" label={t('fields.country')} rules={[schemaRule(rules.country)]}>
          <CountrySelect />
        </Field>
        <Field name="phone" label={t('fields.phoneOptional')} rules={[schemaRule(rules.phone, { optional: true })]}>
          <Input type="tel" placeholder={t('fields.phonePlaceholder')} autoComplete="tel" clearable />
        </Field>
        <InvitationCodeField />
        <AgreementField />
      </AppForm>
      <p className="auth-switch">
        {t('register.haveAccount')}{' '}
        <Link to={paths.login()} className="text-link">
          {t('register.login')}
        </Link>
      </p>
    </Page>
  );
}
