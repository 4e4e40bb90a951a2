/**
 * What a customer types to confirm a money move (a bond bought, a fund subscribed, a follow, a block trade, a
 * placing): the six-digit transaction password and, when two-step verification is on, its code. The server checks
 * both in one place (auth.confirmMoneyMove); this is the one place the screens ask for them.
 */
import { rules } from '@beurs/contracts';
import { Input } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../PasswordInput';

interface MoneyMoveSecretProps {
  /** Prefix of the fields' id and test ids: `<id>-pay-password`, `<id>-totp`. */
  id: string;
  payPassword: string;
  onPayPassword: (value: string) => void;
  totpEnabled: boolean;
  totpCode: string;
  onTotpCode: (value: string) => void;
}

/** Both filled as the server will take them: six digits, and a code when two-step verification is on. */
export const moneyMoveSecretComplete = (payPassword: string, totpEnabled: boolean, totpCode: string) =>
  rules.PAY_PASSWORD_PATTERN.test(payPassword) && (!totpEnabled || totpCode.trim() !== '');

export function MoneyMoveSecret({
  id,
  payPassword,
  onPayPassword,
  totpEnabled,
  totpCode,
  onTotpCode,
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
    </>
  );
}
