/**
 * antd-mobile's setup, loaded with the first module that uses one of its components instead of with the app, so
 * screens without any (home) load none of antd-mobile: its imperative Dialog renders with React 19's root API,
 * and its own texts (dialog buttons, form messages, pull-to-refresh) follow the app's language. Every module that
 * imports a component from antd-mobile imports this one first, for its effect (antdMobile.test.tsx checks).
 */
import { isLanguage, type Language } from '@beurs/contracts';
import { setDefaultConfig, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import nlNL from 'antd-mobile/es/locales/nl-NL';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { createRoot } from 'react-dom/client';
import { currentLanguage, i18n } from './i18n';

const componentLocales: Record<Language, typeof enUS> = { en: enUS, nl: nlNL, 'zh-Hans': zhCN };

// antd-mobile 5 renders Dialog and Modal with the React 18 API unless told how to on React 19.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
  };
});

// The default config stands in for a ConfigProvider around the app: components read it when they render, and
// a language switch re-renders the screens (they use the translation hook) before anyone sees the old words.
const followLanguage = (language: string) =>
  setDefaultConfig({ locale: componentLocales[isLanguage(language) ? language : 'en'] });
followLanguage(currentLanguage());
i18n.on('languageChanged', followLanguage);
