import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { StateBlock } from '../../components/States';

/**
 * A screen that failed to load or render. The usual cause is a new version deployed while the
 * app was open (its old chunks are gone): reloading fixes it.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
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

type BoundaryProps = { at: string; children: ReactNode };
type BoundaryState = { failed: boolean; at: string };

/**
 * Catches a screen's failure. It stays on the route that failed: another route (`at`) starts afresh. Not remounted
 * per route, so a screen change keeps the one being left up while the next one's code loads.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: this.props.at };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override componentDidCatch(error: unknown): void {
    if (import.meta.env.DEV) console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
