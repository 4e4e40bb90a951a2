/**
 * Offerings (issue 15, docs/primary-markets.md "Console"): every IPO in every phase with its demand. Admins
 * create one here; its page changes it before the window opens, cancels it and shows the allotment.
 */
import { consolePrimary, type OfferingPhase, primary } from '@beurs/contracts';
import { App, Button, Select } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOfferings } from '../../api/primary';
import { ListHeader, RefreshButton } from '../../components/list-page';
import { t } from '../../i18n';
import { useOperator } from '../../lib/use-operator';
import { usePageParams } from '../../lib/use-page-params';
import { useTitle } from '../../lib/use-title';
import { mayCall } from '../trading-settings/rules';
import styles from './offerings.module.css';
import { OfferingModal } from './parts/offering-modal';
import { OfferingsTable } from './parts/offerings-table';
import { phaseLabel } from './parts/phase-tag';

const isPhase = (value: string | null): value is OfferingPhase =>
  (primary.OFFERING_PHASES as readonly string[]).includes(value ?? '');

export function OfferingsPage() {
  useTitle(t('offerings.title'));
  const operator = useOperator();
  const canWrite = mayCall(operator, consolePrimary.offeringCreate);
  const [params, setParams] = usePageParams();
  const [search, setSearch] = useSearchParams();
  const rawPhase = search.get('phase');
  const phase = isPhase(rawPhase) ? rawPhase : undefined;
  const offerings = useOfferings({ ...params, phase });
  const navigate = useNavigate();
  const { message } = App.useApp();
  /** Each opening gets a new `seq`, so the form starts fresh. */
  const [dialog, setDialog] = useState({ open: false, seq: 0 });

  const choosePhase = (next: OfferingPhase | undefined) => {
    const query = new URLSearchParams(search);
    if (next) query.set('phase', next);
    else query.delete('phase');
    query.delete('page');
    setSearch(query);
  };

  return (
    <>
      <ListHeader
        title={t('offerings.title')}
        hint={t('offerings.hint')}
        search={{ value: params.q, placeholder: t('offerings.search'), onSearch: (q) => setParams({ q }) }}
        extra={
          <>
            <Select<OfferingPhase>
              allowClear
              value={phase}
              placeholder={t('offerings.allPhases')}
              aria-label={t('offerings.phase')}
              options={primary.OFFERING_PHASES.map((p) => ({ value: p, label: phaseLabel(p) }))}
              onChange={(next) => choosePhase(next)}
              className={styles.filter}
            />
            <RefreshButton query={offerings} />
            {canWrite ? (
              <Button type="primary" onClick={() => setDialog((d) => ({ open: true, seq: d.seq + 1 }))}>
                {t('offerings.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <OfferingsTable query={offerings} params={params} setParams={setParams} />
      {canWrite && dialog.open ? (
        <OfferingModal
          key={dialog.seq}
          offering={null}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
          onSaved={(saved) => {
            void message.success(t('offerings.created', { code: saved.code }));
            setDialog((d) => ({ ...d, open: false }));
            navigate(`/offerings/${saved.id}`);
          }}
        />
      ) : null}
    </>
  );
}
