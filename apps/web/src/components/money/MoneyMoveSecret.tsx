/**
 * What a customer types to confirm a money move (a bond bought, a fund subscribed, a follow, a block trade, a
 * placing): the six-digit transaction password and, when two-step verification is on, its code. The server checks
 * both in one place (auth.confirmMoneyMove); this is the one place the screens ask for them.
 */
import { rules } from '@beurs/contracts';
import { Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTotpStatusQuery } from '../../api/totp';
import { errorMessage } from '../../lib/toast';
import { PasswordInput } from '../PasswordInput';

interface MoneyMoveSecretProps {
  /** Prefix of the fields' id and test ids: `<id>-pay-password`, `<id>-totp`. */
  id: string;
  payPassword: string;
  onPayPassword: (value: string) => void;
  totpEnabled: boolean;
  totpCode: string;
  onTotpCode: (value: string) => void;
  /** The confirming call's refusal, shown below the fields (test id `<id>-error`). */
  error?: unknown;
}

/** Both filled as the server will take them: six digits, and a code when two-step verification is on. */
export const moneyMoveSecretComplete = (payPassword: string, totpEnabled: boolean, totpCode: string) =>
  rules.PAY_PASSWORD_PATTERN.test(payPassword) && (!totpEnabled || totpCode.trim() !== '');

/**
 * The fields' state for one confirmation: what was typed, whether two-step verification is on (the customer's
 * setting), and whether both are complete. Spread `fields` into MoneyMoveSecret.
 */
export function useMoneyMoveSecret() {
  const [payPassword, setPayPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const totpEnabled = useTotpStatusQuery().data?.enabled === true;
  return {
    /** What the confirming call sends: the password, and the code when two-step verification is on. */
    credentials: { payPassword, ...(totpEnabled ? { totpCode } : {}) },
    complete: moneyMoveSecretComplete(payPassword, totpEnabled, totpCode),
    fields: { payPassword, onPayPassword: setPayPassword, totpEnabled, totpCode, onTotpCode: setTotpCode },
  };
}

export function MoneyMoveSecret({
  id,
  payPassword,
  onPayPassword,
  totpEnabled,
  totpCode,
  onTotpCode,
  error,
}: MoneyMoveSecretProps) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={`${id}-pay-password`}>{t('fields.payPassword')}</label>
      <div data-testid={`${id}-pay-password`}>
        <PasswordInput
          id={`${id}-pay-password`}
          digits={6}
          value={payPassword}
          onChange={onPayPassword}
          placeholder={t('fields.payPasswordPlaceholder')}
          autoComplete="off"
        />
      </div>
      {totpEnabled && (
        <div data-testid={`${id}-totp`}>
          <Input
            value={totpCode}
            onChange={onTotpCode}
            placeholder={t('totp.codeOrRecoveryPlaceholder')}
            aria-label={t('totp.codeOrRecoveryPlaceholder')}
            autoComplete="one-time-code"
          />
        </div>
      )}
      {error ? (
        <p className="ticket-error" role="alert" data-testid={`${id}-error`}>
          {errorMessage(error)}
        </p>
      ) : null}
    </>
  );
}
