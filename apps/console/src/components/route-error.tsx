import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { strings } from '../strings';

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
      title={strings.common.unexpected}
      subTitle={detail}
      extra={<Button onClick={() => window.location.reload()}>{strings.common.retry}</Button>}
    />
  );
}
