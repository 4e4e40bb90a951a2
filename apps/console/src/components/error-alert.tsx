import { Alert, Button } from 'antd';
import { errorMessage } from '../api/client';
import { t } from '../i18n';
import styles from './error-alert.module.css';

/** A failed load, with the server's message and a way to try again. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={t('common.loadFailed')}
      description={errorMessage(error)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
      className={styles.section}
    />
  );
}
