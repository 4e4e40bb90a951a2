import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/Icon';
import { maskAccountNumber } from '../../../bcard/index';
import { shorten } from '../../../deposit/record';
import { networkLabel } from '../../../vm/index';
import type { Destination } from '../destinations';

/** The caller's cards or wallets as a radio list (a form control: value is the account id). */
export function DestinationPicker({
  id,
  value,
  onChange,
  items,
  footer,
}: {
  id?: string;
  value?: number;
  onChange?: (id: number) => void;
  items: readonly Destination[];
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} role="radiogroup" aria-label={t('withdraw.destination')} className="money-dest">
      {items.map((item) => (
        <label key={item.id} className="money-dest__option" data-testid={`withdraw-destination-${item.id}`}>
          <input
            type="radio"
            name="withdraw-destination"
            value={item.id}
            checked={value === item.id}
            onChange={() => onChange?.(item.id)}
          />
          <span className="money-dest__icon">
            <Icon name={item.kind === 'bank' ? 'card' : 'coin'} size={18} />
          </span>
          <span className="money-dest__body">
            {item.kind === 'bank' ? (
              <>
                <strong>{item.bankName}</strong>
                <small>
                  <span className="money-mono">{maskAccountNumber(item.cardNo)}</span> · {item.holderName}
                </small>
              </>
            ) : (
              <>
                <strong>{networkLabel(item.currencyType)}</strong>
                <small className="money-mono">{shorten(item.address, 10, 8)}</small>
              </>
            )}
          </span>
          <Icon name="check" size={18} className="money-dest__check" />
        </label>
      ))}
      {footer}
    </div>
  );
}
