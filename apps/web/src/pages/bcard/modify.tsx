/**
 * Add or edit a bank card (SPEC §2 bcard/modify?id=…, §3 "Bank card"): bank name, holder name, card or
 * IBAN number (IBANs checked with their check digits), SWIFT, branch code, ABA routing number, bank
 * address, region, city, front and back images. Every field uses the shared rule of the contracts.
 */
import { type BankCard, looksLikeIban, rules } from '@beurs/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBankCardsQuery, useSaveAccountMutation } from '../../api/cards';
import { canGoBack } from '../../app/navigation';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm, Field } from '../../components/AppForm';
import { ImageUpload } from '../../components/ImageUpload';
import { Page } from '../../components/Page';
import { ErrorState, Loading, StateBlock } from '../../components/States';
import { optionalText, schemaRule, showFieldError } from '../../lib/formRules';
import { toastSuccess } from '../../lib/toast';

const LIST_PATH = '/pages/bcard/index';

interface CardValues {
  bankName: string;
  holderName: string;
  cardNo: string;
  swift?: string;
  branchCode?: string;
  abaRouting?: string;
  bankAddress?: string;
  region?: string;
  city?: string;
  frontFileId?: string;
  backFileId?: string;
}

const optional = { optional: true };
const fieldRules = {
  bankName: [schemaRule(rules.bankName)],
  holderName: [schemaRule(rules.holderName)],
  cardNo: [schemaRule(rules.bankAccountNumber)],
  swift: [schemaRule(rules.swift, optional)],
  branchCode: [schemaRule(rules.shortCode, optional)],
  abaRouting: [schemaRule(rules.abaRouting, optional)],
  bankAddress: [schemaRule(rules.address, optional)],
  region: [schemaRule(rules.shortText, optional)],
  city: [schemaRule(rules.shortText, optional)],
  image: [schemaRule(rules.fileId, optional)],
};

/** Back to where the user came from (the list, or a withdrawal), or to the list. */
export function useLeave(listPath: string) {
  const navigate = useNavigate();
  return () => (canGoBack() ? navigate(-1) : navigate(listPath, { replace: true }));
}

/** Tracks running uploads so the submit button waits for them. */
export function useUploadsBusy() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const track = useCallback(
    (field: string) => (isBusy: boolean) =>
      setBusy((current) => {
        if (current.has(field) === isBusy) return current;
        const next = new Set(current);
        if (isBusy) next.add(field);
        else next.delete(field);
        return next;
      }),
    [],
  );
  return { busy: busy.size > 0, track };
}

function initialOf(card: BankCard | undefined): Partial<CardValues> {
  if (!card) return {};
  const { bankName, holderName, cardNo } = card;
  const rest = {
    swift: card.swift,
    branchCode: card.branchCode,
    abaRouting: card.abaRouting,
    bankAddress: card.bankAddress,
    region: card.region,
    city: card.city,
    frontFileId: card.frontFileId,
    backFileId: card.backFileId,
  };
  return {
    bankName,
    holderName,
    // IBANs are easier to check in groups of four; the rule drops the spaces again.
    cardNo: looksLikeIban(cardNo) ? cardNo.replace(/(.{4})(?=.)/g, '$1 ') : cardNo,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null)),
  };
}

