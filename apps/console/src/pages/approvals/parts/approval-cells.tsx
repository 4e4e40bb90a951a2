import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { AdjustmentProposal, Operator } from '../../../api/queries';
import { t } from '../../../i18n';
import { formatSigned, walletLabel } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import styles from '../approvals.module.css';
import { cannotApprove, signed } from '../rules';
import type { Decisions } from '../use-decisions';

export function ProposedCell({ p }: { p: AdjustmentProposal }) {
  return (
    <Flex vertical>
      <span>{formatTime(p.createTimeTimestamp)}</span>
      <Typography.Text type="secondary" className={styles.small} data-testid="approval-maker">
        {t('approvals.by', { name: p.maker })}
      </Typography.Text>
    </Flex>
  );
}

export function CustomerCell({ p }: { p: AdjustmentProposal }) {
  return (
    <Flex vertical>
      <Link to={`/customers/${p.customerId}`}>{p.userId}</Link>
      <Typography.Text type="secondary" className={styles.small}>
        {p.email}
      </Typography.Text>
    </Flex>
  );
}

export function AmountCell({ p }: { p: AdjustmentProposal }) {
  return (
    <Flex vertical align="flex-end">
      <Typography.Text strong type={p.direction === 'debit' ? 'danger' : 'success'} className={styles.nowrap}>
        {formatSigned(signed(p), p.currency)}
      </Typography.Text>
      <Typography.Text type="secondary" className={styles.small}>
        {walletLabel(p.walletType)}
      </Typography.Text>
      {p.approverRole === 'supervisor' ? <Tag color="purple">{t('approvals.supervisorTag')}</Tag> : null}
    </Flex>
  );
}

/** Approve, reject or (one's own) withdraw; a button that may not be used says why under it. */
export function ActionsCell({
  p,
  operator,
  decisions,
}: {
  p: AdjustmentProposal;
  operator: Operator;
  decisions: Decisions;
}) {
  const mine = p.makerId === operator.id;
  const blocked = cannotApprove(operator, p);
  return (
    <Flex vertical gap={6} data-testid={`approval-${p.id}`}>
      <Flex gap={8}>
        <Button type="primary" size="small" disabled={blocked !== null} onClick={() => decisions.startApproving(p)}>
          {t('approvals.approve')}
        </Button>
        <Button danger size="small" disabled={mine} onClick={() => decisions.startRejecting(p)}>
          {t('approvals.reject')}
        </Button>
        {mine ? (
          <Popconfirm title={`${t('approvals.withdraw')}?`} onConfirm={() => decisions.withdraw(p)}>
            <Button size="small">{t('approvals.withdraw')}</Button>
          </Popconfirm>
        ) : null}
      </Flex>
      {blocked ? (
        <Typography.Text type="secondary" className={styles.small} data-testid="approval-blocked">
          {blocked}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

export function DecidedCell({ p }: { p: AdjustmentProposal }) {
  return (
    <Flex vertical>
      <span>
        {formatTime(p.decidedTimeTimestamp)}
        {p.checker ? (
          <Typography.Text type="secondary" className={styles.small}>
            {' · '}
            {p.checker}
          </Typography.Text>
        ) : null}
      </span>
      {p.decisionReason ? <Typography.Text type="secondary">{p.decisionReason}</Typography.Text> : null}
      {p.entryId ? <Typography.Text code>{`#${p.entryId}`}</Typography.Text> : null}
    </Flex>
  );
}
