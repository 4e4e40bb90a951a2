import './app/i18n';
import './app/theme.css';
import './app/market.css';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAccountEvents } from './api/accountEvents';
import { loadOperatorDefaultLanguage } from './api/dict';
import { App } from './app/App';

// antd-mobile 5 renders Toast, Dialog and Modal with the React 18 API unless told how to on React 19.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
  };
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void loadOperatorDefaultLanguage();
startAccountEvents();