function CardForm({ card }: { card?: BankCard }) {
  const { t } = useTranslation();
  const leave = useLeave(LIST_PATH);
  const [form] = Form.useForm<CardValues>();
  const save = useSaveAccountMutation();
  const uploads = useUploadsBusy();

  const submit = (values: CardValues) => {
    const request = {
      kind: 'bank' as const,
      bankName: values.bankName.trim(),
      holderName: values.holderName.trim(),
      cardNo: values.cardNo,
      swift: optionalText(values.swift),
      branchCode: optionalText(values.branchCode),
      abaRouting: optionalText(values.abaRouting),
      bankAddress: optionalText(values.bankAddress),
      region: optionalText(values.region),
      city: optionalText(values.city),
      frontFileId: values.frontFileId || undefined,
      backFileId: values.backFileId || undefined,
    };
    save.mutate(card ? { id: card.id, ...request } : request, {
      onSuccess: () => {
        toastSuccess(card ? t('cards.saved') : t('cards.cardAdded'));
        leave();
      },
      onError: (error) => showFieldError(form, error),
    });
  };

  return (
    <AppForm<CardValues>
      name="bank-card"
      form={form}
      initialValues={initialOf(card)}
      onFinish={submit}
      submitLabel={card ? t('cards.save') : t('cards.addCard')}
      pending={save.isPending || uploads.busy}
    >
      <Form.Header>{t('cards.accountSection')}</Form.Header>
      <Field name="bankName" label={t('cards.bankName')} rules={fieldRules.bankName}>
        <Input placeholder={t('cards.bankNamePlaceholder')} clearable data-testid="card-bankName" />
      </Field>
      <Field
        name="holderName"
        label={t('cards.holderName')}
        rules={fieldRules.holderName}
        description={<span className="form-hint">{t('cards.holderNameHint')}</span>}
      >
        <Input
          placeholder={t('cards.holderNamePlaceholder')}
          autoComplete="name"
          clearable
          data-testid="card-holderName"
        />
      </Field>
      <Field
        name="cardNo"
        label={t('cards.cardNo')}
        rules={fieldRules.cardNo}
        description={<span className="form-hint">{t('cards.cardNoHint')}</span>}
      >
        <Input
          placeholder={t('cards.cardNoPlaceholder')}
          autoCapitalize="characters"
          clearable
          data-testid="card-cardNo"
        />
      </Field>

      <Form.Header>{t('cards.internationalSection')}</Form.Header>
      <Field name="swift" label={t('cards.swift')} rules={fieldRules.swift}>
        <Input
          placeholder={t('cards.swiftPlaceholder')}
          autoCapitalize="characters"
          clearable
          data-testid="card-swift"
        />
      </Field>
      <Field name="branchCode" label={t('cards.branchCode')} rules={fieldRules.branchCode}>
        <Input placeholder={t('cards.optional')} autoCapitalize="characters" clearable data-testid="card-branchCode" />
      </Field>
      <Field
        name="abaRouting"
        label={t('cards.abaRouting')}
        rules={fieldRules.abaRouting}
        description={<span className="form-hint">{t('cards.abaHint')}</span>}
      >
        <Input placeholder={t('cards.optional')} inputMode="numeric" maxLength={9} clearable data-testid="card-aba" />
      </Field>

      <Form.Header>{t('cards.addressSection')}</Form.Header>
      <Field name="bankAddress" label={t('cards.bankAddress')} rules={fieldRules.bankAddress}>
        <Input placeholder={t('cards.optional')} clearable data-testid="card-bankAddress" />
      </Field>
      <Field name="region" label={t('cards.region')} rules={fieldRules.region}>
        <Input placeholder={t('cards.optional')} clearable data-testid="card-region" />
      </Field>
      <Field name="city" label={t('cards.city')} rules={fieldRules.city}>
        <Input placeholder={t('cards.optional')} clearable data-testid="card-city" />
      </Field>

      <Form.Header>{t('cards.imagesSection')}</Form.Header>
      <Field name="frontFileId" rules={fieldRules.image} className="form-item--plain">
        <ImageUpload
          label={t('cards.front')}
          hint={t('cards.imageHint')}
          icon="card"
          onBusyChange={uploads.track('front')}
          data-testid="card-front"
        />
      </Field>
      <Field name="backFileId" rules={fieldRules.image} className="form-item--plain">
        <ImageUpload
          label={t('cards.back')}
          hint={t('cards.imageHint')}
          icon="card"
          onBusyChange={uploads.track('back')}
          data-testid="card-back"
        />
      </Field>
    </AppForm>
  );
}

/** What an edit screen shows for an id that is not (any more) one of the caller's. */
export function GoneState({ listPath, title }: { listPath: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StateBlock
      icon="alert"
      title={title}
      action={
        <Button shape="rounded" color="primary" onClick={() => navigate(listPath, { replace: true })}>
          {t('cards.backToList')}
        </Button>
      }
    />
  );
}

export function BankCardModifyPage() {
  const { t } = useTranslation();
  const { id } = useQueryParams<'id'>();
  const cards = useBankCardsQuery();
  const editing = Boolean(id);
  const card = editing ? cards.data?.items.find((c) => c.id === Number(id)) : undefined;
  return (
    <Page title={editing ? t('routes.bcard.modify') : t('cards.addCardTitle')} backFallback={LIST_PATH}>
      {!editing ? (
        <>
          <p className="page-lead">{t('cards.cardLead')}</p>
          <CardForm />
        </>
      ) : cards.isPending ? (
        <Loading />
      ) : cards.isError ? (
        <ErrorState error={cards.error} onRetry={() => cards.refetch()} />
      ) : !card ? (
        <GoneState listPath={LIST_PATH} title={t('cards.cardGone')} />
      ) : (
        <CardForm key={card.id} card={card} />
      )}
    </Page>
  );
}
