import type { WithdrawalRecord } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canGoBack } from '../../../../app/navigation';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { MoneyText } from '../../../../components/money/MoneyText';
import { StateBlock } from '../../../../components/States';
import { useFormatters } from '../../../../lib/format';
import { Fact, ReviewTag } from '../../../deposit/record';
import { destinationText } from '../destinations';

/** The request as the server took it: waiting for review, with the amount on hold. */
export function Submitted({ record, onAgain }: { record: WithdrawalRecord; onAgain: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  return (
    <div data-testid="withdraw-submitted">
      <StateBlock
        icon="clock"
        title={t('withdraw.done.title')}
        description={t('withdraw.done.text')}
        action={
          <div className="money-actions">
            <Button
              shape="rounded"
              color="primary"
              onClick={() => (canGoBack() ? navigate(-1) : navigate(paths.profile()))}
            >
              {t('withdraw.done.close')}
            </Button>
            <Button shape="rounded" color="primary" fill="outline" onClick={onAgain}>
              {t('withdraw.done.again')}
            </Button>
          </div>
        }
      />
      <dl className="money-panel money-facts money-submitted">
        <Fact label={t('withdraw.confirm.amount')}>
          <MoneyText amount={record.amount} currency={record.currency} />
        </Fact>
        <Fact label={t('withdraw.confirm.from')}>{t(`wallets.${record.walletType}`)}</Fact>
        <Fact label={t('withdraw.confirm.to')}>{destinationText(record.destination)}</Fact>
        <Fact label={t('withdraw.record.status')}>
          <ReviewTag status={record.status} kind="withdraw" />
        </Fact>
        <Fact label={t('withdraw.record.time')}>{f.dateTime(record.createTimeTimestamp)}</Fact>
      </dl>
    </div>
  );
}
