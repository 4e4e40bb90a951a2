/**
 * The bottom sheets of the trading screens: a confirmation that lists what will happen (every figure the
 * customer agrees to) above one confirming button, and a plain sheet for the small forms of trade/detail
 * (add margin, add to position, stop-loss and take-profit).
 */
import { Popup } from 'antd-mobile';
import '../../app/antdMobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import './trading.css';

export interface FactRow {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  /** Stands out (the total). */
  strong?: boolean;
}

/** A definition list of label / value rows (figures right-aligned, tabular). */
export function Facts({
  rows,
  className,
  testId,
}: {
  rows: ReadonlyArray<FactRow | false | null>;
  className?: string;
  testId?: string;
}) {
  return (
    <dl className={`trade-facts${className ? ` ${className}` : ''}`} data-testid={testId}>
      {rows.filter(Boolean).map((row, i) => {
        const r = row as FactRow;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of rows
          <div key={i} className={r.strong ? 'trade-facts__strong' : undefined}>
            <dt>{r.label}</dt>
            <dd className="num" data-testid={r.testId}>
              {r.value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export function Sheet({
  visible,
  title,
  onClose,
  children,
  testId,
  dismiss = 'cancel',
}: {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** The header button's word: "Cancel" for a form, "Close" for a sheet that only shows (a result, a detail). */
  dismiss?: 'cancel' | 'close';
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={typeof title === 'string' ? title : undefined}
        data-testid={testId}
      >
        <div className="sheet__header">
          <h2 className="sheet__title">{title}</h2>
          <button type="button" className="sheet__close" onClick={onClose}>
            {dismiss === 'close' ? t('common.close') : t('common.cancel')}
          </button>
        </div>
        <div className="sheet__body">{children}</div>
      </div>
    </Popup>
  );
}

/** The confirmation sheet of an order, a close or a margin top-up: the figures, a note, one button. */
export function ConfirmSheet({
  visible,
  title,
  rows,
  note,
  confirmText,
  tone = 'primary',
  pending,
  disabled,
  onConfirm,
  onClose,
  children,
}: {
  visible: boolean;
  title: ReactNode;
  rows: ReadonlyArray<FactRow | false | null>;
  note?: ReactNode;
  confirmText: ReactNode;
  tone?: 'primary' | 'buy' | 'sell';
  pending?: boolean;
  /** The button waits for what the sheet still asks (an amount, the transaction password). */
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Sheet visible={visible} title={title} onClose={onClose} testId="confirm-sheet">
      <Facts rows={rows} className="trade-facts--sheet" />
      {note && <p className="trade-note">{note}</p>}
      {children}
      <Button
        block
        size="large"
        color={tone === 'primary' ? 'primary' : 'default'}
        className={tone === 'primary' ? undefined : `trade-button trade-button--${tone}`}
        loading={pending}
        disabled={disabled}
        onClick={onConfirm}
        data-testid="confirm-submit"
      >
        {confirmText}
      </Button>
    </Sheet>
  );
}
