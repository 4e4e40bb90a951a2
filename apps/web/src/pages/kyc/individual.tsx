/**
 * Identity verification (SPEC §2 kyc/individual, §4): the form when nothing was sent (or after
 * "Try again" on a refusal), otherwise the state of the review: under review (up to 24 hours,
 * result in the inbox), verified, or not approved with the reason.
 */
import { AccountType, IdType, ReviewStatus, rules, type UserInfo } from '@beurs/contracts';
import { Form, Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUpdateRealMutation } from '../../api/kyc';
import { useAreasQuery, useUserInfoQuery } from '../../api/user';
import { canGoBack } from '../../app/navigation';
import { AppForm, Field } from '../../components/AppForm';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { CountrySelect } from '../../components/CountrySelect';
import { DOCUMENT_ACCEPT, ImageUpload, useUploadsBusy } from '../../components/ImageUpload';
import { Page } from '../../components/Page';
import { QueryBoundary, StateBlock } from '../../components/States';
import { schemaRule, showFieldError } from '../../lib/formRules';
import { toastSuccess } from '../../lib/toast';
import './individual.css';
import { paths } from '../../app/paths';

const ID_TYPES = [IdType.idCard, IdType.passport, IdType.DL] as const;

interface KycValues {
  firstName: string;
  lastName: string;
  country: string;
  idType: IdType;
  idNumber: string;
  frontFileId: string;
  backFileId?: string;
  licenceFileId?: string;
  bankFileId?: string;
}

const fileRule = schemaRule(rules.fileId);

/** Back to where the user came from, or to the profile when the page was opened directly. */
function useLeave() {
  const navigate = useNavigate();
  return () => (canGoBack() ? navigate(-1) : navigate(paths.profile(), { replace: true }));
}

/** First and last name for the form: the user's own, or (company accounts) split from the officer's. */
function namesOf(user: UserInfo): { firstName?: string; lastName?: string } {
  if (user.firstName || user.lastName) return { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const officer = user.company?.officerName.trim();
  if (!officer) return {};
  const [first = '', ...rest] = officer.split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

function KycForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<KycValues>();
  const submit = useUpdateRealMutation();
  const isCompany = user.accountType === AccountType.Company;
  const idType: IdType = Form.useWatch('idType', form) ?? IdType.idCard;
  const hasBack = idType !== IdType.passport;

  // Uploads still running hold the submit button (the fields have no value until they finish).
  const uploads = useUploadsBusy();

  /** An upload field: `part` names its test id (`kyc-<part>`) and its busy flag; documents may be PDFs. */
  const uploadField = (
    name: 'frontFileId' | 'backFileId' | 'licenceFileId' | 'bankFileId',
    part: string,
    label: string,
    hint: string,
    document = false,
  ) => (
    <Field key={name} name={name} rules={[fileRule]} className="form-item--plain">
      <ImageUpload
        label={label}
        hint={hint}
        accept={document ? DOCUMENT_ACCEPT : undefined}
        icon={document ? 'doc' : 'idcard'}
        onBusyChange={uploads.track(part)}
        data-testid={`kyc-${part}`}
      />
    </Field>
  );

  const send = (values: KycValues) => {
    submit.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        country: values.country,
        idType: values.idType,
        idNumber: values.idNumber,
        frontFileId: values.frontFileId,
        backFileId: values.idType === IdType.passport ? undefined : values.backFileId,
        ...(isCompany ? { licenceFileId: values.licenceFileId, bankFileId: values.bankFileId } : {}),
      },
      {
        onSuccess: () => toastSuccess(t('kyc.submitted')),
        onError: (error) => showFieldError(form, error),
      },
    );
  };

  return (
    <div data-testid="kyc-form">
      <p className="page-lead">{isCompany ? t('kyc.leadCompany') : t('kyc.lead')}</p>
      <AppForm
        name="kyc"
        form={form}
        initialValues={{ idType: IdType.idCard, ...namesOf(user), country: user.country ?? undefined }}
        onFinish={send}
        // AppForm's button takes no test id; its label is inside it, so a click on the label is a click on it.
        submitLabel={<span data-testid="kyc-submit">{t('kyc.submit')}</span>}
        pending={submit.isPending || uploads.busy}
      >
        <Form.Header>{t('kyc.personalSection')}</Form.Header>
        <Field name="firstName" label={t('fields.firstName')} rules={[schemaRule(rules.firstName)]}>
          <Input placeholder={t('fields.firstNamePlaceholder')} autoComplete="given-name" clearable />
        </Field>
        <Field name="lastName" label={t('fields.lastName')} rules={[schemaRule(rules.lastName)]}>
          <Input placeholder={t('fields.lastNamePlaceholder')} autoComplete="family-name" clearable />
        </Field>
        <Field name="country" label={t('fields.country')} rules={[schemaRule(rules.country)]}>
          <CountrySelect />
        </Field>

        <Form.Header>{t('kyc.documentSection')}</Form.Header>
        <Field
          name="idType"
          label={t('kyc.documentType')}
          rules={[schemaRule(rules.idType)]}
          className="form-item--plain"
        >
          <ChoiceChips
            label={t('kyc.documentType')}
            options={ID_TYPES.map((type) => ({ value: type, label: t(`idType.${type}`) }))}
            testIdPrefix="kyc-idtype-"
          />
        </Field>
        <Field
          // A new type brings its own "Please enter ..." message: validate afresh.
          key={`number-${idType}`}
          name="idNumber"
          label={t(`kyc.idNumber.${idType}`)}
          rules={[schemaRule(rules.idNumberFor(idType))]}
        >
          <Input placeholder={t('fields.idNumberPlaceholder')} autoCapitalize="characters" clearable />
        </Field>
        {uploadField('frontFileId', 'front', t(`kyc.front.${idType}`), t('kyc.photoHint'))}
        {hasBack &&
          uploadField(
            'backFileId',
            'back',
            t(`kyc.back.${idType === IdType.DL ? 'DL' : 'idCard'}`),
            t('kyc.photoHint'),
          )}

        {/* Form.Header must be a direct child of the form (it starts a new group), not inside a fragment. */}
        {isCompany && <Form.Header>{t('kyc.companySection')}</Form.Header>}
        {isCompany && uploadField('licenceFileId', 'licence', t('kyc.licence'), t('kyc.licenceHint'), true)}
        {isCompany && uploadField('bankFileId', 'bank', t('kyc.bank'), t('kyc.bankHint'), true)}
        <p className="form-hint form-hint--block">{t('kyc.reviewTime')}</p>
      </AppForm>
    </div>
  );
}

