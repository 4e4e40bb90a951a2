import type { TableColumnsType } from 'antd';
import type { CustomerWallet } from '../../../api/queries';
import { t } from '../../../i18n';
import { walletLabel } from '../../../lib/money';
import { Money } from './amounts';

export const walletColumns: TableColumnsType<CustomerWallet> = [
  {
    title: t('money.wallet'),
    dataIndex: 'walletType',
    render: (walletType: string) => walletLabel(walletType),
  },
  { title: t('money.currency'), dataIndex: 'currency', width: 90 },
  {
    title: t('money.available'),
    dataIndex: 'balance',
    align: 'right',
    render: (balance: string, row) => <Money amount={balance} currency={row.currency} />,
  },
  {
    title: t('money.onHold'),
    dataIndex: 'usedBalance',
    align: 'right',
    render: (held: string, row) => <Money amount={held} currency={row.currency} />,
  },
  {
    title: t('money.total'),
    dataIndex: 'total',
    align: 'right',
    render: (total: string, row) => <Money amount={total} currency={row.currency} strong />,
  },
];
