/**
 * Crypto deposit (SPEC §2 deposit/wallet?channelId=…): the channel's address as a QR code with a copy
 * button, the asset and network and what happens to anything else sent there, the confirmations
 * before crediting, then the report: amount (minimum 1, smaller deposits are not refunded), optional
 * transaction hash and the required proof screenshot, confirmed in a dialog. Shared with the bank
 * deposit screen: the report form and the frame around an unknown channel or an unverified customer.
 */
import { ApiError } from '@beurs/api-client';
import { Decimal, type DepositChannel, ReviewStatus, rules, type UserInfo } from '@beurs/contracts';
import { Dialog, Form, Input } from 'antd-mobile';
import '../../app/antdMobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDepositChannelQuery, useRechargeCreateMutation } from '../../api/deposit';
import { useUserInfoQuery } from '../../api/user';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm, Field } from '../../components/AppForm';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ImageUpload } from '../../components/ImageUpload';
import { AmountInput } from '../../components/money/AmountInput';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { QrCode } from '../../components/QrCode';
import { bothQueries, QueryBoundary, StateBlock } from '../../components/States';
import { optionalText, schemaRule, showFieldError } from '../../lib/formRules';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toastSuccess } from '../../lib/toast';
import { KycNotice, RecordLink } from './index';
import { CopyButton, Fact } from './record';
import '../../components/money/money.css';
import { paths } from '../../app/paths';

interface DepositValues {
  amount: string;
  txHash?: string;
  proofFileId: string;
}

const amountRule = schemaRule(rules.depositAmount);
const txHashRule = schemaRule(rules.txHash, { optional: true });
const proofRule = schemaRule(rules.fileId);

