/**
 * Bank cards (SPEC §2 bcard/index): the caller's cards (masked number, bank, holder) with edit and
 * delete (after a confirmation), and a button to add one. Crypto wallets (vm/index) use the same
 * list parts: they are exported from here.
 */
import { type BankCard, looksLikeIban } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../app/antdMobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { USER_ACCOUNTS_MAX, useBankCardsQuery, useDeleteAccountMutation } from '../../api/cards';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { Page } from '../../components/Page';
import { EmptyState, QueryBoundary } from '../../components/States';
import { toastSuccess } from '../../lib/toast';
import '../../components/money/money.css';
import { paths } from '../../app/paths';

/** "NL91 •••• 4300" for an IBAN, "•••• 4242" for a card or account number (no-break spaces: one piece). */
export function maskAccountNumber(value: string): string {
  const plain = value.replace(/\s+/g, '');
  const last = plain.slice(-4);
  if (looksLikeIban(plain)) return `${plain.slice(0, 4)}\u00a0••••\u00a0${last}`;
  return `••••\u00a0${last}`;
}

/** One card or wallet: what it is, with edit and delete. */
export function AccountTile({
  icon,
  title,
  number,
  detail,
  onEdit,
  onDelete,
  deleting,
  testId,
}: {
  icon: IconName;
  title: ReactNode;
  number: ReactNode;
  detail: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="account-tile" data-testid={testId}>
      <div className="account-tile__main">
        <span className="account-tile__icon">
          <Icon name={icon} size={20} />
        </span>
        <div className="account-tile__body">
          <strong>{title}</strong>
          <span className="account-tile__number money-mono">{number}</span>
          <small>{detail}</small>
        </div>
      </div>
      <div className="account-tile__actions">
        <button type="button" className="account-action" onClick={onEdit} data-testid="account-edit">
          <Icon name="edit" size={15} />
          {t('cards.edit')}
        </button>
        <button
          type="button"
          className="account-action account-action--danger"
          onClick={onDelete}
          disabled={deleting}
          data-testid="account-delete"
        >
          <Icon name="trash" size={15} />
          {t('cards.delete')}
        </button>
      </div>
    </li>
  );
}

/** Deletes after a confirmation that names what goes. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const remove = useDeleteAccountMutation();
  const confirm = async (id: number, what: string, kind: 'bank' | 'crypto') => {
    const ok = await Dialog.confirm({
      title: t(kind === 'bank' ? 'cards.deleteCardTitle' : 'cards.deleteWalletTitle'),
      content: (
        <>
          <span className="account-delete__what">{what}</span>
          <span className="account-delete__text">{t('cards.deleteText')}</span>
        </>
      ),
      confirmText: <span className="account-delete__confirm">{t('cards.delete')}</span>,
      cancelText: t('common.cancel'),
    });
    if (ok) remove.mutate(id, { onSuccess: () => toastSuccess(t('cards.deleted')) });
  };
  return { confirm, pendingId: remove.isPending ? remove.variables : undefined };
}

/** The add button under a list, or why there is none (the limit of cards and wallets together). */
export function AddFooter({ total, label, to, testId }: { total: number; label: string; to: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const full = total >= USER_ACCOUNTS_MAX;
  return (
    <>
      {full && <p className="form-hint form-hint--block">{t('cards.limitReached', { max: USER_ACCOUNTS_MAX })}</p>}
      <Button block color="primary" size="large" disabled={full} onClick={() => navigate(to)} data-testid={testId}>
        {label}
      </Button>
    </>
  );
}

function BankCardTile({ card, onDelete, deleting }: { card: BankCard; onDelete: () => void; deleting: boolean }) {
  const navigate = useNavigate();
  return (
    <AccountTile
      icon="card"
      title={card.bankName}
      number={maskAccountNumber(card.cardNo)}
      detail={[card.holderName, card.swift].filter(Boolean).join(' · ')}
      onEdit={() => navigate(paths.bankCardEdit({ id: card.id }))}
      onDelete={onDelete}
      deleting={deleting}
      testId={`bank-card-${card.id}`}
    />
  );
}

export function BankCardsPage() {
  const { t } = useTranslation();
  const cards = useBankCardsQuery();
  const { confirm, pendingId } = useConfirmDelete();
  return (
    <Page
      footer={
        cards.isSuccess ? (
          <AddFooter
            total={cards.data.total}
            label={t('cards.addCard')}
            to={paths.bankCardEdit()}
            testId="add-bank-card"
          />
        ) : undefined
      }
    >
      <QueryBoundary
        query={cards}
        empty={(data) => data.items.length === 0}
        emptyView={<EmptyState icon="card" title={t('cards.noCards')} description={t('cards.noCardsText')} />}
      >
        {(data) => (
          <>
            <p className="page-lead">{t('cards.cardsLead')}</p>
            <ul className="account-tiles" data-testid="bank-cards">
              {data.items.map((card) => (
                <BankCardTile
                  key={card.id}
                  card={card}
                  deleting={pendingId === card.id}
                  onDelete={() => void confirm(card.id, `${card.bankName} ${maskAccountNumber(card.cardNo)}`, 'bank')}
                />
              ))}
            </ul>
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}
