/**
 * "Questions? Talk to customer service" on a screen whose outcome a person decides (block-trade permission, a loan in
 * review or rejected, a rejected deposit or withdrawal): it opens a new conversation with the screen's topic preset
 * (service/new, docs/support.md).
 */
import type { SupportTopic } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { Icon } from './Icon';

export function SupportLink({ topic, testId }: { topic: SupportTopic; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="support-link">
      <Link to={paths.supportNew({ topic })} className="text-link" data-testid={testId}>
        <Icon name="headset" size={16} />
        {t('support.contactLink')}
      </Link>
    </p>
  );
}
