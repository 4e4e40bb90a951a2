/**
 * Field blocks the sign-up, reset and settings forms share: the same label, placeholder, hint,
 * rule and autoComplete wherever the field appears. Each renders `Field`s (Form.Items), so it
 * goes inside an `AppForm` like a single field would.
 */
import { ApiError } from '@beurs/api-client';
import { type EmailCodePurpose, rules } from '@beurs/contracts';
import { type Form, Input } from 'antd-mobile';
import '../app/antdMobile';
import type { ParseKeys } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionalText, sameAsRule, schemaRule } from '../lib/formRules';
import { Field } from './AppForm';
import { EmailCodeInput } from './EmailCodeInput';
import { PasswordInput } from './PasswordInput';

type FieldKey = Extract<ParseKeys, `fields.${string}`>;
type ValidationKey = Extract<ParseKeys, `validation.${string}`>;
type FieldSchema = Parameters<typeof schemaRule>[0];
type FormInstance = ReturnType<typeof Form.useForm>[0];
type NewPasswordAutoComplete = 'new-password' | 'off';

/** The account email ('email'). */
export function EmailField() {
  const { t } = useTranslation();
  return (
    <Field name="email" label={t('fields.email')} rules={[schemaRule(rules.email)]}>
      <Input
        type="email"
        placeholder={t('fields.emailPlaceholder')}
        autoComplete="email"
        autoCapitalize="off"
        clearable
      />
    </Field>
  );
}

interface EmailCodeFieldProps {
  purpose: EmailCodePurpose;
  /** The form whose 'email' field the code is sent to… */
  form?: FormInstance;
  /** …or a fixed address (the logged-in user's). */
  email?: string;
  description?: ReactNode;
}

/** The emailed 6-digit code ('emailCode') with its send button. */
export function EmailCodeField({ purpose, form, email, description }: EmailCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Field
      name="emailCode"
      label={t('fields.emailCode')}
      rules={[schemaRule(rules.emailCode)]}
      description={description}
    >
      <EmailCodeInput purpose={purpose} form={form} email={email} />
    </Field>
  );
}

interface PasswordPairProps {
  name: string;
  confirmName: string;
  label: FieldKey;
  confirmLabel: FieldKey;
  placeholder: FieldKey;
  confirmPlaceholder: FieldKey;
  schema: FieldSchema;
  /** What the confirmation says while empty. */
  emptyKey: ValidationKey;
  hint?: FieldKey;
  autoComplete: NewPasswordAutoComplete;
  digits?: number;
}

/** A password being chosen and its confirmation, which must match it. */
function PasswordPair(props: PasswordPairProps) {
  const { t } = useTranslation();
  const { name, confirmName, schema, emptyKey, hint, autoComplete, digits } = props;
  return (
    <>
      <Field
        name={name}
        label={t(props.label)}
        rules={[schemaRule(schema)]}
        description={hint ? <span className="form-hint">{t(hint)}</span> : undefined}
      >
        <PasswordInput digits={digits} placeholder={t(props.placeholder)} autoComplete={autoComplete} />
      </Field>
      <Field
        name={confirmName}
        label={t(props.confirmLabel)}
        dependencies={[name]}
        rules={[sameAsRule(name, emptyKey)]}
      >
        <PasswordInput digits={digits} placeholder={t(props.confirmPlaceholder)} autoComplete={autoComplete} />
      </Field>
    </>
  );
}

/** 'account': the first password of a new account; 'change': one that replaces the current password. */
type NewPasswordKind = 'account' | 'change';

const NEW_PASSWORD_KINDS = {
  account: {
    label: 'fields.password',
    confirmLabel: 'fields.confirmPassword',
    schema: rules.password,
    emptyKey: 'validation.enterPassword',
  },
  change: {
    label: 'fields.newPassword',
    confirmLabel: 'fields.confirmNewPassword',
    schema: rules.newPassword,
    emptyKey: 'validation.enterNewPassword',
  },
} as const satisfies Record<NewPasswordKind, Pick<PasswordPairProps, 'label' | 'confirmLabel' | 'schema' | 'emptyKey'>>;

