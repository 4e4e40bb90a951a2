import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { t } from '../i18n';

/** Last line of defence for a page that throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <Result
      status="error"
      title={t('common.unexpected')}
      subTitle={detail}
      extra={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    />
  );
}
