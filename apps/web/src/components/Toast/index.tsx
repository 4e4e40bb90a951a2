import { useSyncExternalStore } from 'react';
import { Icon } from '../Icon';
import { type ToastState, toastStore } from './store';
import './toast.css';

export { Toast, type ToastOptions } from './store';

function Pill({ toast }: { toast: ToastState }) {
  return (
    <div className={`toast${toast.icon ? ' toast--icon' : ''}${toast.leaving ? ' toast--leaving' : ''}`}>
      {toast.icon && <Icon name={toast.icon === 'success' ? 'check' : 'close'} size={36} className="toast__icon" />}
      {toast.content}
    </div>
  );
}

/**
 * Where toasts appear: a centred pill over everything. Mounted once (App), so both live regions are in the page
 * before any toast and screen readers announce what is put in them: failures at once, the rest politely.
 */
export function ToastHost() {
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  const urgent = toast?.icon === 'fail';
  return (
    <div className="toast-host">
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !urgent && <Pill key={toast.key} toast={toast} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {toast && urgent && <Pill key={toast.key} toast={toast} />}
      </div>
    </div>
  );
}
