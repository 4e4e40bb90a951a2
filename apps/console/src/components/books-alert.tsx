/**
 * The alert of the scheduled trial balance: while the latest check found the books unbalanced, every page of the
 * console says so at the top, with what did not hold and a way to the Books page.
 */
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import type { TrialBalanceChecks } from '../api/queries';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import styles from './books-alert.module.css';

export function BooksAlert({ checks }: { checks: TrialBalanceChecks | undefined }) {
  const navigate = useNavigate();
  const latest = checks?.latest;
  if (!latest || latest.balanced) return null;
  return (
    <Alert
      type="error"
      showIcon
      banner
      role="alert"
      data-testid="books-alert"
      title={t('books.alertTitle')}
      description={
        <>
          {t('books.alertBody', { time: formatTime(latest.checkTimeTimestamp) })}
          <ul className={styles.list}>
            {latest.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      }
      action={
        <Button danger size="small" onClick={() => navigate('/books')}>
          {t('books.alertOpen')}
        </Button>
      }
      className={styles.section}
    />
  );
}
