/**
 * Bank deposit (SPEC §2 deposit/fiat?channelId=…): the account to pay into (bank name, account name,
 * IBAN, SWIFT, bank address, each copyable), then the same report as a crypto deposit: amount and the
 * required screenshot of the transfer.
 */
import type { DepositChannel } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useMoneyFormat } from '../../components/money/format';
import { CopyButton, Fact } from './record';
import { ChannelScreen, DepositForm } from './wallet';

/** "NL91 ABNA 0417 1643 00": IBANs are read and typed in groups of four. */
function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function BankDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const bank = channel.bank;
  if (!bank) return null;
  const rows = [
    { key: 'bankName', label: t('deposit.bank.bankName'), value: bank.bankName, shown: bank.bankName },
    { key: 'accountName', label: t('deposit.bank.accountName'), value: bank.accountName, shown: bank.accountName },
    { key: 'iban', label: t('deposit.bank.iban'), value: bank.iban.replace(/\s+/g, ''), shown: groupIban(bank.iban) },
    { key: 'swift', label: t('deposit.bank.swift'), value: bank.swift, shown: bank.swift },
    { key: 'bankAddress', label: t('deposit.bank.bankAddress'), value: bank.bankAddress, shown: bank.bankAddress },
  ].filter((row) => row.value);
  return (
    <section aria-label={t('deposit.bank.title')}>
      <h2 className="section-title">{t('deposit.bank.title')}</h2>
      <dl className="money-panel money-facts" data-testid="deposit-bank">
        {rows.map((row) => (
          <Fact key={row.key} label={row.label} testId={`deposit-bank-${row.key}`}>
            <span className={row.key === 'iban' || row.key === 'swift' ? 'money-mono' : undefined}>{row.shown}</span>
            <CopyButton text={row.value} label={row.label} testId={`deposit-copy-${row.key}`} compact />
          </Fact>
        ))}
      </dl>
    </section>
  );
}

function BankDeposit({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  return (
    <>
      <p className="page-lead">{t('deposit.bank.lead', { asset: channel.asset })}</p>
      <BankDetails channel={channel} />
      <div className="money-warning" role="note">
        <Icon name="alert" size={20} />
        <ul>
          <li>
            <strong>{t('deposit.bank.onlyAsset', { asset: channel.asset })}</strong> {t('deposit.bank.ownAccount')}
          </li>
          <li>
            {t('deposit.minimum', { min: moneyFormat.amount(channel.minAmount, { code: channel.asset }) })}{' '}
            {t('deposit.notRefunded')}
          </li>
          <li>
            {t('deposit.creditedOneForOne', {
              wallet: t(`wallets.${channel.walletType}`),
              currency: channel.currency,
            })}
          </li>
        </ul>
      </div>
      <DepositForm channel={channel} />
    </>
  );
}

export function DepositFiatPage() {
  return <ChannelScreen type="bank">{(channel) => <BankDeposit channel={channel} />}</ChannelScreen>;
}