/** The report of a payment made to `channel`: amount, hash (crypto), proof; confirmed, then sent once. */
export function DepositForm({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  const navigate = useNavigate();
  const [form] = Form.useForm<DepositValues>();
  const create = useRechargeCreateMutation();
  const intent = useIdempotencyKey();
  const [uploading, setUploading] = useState(false);
  const isCrypto = channel.type === 'crypto';
  const min = new Decimal(channel.minAmount);

  const minRule = {
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value !== 'string' || !rules.depositAmount.safeParse(value).success) return;
      if (new Decimal(value.trim()).lt(min))
        throw new Error(
          t('deposit.belowMinimum', { min: moneyFormat.amount(channel.minAmount, { code: channel.asset }) }),
        );
    },
  };

  const submit = async (values: DepositValues) => {
    const request = {
      channelId: channel.id,
      amount: values.amount.trim(),
      proofFileId: values.proofFileId,
      txHash: isCrypto ? optionalText(values.txHash) : undefined,
    };
    const confirmed = await Dialog.confirm({
      title: t('deposit.confirm.title'),
      content: (
        <dl className="money-facts money-confirm" data-testid="deposit-confirm">
          <Fact label={t('deposit.confirm.amount')}>
            <MoneyText amount={request.amount} currency={channel.currency} />
          </Fact>
          <Fact label={t('deposit.confirm.method')}>
            {isCrypto
              ? t('deposit.assetOnNetwork', { asset: channel.asset, network: channel.network ?? '' })
              : t('deposit.bankAsset', { asset: channel.asset })}
          </Fact>
          <Fact label={t('deposit.confirm.wallet')}>{t(`wallets.${channel.walletType}`)}</Fact>
          {request.txHash && (
            <Fact label={t('deposit.txHash')}>
              <span className="money-mono">{request.txHash}</span>
            </Fact>
          )}
          <p className="form-hint">{t('deposit.confirm.note')}</p>
        </dl>
      ),
      confirmText: t('deposit.confirm.submit'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    create.mutate(
      { request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: () => {
          intent.renew();
          toastSuccess(t('deposit.submitted'));
          void navigate(paths.depositRecord(), { replace: true });
        },
        onError: (error) => {
          // A refusal (4xx) changed nothing: the next confirmation may use a new key.
          if (error instanceof ApiError && error.kind === 'server') intent.renew();
          showFieldError(form, error);
        },
      },
    );
  };

  return (
    <AppForm<DepositValues>
      name="deposit"
      form={form}
      onFinish={submit}
      submitLabel={t('deposit.submit')}
      pending={create.isPending || uploading}
    >
      <Form.Header>{t('deposit.reportSection')}</Form.Header>
      <Field
        name="amount"
        label={t('deposit.amount', { currency: channel.asset })}
        rules={[amountRule, minRule]}
        description={
          <span className="form-hint" data-testid="deposit-min-warning">
            <strong className="money-minimum">
              {t('deposit.minimum', { min: moneyFormat.amount(channel.minAmount, { code: channel.asset }) })}
            </strong>{' '}
            {t('deposit.notRefunded')}
          </span>
        }
      >
        <AmountInput
          // A crypto amount is in the coin sent (USDT), not in the wallet's currency symbol.
          currency={isCrypto ? undefined : channel.currency}
          placeholder={t('deposit.amountPlaceholder')}
          testId="deposit-amount"
        />
      </Field>
      {isCrypto && (
        <Field
          name="txHash"
          label={t('deposit.txHashOptional')}
          rules={[txHashRule]}
          description={<span className="form-hint">{t('deposit.txHashHint')}</span>}
        >
          <Input
            placeholder={t('deposit.txHashPlaceholder')}
            autoCapitalize="off"
            clearable
            data-testid="deposit-txhash"
          />
        </Field>
      )}
      <Field name="proofFileId" rules={[proofRule]} className="form-item--plain">
        <ImageUpload
          label={t('deposit.proof')}
          hint={isCrypto ? t('deposit.proofHintCrypto') : t('deposit.proofHintBank')}
          icon="doc"
          onBusyChange={setUploading}
          data-testid="deposit-proof"
        />
      </Field>
    </AppForm>
  );
}

/**
 * The frame of a channel screen: loads the user and the channel, shows what stops a deposit (unknown or
 * disabled channel, wrong kind, identity not verified), otherwise renders `children(channel)`.
 */
export function ChannelScreen({
  type,
  children,
}: {
  type: DepositChannel['type'];
  children: (channel: DepositChannel, user: UserInfo) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { channelId } = useQueryParams<'channelId'>();
  const userInfo = useUserInfoQuery();
  const channels = useDepositChannelQuery(channelId);

  const gate = (user: UserInfo) => {
    if (!channels.channel || channels.channel.type !== type)
      return (
        <StateBlock
          icon="alert"
          title={t('deposit.channelGone')}
          description={t('deposit.channelGoneText')}
          action={
            <Button shape="rounded" color="primary" onClick={() => navigate(paths.deposit(), { replace: true })}>
              {t('deposit.chooseMethod')}
            </Button>
          }
        />
      );
    if (user.kycStatus !== ReviewStatus.Approved)
      // No address or bank account before the identity is known: money sent now could not be reported.
      return (
        <div className="money-kyc-gate">
          <KycNotice user={user} />
          <p className="form-hint form-hint--block" data-testid="deposit-details-later">
            {t('deposit.kyc.detailsLater')}
          </p>
        </div>
      );
    return children(channels.channel, user);
  };

  return (
    <Page right={<RecordLink />} backFallback={paths.deposit()}>
      <QueryBoundary query={bothQueries(userInfo, channels)}>{([user]) => gate(user)}</QueryBoundary>
    </Page>
  );
}

function CryptoDeposit({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  const address = channel.address ?? '';
  const network = channel.network ?? '';
  return (
    <>
      <section className="money-qr" aria-label={t('deposit.addressSection')}>
        <div className="money-qr__asset">
          <span className="money-qr__coin">{channel.asset}</span>
          <span className="tag tag--gold" data-testid="deposit-network">
            {t('deposit.network', { network })}
          </span>
        </div>
        <QrCode
          value={address}
          size={176}
          title={t('deposit.qrTitle', { asset: channel.asset })}
          className="money-qr__code"
          data-testid="deposit-qr"
        />
        <p className="money-qr__label">{t('deposit.address', { asset: channel.asset, network })}</p>
        <p className="money-mono money-qr__address" data-testid="deposit-address">
          {address}
        </p>
        <CopyButton text={address} label={t('deposit.addressLabel')} testId="deposit-copy-address" />
      </section>

      <div className="money-warning" role="note" data-testid="deposit-network-warning">
        <Icon name="alert" size={20} />
        <ul>
          <li>
            <strong>{t('deposit.onlyThis', { asset: channel.asset, network })}</strong> {t('deposit.otherLost')}
          </li>
          <li data-testid="deposit-confirmations">{t('deposit.confirmations', { n: channel.confirmations })}</li>
          <li>
            {t('deposit.minimum', { min: moneyFormat.amount(channel.minAmount, { code: channel.asset }) })}{' '}
            {t('deposit.notRefunded')}
          </li>
          <li>
            {t('deposit.creditedOneForOne', { wallet: t(`wallets.${channel.walletType}`), currency: channel.currency })}
          </li>
        </ul>
      </div>
      <DepositForm channel={channel} />
    </>
  );
}

export function DepositWalletPage() {
  return <ChannelScreen type="crypto">{(channel) => <CryptoDeposit channel={channel} />}</ChannelScreen>;
}
