import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/States';
import { canGoBack } from '../navigation';
import { paths } from '../paths';
import { useRouteMeta } from '../useRouteMeta';

/** Shown by every declared route whose screen is not built yet: honest, and a way back. */
export function UnavailableScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const isTab = Boolean(meta?.tab);
  const leave = () => {
    if (!isTab && canGoBack()) navigate(-1);
    else navigate(paths.home(), { replace: true });
  };
  return (
    <Page>
      <EmptyState
        icon="construction"
        title={t('unavailable.title')}
        description={t('unavailable.description')}
        action={
          <Button color="primary" shape="rounded" onClick={leave}>
            {isTab ? t('unavailable.toHome') : t('common.back')}
          </Button>
        }
      />
    </Page>
  );
}
