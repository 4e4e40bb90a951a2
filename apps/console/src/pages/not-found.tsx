import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { t } from '../i18n';
import { useTitle } from '../lib/use-title';

export function NotFoundPage() {
  useTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.body')}
      extra={
        <Link to="/customers">
          <Button type="primary">{t('notFound.home')}</Button>
        </Link>
      }
    />
  );
}