interface NewPasswordFieldsProps {
  kind?: NewPasswordKind;
  name?: string;
  confirmName?: string;
  /** Overrides the kind's label keys. */
  label?: FieldKey;
  confirmLabel?: FieldKey;
  placeholder?: FieldKey;
  confirmPlaceholder?: FieldKey;
  autoComplete?: NewPasswordAutoComplete;
}

/** The new login password ('password', with the rules hint) and its confirmation ('confirmPassword'). */
export function NewPasswordFields({
  kind = 'account',
  name = 'password',
  confirmName = 'confirmPassword',
  label,
  confirmLabel,
  placeholder = 'fields.passwordNewPlaceholder',
  confirmPlaceholder = 'fields.confirmPasswordPlaceholder',
  autoComplete = 'new-password',
}: NewPasswordFieldsProps) {
  const preset = NEW_PASSWORD_KINDS[kind];
  return (
    <PasswordPair
      name={name}
      confirmName={confirmName}
      label={label ?? preset.label}
      confirmLabel={confirmLabel ?? preset.confirmLabel}
      placeholder={placeholder}
      confirmPlaceholder={confirmPlaceholder}
      schema={preset.schema}
      emptyKey={preset.emptyKey}
      hint="fields.passwordHint"
      autoComplete={autoComplete}
    />
  );
}

interface PayPasswordFieldsProps {
  /** 'fields.payPassword' when setting the first one, 'fields.newPayPassword' when changing it. */
  label: FieldKey;
}

/** The six-digit transaction password ('payPassword') and its confirmation ('confirmPayPassword'). */
export function PayPasswordFields({ label }: PayPasswordFieldsProps) {
  return (
    <PasswordPair
      name="payPassword"
      confirmName="confirmPayPassword"
      label={label}
      confirmLabel="fields.confirmPayPassword"
      placeholder="fields.payPasswordPlaceholder"
      confirmPlaceholder="fields.confirmPayPasswordPlaceholder"
      schema={rules.payPassword}
      emptyKey="validation.enterPayPassword"
      autoComplete="new-password"
      digits={6}
    />
  );
}

/** The optional invitation code ('invitationCode'). */
export function InvitationCodeField() {
  const { t } = useTranslation();
  return (
    <Field
      name="invitationCode"
      label={t('fields.invitationCodeOptional')}
      rules={[schemaRule(rules.invitationCode, { optional: true })]}
    >
      <Input placeholder={t('fields.invitationCodePlaceholder')} autoCapitalize="characters" clearable />
    </Field>
  );
}

/**
 * The second factor of a sign-in form (password or mailed code): not asked until the server answers that this
 * account has two-step verification on, which it says only after a right first factor (docs/security.md).
 */
export function useSecondFactorPrompt() {
  const [asked, setAsked] = useState(false);
  return {
    asked,
    /** The code to send with the sign-in: none until asked, none when left empty. */
    codeOf: (value: string | undefined) => (asked ? optionalText(value) : undefined),
    /** Starts asking when `error` is the server's 'totpRequired'. */
    noteError: (error: unknown) => {
      if (error instanceof ApiError && error.reason === 'totpRequired') setAsked(true);
    },
  };
}

/** The authenticator or recovery code ('totpCode') a sign-in asks for once `useSecondFactorPrompt` has asked. */
export function SecondFactorField() {
  const { t } = useTranslation();
  return (
    <Field
      name="totpCode"
      label={t('totp.codeLabel')}
      description={<span className="form-hint">{t('totp.loginHint')}</span>}
      rules={[{ required: true, whitespace: true, message: t('totp.codeOrRecoveryPlaceholder') }]}
    >
      <Input
        placeholder={t('totp.codeOrRecoveryPlaceholder')}
        autoComplete="one-time-code"
        autoCapitalize="off"
        autoFocus
        data-testid="login-totp"
      />
    </Field>
  );
}