function Pending() {
  const { t } = useTranslation();
  const leave = useLeave();
  return (
    <StateBlock
      icon="clock"
      title={t('kyc.pending.title')}
      description={t('kyc.pending.text')}
      action={
        <Button shape="rounded" color="primary" fill="outline" onClick={leave}>
          {t('kyc.pending.done')}
        </Button>
      }
    />
  );
}

function Approved({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const areas = useAreasQuery();
  const country = user.country ? (areas.data?.find((a) => a.code === user.country)?.name ?? user.country) : '—';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
  return (
    <>
      <StateBlock icon="check" title={t('kyc.approved.title')} description={t('kyc.approved.text')} />
      <section className="account-card" aria-label={t('kyc.approved.details')}>
        <dl className="account-card__facts kyc-facts">
          <div>
            <dt>{t('kyc.approved.name')}</dt>
            <dd data-testid="kyc-name">{name}</dd>
          </div>
          <div>
            <dt>{t('kyc.approved.country')}</dt>
            <dd data-testid="kyc-country">{country}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

function Failed({ reason, onRetry }: { reason: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StateBlock
      tone="danger"
      icon="alert"
      title={t('kyc.failed.title')}
      description={
        <>
          <span className="notice kyc-reason">
            <strong>{t('kyc.failed.reason')}</strong>
            <span className="kyc-reason__text" data-testid="kyc-reason">
              {reason || t('kyc.failed.noReason')}
            </span>
          </span>
          {t('kyc.failed.text')}
        </>
      }
      action={
        <Button shape="rounded" color="primary" onClick={onRetry} data-testid="kyc-retry">
          {t('kyc.failed.retry')}
        </Button>
      }
    />
  );
}

/** One status; a new status (e.g. after sending) starts afresh, so "Try again" does not carry over. */
function KycStatus({ user }: { user: UserInfo }) {
  const [retrying, setRetrying] = useState(false);
  switch (user.kycStatus) {
    case ReviewStatus.Pending:
      return <Pending />;
    case ReviewStatus.Approved:
      return <Approved user={user} />;
    case ReviewStatus.Failed:
      if (!retrying) return <Failed reason={user.kycReason} onRetry={() => setRetrying(true)} />;
      return <KycForm user={user} />;
    default:
      return <KycForm user={user} />;
  }
}

export function KycIndividualPage() {
  const userInfo = useUserInfoQuery();
  return (
    <Page>
      <QueryBoundary query={userInfo}>
        {(data) => (
          <div data-testid="kyc-status" data-status={data.kycStatus}>
            <KycStatus key={data.kycStatus} user={data} />
          </div>
        )}
      </QueryBoundary>
    </Page>
  );
}
