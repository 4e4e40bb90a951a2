import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useAdjustments } from '../../../api/queries';
import { t } from '../../../i18n';
import styles from '../customer-money.module.css';

/** How many proposals of this customer wait for a second operator, with the way to them. */
export function WaitingAlert({ customerId }: { customerId: number }) {
  const waiting = useAdjustments({ status: 'proposed', customerId, q: '', page: 1, pageSize: 1 });
  const count = waiting.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      className={styles.section}
      title={t('money.waiting', { count })}
      action={
        <Link to="/approvals">
          <Button size="small">{t('money.openApprovals')}</Button>
        </Link>
      }
      data-testid="adjust-waiting"
    />
  );
}
