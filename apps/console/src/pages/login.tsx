import { ApiError } from '@beurs/api-client';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { errorMessage } from '../api/client';
import { useLogin } from '../api/queries';
import { session, useSession } from '../api/session';
import { LanguageSelect } from '../components/language-select';
import { t } from '../i18n';
import { useTitle } from '../lib/use-title';
import styles from './login.module.css';

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
  useTitle(t('login.title'));
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
    <Flex align="center" justify="center" className={styles.loginPage}>
      <Card className={styles.width380}>
        <Flex justify="flex-end">
          <LanguageSelect />
        </Flex>
        <Typography.Title level={3} className={styles.firstSubheading}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {notice && !login.isError ? <Alert type="info" showIcon title={notice} className={styles.section} /> : null}
        {login.isError ? (
          <Alert
            type={needsCode ? 'info' : 'error'}
            showIcon
            title={needsCode ? errorMessage(login.error) : t('login.failed')}
            description={needsCode ? undefined : errorMessage(login.error)}
            className={styles.section}
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
            label={t('login.username')}
            name="username"
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label={t('login.password')}
            name="password"
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {askCode ? (
            <Form.Item
              label={t('login.code')}
              name="totpCode"
              extra={t('login.codeHint')}
              rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
            >
              <Input
                autoComplete="one-time-code"
                placeholder={t('login.codePlaceholder')}
                autoFocus
                data-testid="login-totp"
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
