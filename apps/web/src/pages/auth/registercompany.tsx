import { auth, type IdType, rules } from '@beurs/contracts';
import { Form, Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegisterCompanyMutation } from '../../api/auth';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { AgreementField } from '../../components/AgreementField';
import { AppForm, Field } from '../../components/AppForm';
import { EmailCodeField, EmailField, InvitationCodeField, NewPasswordFields } from '../../components/AuthFields';
import { ChoiceChips } from '../../components/ChoiceChips';
import { CountrySelect } from '../../components/CountrySelect';
import { Page } from '../../components/Page';
import { useFormDraft } from '../../lib/formDraft';
import { optionalText, schemaRule } from '../../lib/formRules';
import { inviteFrom } from '../../lib/invite';
import { useRegistrationOutcome } from './registrationOutcome';

interface CompanyValues {
  companyName: string;
  licenceNumber: string;
  officeAddress: string;
  placeOfRegistration: string;
  corporateBankAccount: string;
  officerFirstName: string;
  officerLastName: string;
  officerIdType: IdType;
  officerIdNumber: string;
  userId: string;
  email: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
  phone?: string;
  invitationCode?: string;
  agree: boolean;
}

/** The bank account field's rule is defined in the contract itself, not in rules.ts. */
const bankAccountRule = schemaRule(auth.registerCompanyRequest.shape.corporateBankAccount);

export function RegisterCompanyPage() {
  const { t } = useTranslation();
  const invite = inviteFrom(useQueryParams<'invite' | 'code'>());
  const [form] = Form.useForm<CompanyValues>();
  const draft = useFormDraft('register-company', () => form.getFieldsValue(true));
  const outcome = useRegistrationOutcome(form, draft);
  const register = useRegisterCompanyMutation();

  const submit = (values: CompanyValues) => {
    register.mutate(
      {
        companyName: values.companyName,
        licenceNumber: values.licenceNumber,
        officeAddress: values.officeAddress,
        placeOfRegistration: values.placeOfRegistration,
        corporateBankAccount: values.corporateBankAccount,
        officerFirstName: values.officerFirstName,
        officerLastName: values.officerLastName,
        officerIdType: values.officerIdType,
        officerIdNumber: values.officerIdNumber,
        userId: values.userId,
        email: values.email,
        emailCode: values.emailCode,
        password: values.password,
        phone: optionalText(values.phone),
        invitationCode: optionalText(values.invitationCode),
        agree: true,
      },
      outcome,
    );
  };

  const idTypes = [
    { value: 'idCard', label: t('idType.idCard') },
    { value: 'passport', label: t('idType.passport') },
    { value: 'DL', label: t('idType.DL') },
  ] as const;

  return (
    <Page>
      <p className="page-lead">{t('registerCompany.lead')}</p>
      <AppForm
        name="company"
        form={form}
        initialValues={{ invitationCode: invite, officerIdType: 'passport', ...draft.initialValues }}
        onFinish={submit}
        submitLabel={t('registerCompany.submit')}
        pending={register.isPending}
      >
        <Form.Header>{t('registerCompany.companySection')}</Form.Header>
        <Field name="companyName" label={t('fields.companyName')} rules={[schemaRule(rules.companyName)]}>
          <Input placeholder={t('fields.companyNamePlaceholder')} autoComplete="organization" clearable />
        </Field>
        <Field
          name="licenceNumber"
          label={t('fields.licenceNumber')}
          rules={[schemaRule(rules.licenceNumber)]}
          description={<span className="form-hint">{t('fields.licenceNumberHint')}</span>}
        >
          <Input placeholder={t('fields.licenceNumberPlaceholder')} autoCapitalize="characters" clearable />
        </Field>
        <Field name="officeAddress" label={t('fields.officeAddress')} rules={[schemaRule(rules.address)]}>
          <Input placeholder={t('fields.officeAddressPlaceholder')} autoComplete="street-address" clearable />
        </Field>
        <Field name="placeOfRegistration" label={t('fields.placeOfRegistration')} rules={[schemaRule(rules.country)]}>
          <CountrySelect />
        </Field>
        <Field name="corporateBankAccount" label={t('fields.corporateBankAccount')} rules={[bankAccountRule]}>
          <Input placeholder={t('fields.corporateBankAccountPlaceholder')} autoCapitalize="characters" clearable />
        </Field>

        <Form.Header>{t('registerCompany.officerSection')}</Form.Header>
        <Field name="officerFirstName" label={t('fields.firstName')} rules={[schemaRule(rules.firstName)]}>
          <Input placeholder={t('fields.firstNamePlaceholder')} clearable />
        </Field>
        <Field name="officerLastName" label={t('fields.lastName')} rules={[schemaRule(rules.lastName)]}>
          <Input placeholder={t('fields.lastNamePlaceholder')} clearable />
        </Field>
        <Field
          name="officerIdType"
          label={t('fields.idType')}
          rules={[schemaRule(rules.idType)]}
          className="form-item--plain"
        >
          <ChoiceChips label={t('fields.idType')} options={idTypes} />
        </Field>
        <Field name="officerIdNumber" label={t('fields.idNumber')} rules={[schemaRule(rules.idNumber)]}>
          <Input placeholder={t('fields.idNumberPlaceholder')} autoCapitalize="characters" clearable />
        </Field>

        <Form.Header>{t('registerCompany.loginSection')}</Form.Header>
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
        <Field name="phone" label={t('fields.phoneOptional')} rules={[schemaRule(rules.phone, { optional: true })]}>
          <Input type="tel" placeholder={t('fields.phonePlaceholder')} autoComplete="tel" clearable />
        </Field>
        <InvitationCodeField />
        <p className="form-hint form-hint--block">{t('registerCompany.documentsLater')}</p>
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
