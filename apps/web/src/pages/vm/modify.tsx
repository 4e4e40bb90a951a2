/**
 * Add or edit a crypto withdrawal wallet (SPEC §2 vm/modify?id=…, §3 "Virtual-currency wallet"): the
 * network (wallet.CRYPTO_NETWORKS) and the address, checked against that network's format and
 * checksum by the shared rule (the same check the server runs).
 */
import { type CryptoWallet, rules, wallet } from '@beurs/contracts';
import { Form, type FormItemProps, TextArea } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useCryptoWalletsQuery, useSaveAccountMutation } from '../../api/cards';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm, Field } from '../../components/AppForm';
import { ChoiceChips } from '../../components/ChoiceChips';
import { Page } from '../../components/Page';
import { QueryBoundary } from '../../components/States';
import { schemaRule, showFieldError } from '../../lib/formRules';
import { toastSuccess } from '../../lib/toast';
import { GoneState, useLeave } from '../bcard/modify';
import { networkLabel } from './index';
import '../../components/money/money.css';
import { paths } from '../../app/paths';

type Network = (typeof wallet.CRYPTO_NETWORKS)[number];

interface WalletValues {
  currencyType: Network;
  address: string;
}

const networkRule = schemaRule(wallet.cryptoNetwork);
type Rule = NonNullable<FormItemProps['rules']>[number];
const addressRule: Rule = ({ getFieldValue }) =>
  schemaRule(addressSchema(getFieldValue('currencyType') as Network | undefined)) as Exclude<
    Rule,
    (...args: never) => unknown
  >;

/**
 * The address checked as the contract checks the whole input: required, at most 120 characters, and
 * valid for the chosen network (Base58Check, Bech32, EIP-55…). Only the address's own message is kept.
 */
function addressSchema(network: Network | undefined) {
  return {
    safeParse(value: unknown) {
      const basic = rules.walletAddress.safeParse(value);
      if (!basic.success || !network) return basic;
      const full = wallet.cryptoWalletInput.safeParse({ kind: 'crypto', currencyType: network, address: value });
      if (full.success) return { success: true as const };
      const issue = full.error.issues.find((i) => i.path[0] === 'address') ?? full.error.issues[0];
      return {
        success: false as const,
        error: { issues: [{ message: issue?.message ?? rules.V.walletAddressFormat }] },
      };
    },
  };
}

function WalletForm({ item }: { item?: CryptoWallet }) {
  const { t } = useTranslation();
  const leave = useLeave(paths.cryptoWallets());
  const [form] = Form.useForm<WalletValues>();
  const save = useSaveAccountMutation();
  const network = Form.useWatch('currencyType', form) as Network | undefined;

  const submit = (values: WalletValues) => {
    const request = { kind: 'crypto' as const, currencyType: values.currencyType, address: values.address.trim() };
    save.mutate(item ? { id: item.id, ...request } : request, {
      onSuccess: () => {
        toastSuccess(item ? t('cards.saved') : t('cards.walletAddedToast'));
        leave();
      },
      onError: (error) => showFieldError(form, error),
    });
  };

  const options = wallet.CRYPTO_NETWORKS.map((n) => ({ value: n, label: networkLabel(n) }));

  return (
    <AppForm<WalletValues>
      name="crypto-wallet"
      form={form}
      initialValues={item ? { currencyType: item.currencyType, address: item.address } : undefined}
      onFinish={submit}
      submitLabel={item ? t('cards.save') : t('cards.addWallet')}
      pending={save.isPending}
    >
      <Field name="currencyType" label={t('cards.network')} rules={[networkRule]} className="form-item--plain">
        <ChoiceChips<Network> label={t('cards.network')} options={options} />
      </Field>
      <Field
        name="address"
        label={t('cards.address')}
        // A new network checks the address again (a TRC20 address is no ERC20 address).
        dependencies={['currencyType']}
        rules={[addressRule]}
        description={
          <span className="form-hint">
            {network ? t('cards.addressHint', { network: networkLabel(network) }) : t('cards.chooseNetworkFirst')}
          </span>
        }
      >
        <TextArea
          placeholder={t('cards.addressPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={120}
          className="money-mono"
          data-testid="wallet-address"
        />
      </Field>
      <p className="form-hint form-hint--block">{t('cards.addressWarning')}</p>
    </AppForm>
  );
}

export function CryptoWalletModifyPage() {
  const { t } = useTranslation();
  const { id } = useQueryParams<'id'>();
  const wallets = useCryptoWalletsQuery();
  const editing = Boolean(id);
  return (
    <Page title={editing ? t('routes.vm.modify') : t('cards.addWalletTitle')} backFallback={paths.cryptoWallets()}>
      {!editing ? (
        <>
          <p className="page-lead">{t('cards.walletLead')}</p>
          <WalletForm />
        </>
      ) : (
        <QueryBoundary query={wallets}>
          {({ items }) => {
            const item = items.find((w) => w.id === Number(id));
            if (!item) return <GoneState listPath={paths.cryptoWallets()} title={t('cards.walletGone')} />;
            return <WalletForm key={item.id} item={item} />;
          }}
        </QueryBoundary>
      )}
    </Page>
  );
}
