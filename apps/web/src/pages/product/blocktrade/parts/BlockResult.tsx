/** The answer to a block order: what was bought at which desk price, and the position in the trade centre. */
import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BlockCreateResult } from '../../../../api/blocktrade';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { MoneyText } from '../../../../components/money/MoneyText';
import { StateBlock } from '../../../../components/States';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { priceDecimals } from './DeskList';

export function BlockResult({ result, onAgain }: { result: BlockCreateResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  const { blockTrade: b, order, position } = result;
  const currency = order.currency as Currency;
  return (
    <div data-testid="block-result" data-position={position?.id ?? ''}>
      <StateBlock
        icon="check"
        title={t('block.result.title')}
        description={t('block.result.text', { quantity: f.integer(b.quantity), code: b.code })}
      />
      <Facts
        className="trade-facts--card"
        rows={[
          {
            label: t('block.labels.deskPrice'),
            value: `${f.number(b.deskPrice, priceDecimals(b.deskPrice, b.quotePrice))} ${order.priceCurrency}`,
          },
          { label: t('block.ticket.quantity'), value: f.integer(b.quantity) },
          { label: t('block.labels.amount'), value: <MoneyText amount={order.margin} currency={currency} /> },
          { label: t('block.labels.fee'), value: <MoneyText amount={order.fee} currency={currency} /> },
        ]}
      />
      {position && (
        <Button
          block
          color="primary"
          onClick={() => navigate(paths.tradeDetail(position, 'position'))}
          data-testid="block-to-position"
        >
          {t('block.result.toPosition')}
        </Button>
      )}
      <Button block onClick={onAgain} data-testid="block-again">
        {t('block.result.again')}
      </Button>
    </div>
  );
}
