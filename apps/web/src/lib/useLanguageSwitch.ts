import { LANGUAGES, type Language } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../api/session';
import { useUpdateProfileMutation } from '../api/user';
import { currentLanguage, switchLanguage } from '../app/i18n';

/**
 * Switches the interface language on this device and, when logged in, tells the server too
 * (POST /user/profile), so emails and messages arrive in the same language.
 */
export function useLanguageSwitch() {
  useTranslation(); // re-render on change
  const loggedIn = useIsLoggedIn();
  const updateProfile = useUpdateProfileMutation();
  const change = async (language: Language) => {
    if (language === currentLanguage()) return;
    await switchLanguage(language);
    if (loggedIn) updateProfile.mutate({ language });
  };
  return { language: currentLanguage(), languages: LANGUAGES, change };
}
