import { rules, type TransferResult, wallet } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { AppForm, Field } from '../../../../components/AppForm';
import { Icon } from '../../../../components/Icon';
import { AmountInput } from '../../../../components/money/AmountInput';
import { MoneyText } from '../../../../components/money/MoneyText';
import { WalletPicker } from '../../../../components/money/WalletPicker';
import { QueryBoundary } from '../../../../components/States';
import { schemaRule } from '../../../../lib/formRules';
import { type TransferValues, useTransferForm } from '../useTransferForm';
import { ConversionPreview } from './ConversionPreview';

const walletRule = schemaRule(wallet.walletType);

export function TransferForm({ onDone }: { onDone: (result: TransferResult) => void }) {
  const { t } = useTranslation();
  const { form, initial, balances, pending, wallets, pick, rules: check, send } = useTransferForm(onDone);
  const { from, fromCurrency, toCurrency, available, amount } = wallets;

  return (
    <AppForm
      name="transfer"
      form={form}
      initialValues={initial}
      onFinish={(values: TransferValues) => void send(values)}
      submitLabel={<span data-testid="transfer-submit">{t('transfer.submit')}</span>}
      pending={pending}
    >
      <div className="transfer-wallets">
        <Field name="from" label={t('transfer.from')} rules={[walletRule]}>
          <WalletPicker title={t('transfer.chooseFrom')} onChange={pick.from} testId="transfer-from" />
        </Field>
        <div className="transfer-swap">
          <button
            type="button"
            className="transfer-swap__button"
            onClick={pick.swap}
            aria-label={t('transfer.swap')}
            data-testid="transfer-swap"
          >
            <Icon name="transfer" size={18} />
          </button>
        </div>
        <Field name="to" label={t('transfer.to')} dependencies={['from']} rules={[walletRule, check.notSameAsFrom]}>
          <WalletPicker title={t('transfer.chooseTo')} onChange={pick.to} testId="transfer-to" />
        </Field>
      </div>

      <Field
        name="amount"
        label={t('transfer.amount')}
        rules={[schemaRule(rules.amount), check.withinAvailable]}
        description={
          <span className="transfer-available" data-testid="transfer-available">
            {t('transfer.availableIn', { wallet: t(`wallets.${from}`) })}{' '}
            <QueryBoundary
              inline
              query={balances}
              loading={<span className="skeleton-text transfer-available__skeleton" />}
            >
              {() => <MoneyText amount={available ?? '0'} currency={fromCurrency} />}
            </QueryBoundary>
          </span>
        }
      >
        <AmountInput currency={fromCurrency} max={available} testId="transfer-amount" />
      </Field>

      {fromCurrency !== toCurrency && <ConversionPreview amount={amount} from={fromCurrency} to={toCurrency} />}
    </AppForm>
  );
}
