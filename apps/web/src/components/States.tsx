/** Loading, error and empty states: each says what is happening and what the user can do. */
import { ApiError } from '@beurs/api-client';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/toast';
import { useDelayed } from '../lib/useDelayed';
import { Icon, type IconName } from './Icon';

/** A spinner that appears only if loading takes longer than the page load delay. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const visible = useDelayed(true);
  return (
    <div className="state state--loading" role="status" aria-live="polite" aria-busy="true">
      {visible && (
        <>
          <SpinLoading color="primary" style={{ '--size': '28px' }} />
          <span>{label ?? t('common.loading')}</span>
        </>
      )}
    </div>
  );
}

interface StateProps {
  icon?: IconName;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
}

export function StateBlock({ icon = 'info', title, description, action, tone = 'neutral' }: StateProps) {
  return (
    <div className={`state state--${tone}`}>
      <div className="state__icon">
        <Icon name={icon} size={30} />
      </div>
      <h2 className="state__title">{title}</h2>
      {description && <p className="state__description">{description}</p>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
}

export function EmptyState(props: Omit<StateProps, 'tone'>) {
  return <StateBlock {...props} />;
}

/** A failed load: the server's reason (or "Network Error") and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const offline = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
  const message = errorMessage(error) ?? t('common.networkError');
  return (
    <StateBlock
      tone="danger"
      icon={offline ? 'wifiOff' : 'alert'}
      title={t('states.loadFailed')}
      description={
        <>
          {message}
          <br />
          {offline ? t('states.checkConnection') : t('states.tryAgainLater')}
        </>
      }
      action={
        onRetry && (
          <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}
