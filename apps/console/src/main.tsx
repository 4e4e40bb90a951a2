import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/client';
import { antdLocale } from './i18n';
import { router } from './router';
import './theme.css';

// Operators who ask their system for less motion get antd without its opening and closing animations.
const theme = { token: { motion: !window.matchMedia('(prefers-reduced-motion: reduce)').matches } };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    {/* antd's styles in a cascade layer, so the components' own CSS (unlayered) wins over them. */}
    <StyleProvider layer>
      <ConfigProvider locale={antdLocale} theme={theme}>
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StyleProvider>
  </StrictMode>,
);
