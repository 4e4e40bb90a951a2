/**
 * Block trading before it is approved: the published criteria (verified identity, a transaction password), each
 * met or with the way to meet it, the terms in short, accepting them and applying; under review; or refused with
 * the reviewer's reason and applying again. The server checks the same criteria (kycRequired, payPasswordNotSet).
 */
import type { BlockPermission } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBlockApplyMutation } from '../../../../api/blocktrade';
import { useUserInfoQuery } from '../../../../api/user';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { Icon } from '../../../../components/Icon';
import { QueryBoundary, StateBlock } from '../../../../components/States';
import { SupportLink } from '../../../../components/SupportLink';
import { TradeError } from '../../../../components/trading/TradeError';
import { useFormatters } from '../../../../lib/format';
import { BlockTerms } from './BlockTerms';

function Criterion({ met, label, fix }: { met: boolean; label: string; fix: { to: string; text: string } }) {
  return (
    <li data-testid="block-criterion" data-met={met}>
      <Icon
        name={met ? 'check' : 'alert'}
        size={16}
        className={met ? 'block-criteria__met' : 'block-criteria__unmet'}
      />
      <span>{label}</span>
      {!met && (
        <Link to={fix.to} className="text-link">
          {fix.text} ›
        </Link>
      )}
    </li>
  );
}

function ApplyForm({ again }: { again: boolean }) {
  const { t } = useTranslation();
  const user = useUserInfoQuery();
  const apply = useBlockApplyMutation();
  const [accepted, setAccepted] = useState(false);
  return (
    <QueryBoundary query={user}>
      {(u) => {
        const verified = u.kycStatus === 3;
        const ready = verified && u.hasPayPassword;
        return (
          <section className="card ipo-ticket-card" data-testid="block-apply">
            <h3>{t('block.apply.criteriaTitle')}</h3>
            <ul className="block-criteria">
              <Criterion
                met={verified}
                label={t('block.apply.identity')}
                fix={{ to: paths.kyc(), text: t('block.apply.verify') }}
              />
              <Criterion
                met={u.hasPayPassword}
                label={t('block.apply.payPassword')}
                fix={{ to: paths.payPassword(), text: t('block.apply.setPayPassword') }}
              />
            </ul>
            <BlockTerms />
            <label className="block-check">
              <input
                type="checkbox"
                checked={accepted}
                onChange={(e) => setAccepted(e.target.checked)}
                data-testid="block-accept"
              />
              <span>{t('block.apply.accept')}</span>
            </label>
            {apply.isError && <TradeError error={apply.error} />}
            <Button
              block
              color="primary"
              disabled={!ready || !accepted}
              loading={apply.isPending}
              onClick={() => apply.mutate()}
              data-testid="block-apply-submit"
            >
              {again ? t('block.apply.again') : t('block.apply.submit')}
            </Button>
            {!ready && <p className="ticket-hint">{t('block.apply.meetFirst')}</p>}
          </section>
        );
      }}
    </QueryBoundary>
  );
}

export function PermissionPanel({ permission: p }: { permission: BlockPermission }) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (p.status === 'pending') {
    return (
      <div data-testid="block-permission" data-status="pending">
        <StateBlock
          icon="clock"
          title={t('block.pending.title')}
          description={t('block.pending.text', { at: f.dateTime(p.appliedAtTimestamp, 'minutes') })}
        />
        <SupportLink topic="blockTrade" testId="block-support" />
      </div>
    );
  }
  return (
    <div data-testid="block-permission" data-status={p.status}>
      {p.status === 'refused' ? (
        <StateBlock
          tone="danger"
          icon="alert"
          title={t('block.refused.title')}
          description={t('block.refused.text', { reason: p.reason ?? '' })}
        />
      ) : (
        <StateBlock icon="building" title={t('block.none.title')} description={t('block.none.text')} />
      )}
      <ApplyForm again={p.status === 'refused'} />
      <SupportLink topic="blockTrade" testId="block-support" />
    </div>
  );
}
