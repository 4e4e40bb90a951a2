import type { Language } from '@beurs/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import nlNL from 'antd-mobile/es/locales/nl-NL';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api/queryClient';
import { ToastHost } from '../components/Toast';
import { currentLanguage } from './i18n';
import { router } from './router';

const componentLocales: Record<Language, typeof enUS> = { en: enUS, nl: nlNL, 'zh-Hans': zhCN };

export function App() {
  // Re-renders on a language switch so antd-mobile's own texts follow.
  useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={componentLocales[currentLanguage()]}>
        <RouterProvider router={router} />
        <ToastHost />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
