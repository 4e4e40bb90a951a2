import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../components/Button';
import { StateBlock } from '../../components/States';

/**
 * A screen that failed to load or render. The usual cause is a new version deployed while the
 * app was open (its old chunks are gone): reloading fixes it.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="page">
      <main className="page__content">
        <StateBlock
          tone="danger"
          icon="alert"
          title={t('routeError.title')}
          description={t('routeError.description')}
          action={
            <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
              {t('routeError.reload')}
            </Button>
          }
        />
      </main>
    </div>
  );
}
