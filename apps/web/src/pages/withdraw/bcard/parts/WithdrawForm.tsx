import { Decimal, rules, type WithdrawalRecord, wallet } from '@beurs/contracts';
import { Input } from 'antd-mobile';
import '../../../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../app/paths';
import { AppForm, Field } from '../../../../components/AppForm';
import { Icon } from '../../../../components/Icon';
import { AmountInput } from '../../../../components/money/AmountInput';
import { MoneyText } from '../../../../components/money/MoneyText';
import { WalletPicker } from '../../../../components/money/WalletPicker';
import { PasswordInput } from '../../../../components/PasswordInput';
import { QueryBoundary } from '../../../../components/States';
import { schemaRule } from '../../../../lib/formRules';
import { type DestinationKind, destinationPaths, type useDestinations } from '../destinations';
import { useWithdrawForm, type WithdrawValues } from '../useWithdrawForm';
import { DestinationPicker } from './DestinationPicker';

const accountRule = schemaRule(wallet.withdrawalApply.request.shape.accountId);
const amountRule = schemaRule(rules.amount);
const payPasswordRule = schemaRule(rules.payPassword);
const walletRule = schemaRule(wallet.walletType);

/** No card (or wallet) to withdraw to yet: where to add one. */
function NoDestination({ kind }: { kind: DestinationKind }) {
  const { t } = useTranslation();
  return (
    <div className="notice money-no-destination" data-testid="withdraw-no-destination">
      <Icon name={kind === 'bank' ? 'card' : 'wallet'} size={20} />
      <div>
        <strong>{kind === 'bank' ? t('withdraw.noCards') : t('withdraw.noWallets')}</strong>
        <p>{kind === 'bank' ? t('withdraw.noCardsText') : t('withdraw.noWalletsText')}</p>
        <Link to={destinationPaths[kind].add()} className="text-link money-notice__link">
          {kind === 'bank' ? t('withdraw.addCard') : t('withdraw.addWallet')} ›
        </Link>
      </div>
    </div>
  );
}

/** The destination field's control: the picker once the cards (or wallets) are there (value: the account id). */
function DestinationControl({
  kind,
  destinations,
  ...control
}: {
  kind: DestinationKind;
  destinations: ReturnType<typeof useDestinations>;
  id?: string;
  value?: number;
  onChange?: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <QueryBoundary
      query={destinations.query}
      empty={(data) => data.items.length === 0}
      emptyView={<NoDestination kind={kind} />}
    >
      {() => (
        <DestinationPicker
          {...control}
          items={destinations.items}
          footer={
            <Link to={destinationPaths[kind].manage()} className="money-field-link" data-testid="withdraw-manage">
              {kind === 'bank' ? t('withdraw.manageCards') : t('withdraw.manageWallets')} ›
            </Link>
          }
        />
      )}
    </QueryBoundary>
  );
}

export function WithdrawForm({ kind, onDone }: { kind: DestinationKind; onDone: (record: WithdrawalRecord) => void }) {
  const { t } = useTranslation();
  const { form, usable, destinations, apply, totpEnabled, withinUsable, submit } = useWithdrawForm(kind, onDone);

  return (
    <AppForm<WithdrawValues>
      name={`withdraw-${kind}`}
      form={form}
      initialValues={{ walletType: 'BALANCE' }}
      onFinish={submit}
      submitLabel={t('withdraw.submit')}
      pending={apply.isPending}
    >
      <Field name="walletType" label={t('withdraw.fromWallet')} rules={[walletRule]}>
        <WalletPicker title={t('withdraw.chooseWallet')} testId="withdraw-wallet" />
      </Field>
      <div className="money-usable" data-testid="withdraw-usable" aria-live="polite">
        <QueryBoundary inline query={usable} errorText={t('withdraw.usableFailed')}>
          {(data) => (
            <>
              <span>
                {t('withdraw.usable')}{' '}
                <MoneyText amount={data.amount} currency={data.currency} testId="withdraw-usable-amount" />
              </span>
              {new Decimal(data.pending).gt(0) && (
                <span>
                  {t('withdraw.pending')} <MoneyText amount={data.pending} currency={data.currency} />
                </span>
              )}
            </>
          )}
        </QueryBoundary>
      </div>

      <Field
        name="accountId"
        label={kind === 'bank' ? t('withdraw.toCard') : t('withdraw.toWallet')}
        rules={[accountRule]}
        className="form-item--plain"
      >
        <DestinationControl kind={kind} destinations={destinations} />
      </Field>

      <Field
        name="amount"
        label={t('withdraw.amount')}
        rules={[amountRule, withinUsable]}
        dependencies={['walletType']}
      >
        <AmountInput
          currency={usable.data?.currency}
          max={usable.data?.amount}
          allLabel={t('withdraw.all')}
          placeholder={t('withdraw.amountPlaceholder')}
          testId="withdraw-amount"
        />
      </Field>

      <Field
        name="payPassword"
        label={t('fields.payPassword')}
        rules={[payPasswordRule]}
        description={
          <span className="form-hint">
            {t('withdraw.payPasswordHint')} <Link to={paths.payPassword()}>{t('withdraw.forgotPayPassword')}</Link>
          </span>
        }
      >
        <PasswordInput digits={6} placeholder={t('fields.payPasswordPlaceholder')} autoComplete="off" />
      </Field>
      {totpEnabled ? (
        <Field
          name="totpCode"
          label={t('totp.codeLabel')}
          rules={[{ required: true, whitespace: true, message: t('totp.codeOrRecoveryPlaceholder') }]}
        >
          <Input placeholder={t('totp.codeOrRecoveryPlaceholder')} autoComplete="one-time-code" autoCapitalize="off" />
        </Field>
      ) : null}
      <p className="form-hint form-hint--block">{t('withdraw.reviewNote')}</p>
    </AppForm>
  );
}
