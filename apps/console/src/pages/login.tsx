import { ApiError } from '@beurs/api-client';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { errorMessage } from '../api/client';
import { useLogin } from '../api/queries';
import { session, useSession } from '../api/session';
import { useTitle } from '../lib/use-title';
import { strings } from '../strings';

interface Credentials {
  username: string;
  password: string;
  totpCode?: string;
}

function returnPath(state: unknown): string {
  const from: unknown = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  if (typeof from === 'object' && from !== null && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    if (from.pathname !== '/login') return `${from.pathname}${search}`;
  }
  return '/customers';
}

export function LoginPage() {
  useTitle(strings.login.title);
  const { token, notice } = useSession();
  const location = useLocation();
  const login = useLogin();
  // Shown once the server says this operator has a second factor (after a right password).
  const [askCode, setAskCode] = useState(false);
  const needsCode = login.error instanceof ApiError && login.error.reason === 'totpRequired';

  // The notice ("session ended") is for this visit only.
  useEffect(() => () => session.clearNotice(), []);

  if (token) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5', padding: 24 }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {strings.login.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{strings.login.subtitle}</Typography.Paragraph>
        {notice && !login.isError ? <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
        {login.isError ? (
          <Alert
            type={needsCode ? 'info' : 'error'}
            showIcon
            title={needsCode ? errorMessage(login.error) : strings.login.failed}
            description={needsCode ? undefined : errorMessage(login.error)}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        ) : null}
        <Form<Credentials>
          layout="vertical"
          requiredMark={false}
          disabled={login.isPending}
          onFinish={(values) => {
            const totpCode = askCode ? values.totpCode?.trim() : undefined;
            login.mutate(
              { username: values.username.trim(), password: values.password, ...(totpCode ? { totpCode } : {}) },
              {
                onError: (error) => {
                  if (error instanceof ApiError && error.reason === 'totpRequired') setAskCode(true);
                },
              },
            );
          }}
        >
          <Form.Item
            label={strings.login.username}
            name="username"
            rules={[{ required: true, whitespace: true, message: strings.login.usernameRequired }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label={strings.login.password}
            name="password"
            rules={[{ required: true, message: strings.login.passwordRequired }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {askCode ? (
            <Form.Item
              label={strings.login.code}
              name="totpCode"
              extra={strings.login.codeHint}
              rules={[{ required: true, whitespace: true, message: strings.login.codeRequired }]}
            >
              <Input
                autoComplete="one-time-code"
                placeholder={strings.login.codePlaceholder}
                autoFocus
                data-testid="login-totp"
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {strings.login.submit}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
