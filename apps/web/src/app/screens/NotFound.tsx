import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/States';
import { paths } from '../paths';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('errors.notFound')}>
      <EmptyState
        icon="search"
        title={t('errors.urlNotFound')}
        description={t('notFound.description')}
        action={
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.home(), { replace: true })}>
            {t('unavailable.toHome')}
          </Button>
        }
      />
    </Page>
  );
}
