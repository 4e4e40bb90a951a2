/**
 * The webview (SPEC §2 webview/index, query `url`; docs/news.md "The webview"): opens only what lib/webview.ts
 * allows. An app screen or a named page (agreement, privacy, help) opens in place of this one; an https page of a
 * published host is offered with its address shown, opening in the browser; anything else is refused with a message,
 * and nothing is opened.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canGoBack } from '../../app/navigation';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { EmptyState, Loading } from '../../components/States';
import { resolveWebview } from '../../lib/webview';
import '../../components/news/news.css';

export function WebviewIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { url } = useQueryParams<'url'>();
  const target = resolveWebview(url);
  const back = () => (canGoBack() ? navigate(-1) : navigate(paths.home(), { replace: true }));

  const appPath = target.kind === 'app' ? target.path : null;

  useEffect(() => {
    if (appPath) navigate(appPath, { replace: true });
  }, [appPath, navigate]);

  if (target.kind === 'app') {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }

  if (target.kind === 'external') {
    return (
      <Page>
        <div className="card webview-card" data-testid="webview-external">
          <h2 className="article__title">{t('news.externalTitle')}</h2>
          <p className="article__note">{t('news.externalText', { host: target.host })}</p>
          <p className="num article__note">{target.href}</p>
          <a className="webview-open" href={target.href} target="_blank" rel="noopener noreferrer">
            {t('news.open', { host: target.host })}
          </a>
          <Button block shape="rounded" onClick={back}>
            {t('news.back')}
          </Button>
        </div>
      </Page>
    );
  }

  return (
    <Page>
      <div data-testid="webview-refused">
        <EmptyState
          icon="alert"
          title={t('news.refusedTitle')}
          description={t('news.refusedText')}
          action={
            <Button shape="rounded" onClick={back}>
              {t('news.back')}
            </Button>
          }
        />
      </div>
    </Page>
  );
}
