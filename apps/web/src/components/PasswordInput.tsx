import { Input } from 'antd-mobile';
import '../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

interface PasswordInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  autoComplete?: 'current-password' | 'new-password' | 'one-time-code' | 'off';
  /** Transaction passwords: six digits with the numeric keypad. */
  digits?: number;
}

/** A password field with a show/hide button; Form.Item passes id, value, onChange and onBlur. */
export function PasswordInput({ id, value, onChange, onBlur, placeholder, autoComplete, digits }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(next) => onChange?.(digits ? next.replace(/\D/g, '').slice(0, digits) : next)}
        onBlur={onBlur}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={digits ? 'numeric' : undefined}
        maxLength={digits ?? 64}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
      </button>
    </div>
  );
}
