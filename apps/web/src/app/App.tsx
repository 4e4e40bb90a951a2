import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { ToastHost } from '../components/Toast';
import { AppRouter } from './router';

// No antd-mobile ConfigProvider: its locale follows the language in app/antdMobile.ts, which loads with the
// first screen that uses antd-mobile, not with every first visit.
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <ToastHost />
    </QueryClientProvider>
  );
}
