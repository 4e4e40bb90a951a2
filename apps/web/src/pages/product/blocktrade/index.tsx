/**
 * product/blocktrade, block trades (docs/primary-markets.md "Block trades"; SPEC §5, §6). Block trading needs a
 * permission first: without one the screen explains the published criteria (verified identity, a transaction
 * password) and the terms, and applies; while it is under review it says so; a refusal shows the reviewer's reason
 * and applies again. Approved, it shows the desk (the stocks with the desk price: the simulator's mid quote less
 * the published discount, within the published band) and the ticket of the chosen stock: at least 10,000 shares,
 * the amount, fee and total, a confirmation with the customer's own transaction password, and the result with a
 * link to the position; a switch above the desk shows the customer's own block trades instead, each linking to
 * its position. Signed-in only (routes.ts): every block endpoint answers only a customer.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockCreateResult, useBlockPermissionQuery } from '../../../api/blocktrade';
import { Page } from '../../../components/Page';
import { Segmented } from '../../../components/Segmented';
import { QueryBoundary } from '../../../components/States';
import { BlockResult } from './parts/BlockResult';
import { BlockTicket } from './parts/BlockTicket';
import { DeskList } from './parts/DeskList';
import { MyBlockTrades } from './parts/MyBlockTrades';
import { PermissionPanel } from './parts/PermissionPanel';
import '../../../components/trading/trading.css';
import '../../../components/money/money.css';
import '../../../components/primary/primary.css';
import './parts/blocktrade.css';

function ApprovedDesk() {
  const { t } = useTranslation();
  const [view, setView] = useState<'desk' | 'mine'>('desk');
  const [code, setCode] = useState<string | null>(null);
  const [result, setResult] = useState<BlockCreateResult | null>(null);
  if (result) return <BlockResult result={result} onAgain={() => setResult(null)} />;
  if (code) return <BlockTicket code={code} onBack={() => setCode(null)} onResult={setResult} />;
  return (
    <>
      {/* A switch, not one page: the desk loads more stocks as it scrolls, so a list under it would never be reached. */}
      <Segmented
        label={t('routes.product.blocktrade')}
        options={[
          { value: 'desk', label: t('block.desk.title') },
          { value: 'mine', label: t('block.mine.title') },
        ]}
        value={view}
        onChange={setView}
      />
      {view === 'desk' ? <DeskList onChoose={setCode} /> : <MyBlockTrades />}
    </>
  );
}

export function BlockTradePage() {
  const permission = useBlockPermissionQuery();
  return (
    <Page className="block-page">
      <QueryBoundary query={permission}>
        {(p) => (p.status === 'approved' ? <ApprovedDesk /> : <PermissionPanel permission={p} />)}
      </QueryBoundary>
    </Page>
  );
}
