/** What every registration form does when the server answers: welcome and profile, or the field error. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { showFieldError } from '../../lib/formRules';
import { toastSuccess } from '../../lib/toast';

type FormLike = Parameters<typeof showFieldError>[0];

export function useRegistrationOutcome(form: FormLike, draft: { clearDraft: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return {
    onSuccess: () => {
      draft.clearDraft();
      toastSuccess(t('register.welcome'));
      navigate(paths.profile(), { replace: true });
    },
    onError: (error: unknown) => showFieldError(form, error),
  };
}
