import { Segmented } from '../../Segmented';
/** Market or limit; market is offered only while the market is open. */

import { useTranslation } from 'react-i18next';
import type { OrderType } from './useOrderTicket';

export function OrderTypeField({
  value,
  onChange,
  marketAllowed,
}: {
  value: OrderType;
  onChange: (type: OrderType) => void;
  marketAllowed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="ticket-field">
      <span className="ticket-field__label">{t('trading.ticket.orderType')}</span>
      <Segmented
        label={t('trading.ticket.orderType')}
        value={value}
        onChange={(v) => onChange(v === 1 || !marketAllowed ? 1 : 0)}
        options={[
          {
            label: <span data-testid="ticket-type-market">{t('trading.orderTypes.0')}</span>,
            value: 0,
            disabled: !marketAllowed,
          },
          { label: <span data-testid="ticket-type-limit">{t('trading.orderTypes.1')}</span>, value: 1 },
        ]}
      />
    </div>
  );
}
