import { type AdjustmentStatus, roleAtLeast } from '@beurs/contracts';
import type { AdjustmentProposal, Operator } from '../../api/queries';
import { t } from '../../i18n';
import { formatAmount } from '../../lib/money';

export const statusTabs: ReadonlyArray<{ status: AdjustmentStatus; label: string }> = [
  { status: 'proposed', label: t('approvals.tabs.proposed') },
  { status: 'approved', label: t('approvals.tabs.approved') },
  { status: 'rejected', label: t('approvals.tabs.rejected') },
  { status: 'cancelled', label: t('approvals.tabs.cancelled') },
];

/** A fresh idempotency key; crypto.randomUUID needs a secure context, which plain http is not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const signed = (p: AdjustmentProposal) => (p.direction === 'debit' ? `-${p.amount}` : p.amount);

/** Why this operator may not approve this proposal, or null when they may. */
export function cannotApprove(operator: Operator, p: AdjustmentProposal): string | null {
  if (p.makerId === operator.id) return t('approvals.yours');
  if (!roleAtLeast(operator.role, p.approverRole))
    return t('approvals.needsSupervisor', { limit: formatAmount(p.approvalLimit, p.currency) });
  return null;
}
