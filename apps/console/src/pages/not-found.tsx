import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTitle } from '../lib/use-title';
import { strings } from '../strings';

export function NotFoundPage() {
  useTitle(strings.notFound.title);
  return (
    <Result
      status="404"
      title={strings.notFound.title}
      subTitle={strings.notFound.body}
      extra={
        <Link to="/customers">
          <Button type="primary">{strings.notFound.home}</Button>
        </Link>
      }
    />
  );
}
