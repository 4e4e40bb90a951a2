import type { EmailCodePurpose } from '@beurs/contracts';
import { type Form, Input } from 'antd-mobile';
import '../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton';

interface EmailCodeInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  purpose: EmailCodePurpose;
  form?: ReturnType<typeof Form.useForm>[0];
  email?: string;
}

/** The 6-digit email code with its send button inside the same field. */
export function EmailCodeInput({ id, value, onChange, onBlur, purpose, form, email }: EmailCodeInputProps) {
  const { t } = useTranslation();
  return (
    <div className="code-input">
      <Input
        id={id}
        value={value}
        onChange={(next) => onChange?.(next.replace(/\D/g, '').slice(0, 6))}
        onBlur={onBlur}
        placeholder={t('auth.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <SendCodeButton purpose={purpose} form={form} email={email} />
    </div>
  );
}
