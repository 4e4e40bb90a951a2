import type { EmailCodePurpose } from '@beurs/contracts';
import type { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSendEmailCodeMutation } from '../api/auth';
import { toastSuccess } from '../lib/toast';
import { useCountdown } from '../lib/useCountdown';
import { useMarkAttempted } from './AppForm';

type FormInstance = ReturnType<typeof Form.useForm>[0];

interface SendCodeButtonProps {
  purpose: EmailCodePurpose;
  /** The form whose `emailField` holds the address (it is validated first)… */
  form?: FormInstance;
  emailField?: string;
  /** …or a fixed address (the logged-in user's). */
  email?: string;
}

/** Sends an email code and counts down until another may be asked for (60 s, or what the server says). */
export function SendCodeButton({ purpose, form, emailField = 'email', email }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const sendCode = useSendEmailCodeMutation();
  const { secondsLeft, running, start } = useCountdown();
  const markAttempted = useMarkAttempted();

  const send = async () => {
    let address = email;
    if (!address && form) {
      try {
        await form.validateFields([emailField]);
        address = String(form.getFieldValue(emailField) ?? '').trim();
      } catch {
        markAttempted();
        return; // The email field now shows what is wrong.
      }
    }
    if (!address) return;
    const result = await sendCode.mutateAsync({ email: address, purpose }).catch(() => null);
    if (!result) return;
    start(result.resendInSeconds > 0 ? result.resendInSeconds : 60);
    toastSuccess(t('auth.codeSent', { email: address }));
  };

  return (
    <button
      type="button"
      className="send-code"
      disabled={running || sendCode.isPending}
      // Keeps focus in the field: a blur here would re-validate and move the button under the finger.
      onMouseDown={(event) => event.preventDefault()}
      onClick={send}
      aria-live="polite"
    >
      {sendCode.isPending
        ? t('auth.sendingCode')
        : running
          ? t('auth.resendIn', { seconds: secondsLeft })
          : t('auth.sendCode')}
    </button>
  );
}
