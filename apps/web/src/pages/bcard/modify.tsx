/**
 * Add or edit a bank card (SPEC §2 bcard/modify?id=…, §3 "Bank card"): bank name, holder name, card or
 * IBAN number (IBANs checked with their check digits), SWIFT, branch code, ABA routing number, bank
 * address, region, city, front and back images. Every field uses the shared rule of the contracts.
 */
import { type BankCard, looksLikeIban, rules } from '@beurs/contracts';
import { Form, Input, type InputProps } from 'antd-mobile';
import '../../app/antdMobile';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBankCardsQuery, useSaveAccountMutation } from '../../api/cards';
import { canGoBack } from '../../app/navigation';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm, Field } from '../../components/AppForm';
import { Button } from '../../components/Button';
import { ImageUpload, useUploadsBusy } from '../../components/ImageUpload';
import { Page } from '../../components/Page';
import { QueryBoundary, StateBlock } from '../../components/States';
import { optionalText, schemaRule, showFieldError } from '../../lib/formRules';
import { toastSuccess } from '../../lib/toast';

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

type TextField = keyof typeof fieldRules & keyof CardValues;
type CardsKey = Extract<ParseKeys, `cards.${string}`>;

/** A text field of the form: its label is `cards.<name>`, its test id `card-<testId ?? name>`. */
interface TextFieldSpec {
  name: TextField;
  /** Key of the placeholder; default "Optional". */
  placeholder?: CardsKey;
  /** Key of the hint under the field. */
  hint?: CardsKey;
  testId?: string;
  input?: Pick<InputProps, 'autoComplete' | 'autoCapitalize' | 'inputMode' | 'maxLength'>;
}

/** The text fields, by section (a title key and its fields). */
const SECTIONS: ReadonlyArray<{ title: CardsKey; fields: readonly TextFieldSpec[] }> = [
  {
    title: 'cards.accountSection',
    fields: [
      { name: 'bankName', placeholder: 'cards.bankNamePlaceholder' },
      {
        name: 'holderName',
        placeholder: 'cards.holderNamePlaceholder',
        hint: 'cards.holderNameHint',
        input: { autoComplete: 'name' },
      },
      {
        name: 'cardNo',
        placeholder: 'cards.cardNoPlaceholder',
        hint: 'cards.cardNoHint',
        input: { autoCapitalize: 'characters' },
      },
    ],
  },
  {
    title: 'cards.internationalSection',
    fields: [
      { name: 'swift', placeholder: 'cards.swiftPlaceholder', input: { autoCapitalize: 'characters' } },
      { name: 'branchCode', input: { autoCapitalize: 'characters' } },
      {
        name: 'abaRouting',
        hint: 'cards.abaHint',
        testId: 'aba',
        input: { inputMode: 'numeric', maxLength: 9 },
      },
    ],
  },
  {
    title: 'cards.addressSection',
    fields: [{ name: 'bankAddress' }, { name: 'region' }, { name: 'city' }],
  },
];

/** The two card images: the file id field, the saved card's picture, the label and test id suffix. */
const IMAGES = [
  { name: 'frontFileId', url: 'frontUrl', part: 'front' },
  { name: 'backFileId', url: 'backUrl', part: 'back' },
] as const;

/** Back to where the user came from (the list, or a withdrawal), or to the list. */
export function useLeave(listPath: string) {
  const navigate = useNavigate();
  return () => (canGoBack() ? navigate(-1) : navigate(listPath, { replace: true }));
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
  const leave = useLeave(paths.bankCards());
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
      {SECTIONS.flatMap(({ title, fields }) => [
        <Form.Header key={title}>{t(title)}</Form.Header>,
        ...fields.map((field) => (
          <Field
            key={field.name}
            name={field.name}
            label={t(`cards.${field.name}`)}
            rules={fieldRules[field.name]}
            description={field.hint && <span className="form-hint">{t(field.hint)}</span>}
          >
            <Input
              placeholder={t(field.placeholder ?? 'cards.optional')}
              {...field.input}
              clearable
              data-testid={`card-${field.testId ?? field.name}`}
            />
          </Field>
        )),
      ])}

      <Form.Header>{t('cards.imagesSection')}</Form.Header>
      {IMAGES.map((image) => (
        <Field key={image.name} name={image.name} rules={fieldRules.image} className="form-item--plain">
          <ImageUpload
            label={t(`cards.${image.part}`)}
            hint={t('cards.imageHint')}
            icon="card"
            previewUrl={card?.[image.url]}
            onBusyChange={uploads.track(image.part)}
            data-testid={`card-${image.part}`}
          />
        </Field>
      ))}
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
  return (
    <Page title={editing ? t('routes.bcard.modify') : t('cards.addCardTitle')} backFallback={paths.bankCards()}>
      {!editing ? (
        <>
          <p className="page-lead">{t('cards.cardLead')}</p>
          <CardForm />
        </>
      ) : (
        <QueryBoundary query={cards}>
          {({ items }) => {
            const card = items.find((c) => c.id === Number(id));
            if (!card) return <GoneState listPath={paths.bankCards()} title={t('cards.cardGone')} />;
            return <CardForm key={card.id} card={card} />;
          }}
        </QueryBoundary>
      )}
    </Page>
  );
}
