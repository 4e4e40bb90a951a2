/** Rows as answers: a position or an order row and the live prices, as the contract's Position and TradeOrder. */
import {
  type CloseReason,
  closingPrice,
  Decimal,
  Direction,
  feeCents,
  type Language,
  OrderType,
  type Position,
  positionProfit,
  type TradeOrder,
  type Wallet,
  wireAmount,
} from '@beurs/contracts';
import type { TradingContext } from './context.js';
import { nameOf, tradableOrNull } from './instruments.js';
import { instrumentPriceText, type OrderRow, type PositionRow, rateText, STATUS, ZERO } from './model.js';
import type { PriceBook } from './prices.js';

export type Dtos = ReturnType<typeof createDtos>;

export function createDtos({ currencyOf }: Pick<TradingContext, 'currencyOf'>) {
  function instrumentFields(row: { source: number; code: string; wallet: string }, lang: Language) {
    const t = tradableOrNull(row.source, row.code);
    if (!t) throw new Error(`instrument ${row.source}:${row.code} is not tradable`);
    return {
      t,
      /** The instrument's prices as its quotes write them (instrumentPriceText). */
      price: (value: Decimal | string) => instrumentPriceText(value, t.def.priceDecimals),
      fields: {
        stockCode: t.code,
        stockName: nameOf(t.def, lang),
        source: t.source,
        kind: t.kind,
        classify: t.def.classify ?? null,
        assetClass: t.assetClass,
        walletType: row.wallet as Wallet,
        currency: currencyOf(row.wallet),
        priceCurrency: t.priceCurrency,
        multiplier: t.multiplier.toFixed(),
      },
    };
  }

  function positionDto(row: PositionRow, prices: PriceBook | null, lang: Language): Position {
    const { t, fields, price } = instrumentFields(row, lang);
    const open = row.status === STATUS.Success;
    let nowPrice: Decimal;
    let rate: Decimal;
    let profit: Decimal;
    let marketOpen = false;
    if (open && prices) {
      const q = prices.quote(t);
      nowPrice = closingPrice(row.direction, q);
      rate = prices.rate(t.priceCurrency, fields.currency);
      profit = positionProfit(row, row.quantity, nowPrice, rate);
      marketOpen = q.marketOpen;
    } else {
      nowPrice = new Decimal(row.closePrice ?? row.openPrice);
      rate = new Decimal(row.closeRate ?? row.openRate);
      profit = open ? ZERO : new Decimal(row.sellProfit ?? 0);
      if (prices) marketOpen = prices.quote(t).marketOpen;
    }
    const margin = new Decimal(row.margin);
    const notional = new Decimal(row.quantity).times(nowPrice).times(row.multiplier).times(rate);
    return {
      id: row.id, // first: see orderDto
      ...fields,
      direction: row.direction === Direction.Sell ? Direction.Sell : Direction.Buy,
      positionNum: row.quantity,
      leverage: row.leverage,
      openPrice: price(new Decimal(row.openPrice).toDecimalPlaces(t.def.priceDecimals + 4)),
      nowPrice: price(nowPrice),
      isolatedPosition: wireAmount(margin),
      initialMargin: wireAmount(row.initialMargin),
      addedMargin: wireAmount(row.addedMargin),
      notional: wireAmount(feeCents(notional)),
      openFee: wireAmount(row.openFee),
      profit: profit.toFixed(2),
      zdf: margin.gt(0) ? profit.dividedBy(margin).times(100).toFixed(2) : '0.00',
      rate: rateText(rate),
      openRate: rateText(row.openRate),
      stopLoss: row.stopLoss === null ? null : price(row.stopLoss),
      takeProfit: row.takeProfit === null ? null : price(row.takeProfit),
      status: open ? STATUS.Success : STATUS.Closed,
      marketOpen,
      createTimeTimestamp: row.createdAt.getTime(),
      sellProfit: open ? null : new Decimal(row.sellProfit ?? 0).toFixed(2),
      sellPrice: open || row.closePrice === null ? null : price(row.closePrice),
      closeFee: open ? null : wireAmount(row.closeFee ?? '0'),
      // The open fee stored on a closed row is the closed quantity's share (a partial close cuts it), so these
      // are the closed part's own fees; the close fee is what was charged (a waived part is not counted).
      fees: open ? null : wireAmount(closedFees(row)),
      netProfit: open ? null : new Decimal(row.sellProfit ?? 0).minus(closedFees(row)).toFixed(2),
      absorbedLoss: open ? null : wireAmount(row.absorbedLoss ?? '0'),
      closeReason: open ? null : ((row.closeReason as CloseReason | null) ?? null),
      parentId: row.parentId,
      sellTimeTimestamp: row.closedAt?.getTime() ?? null,
      sellableFromTimestamp: row.sellableFrom?.getTime() ?? null,
    };
  }

  const closedFees = (row: PositionRow) => new Decimal(row.openFee).plus(row.closeFee ?? 0);

  function orderDto(row: OrderRow, lang: Language): TradeOrder {
    const { fields, price } = instrumentFields(row, lang);
    const margin = new Decimal(row.margin);
    const fee = new Decimal(row.fee);
    return {
      // The ids first: the order batch sends the rest of this JSON as text and writes the ids in front of it
      // (placement.ts answerTail).
      id: row.id,
      positionId: row.positionId ?? row.addToPositionId ?? null,
      ...fields,
      direction: row.direction === Direction.Sell ? Direction.Sell : Direction.Buy,
      orderType: row.orderType === OrderType.Limit ? OrderType.Limit : OrderType.Market,
      openClose: row.openClose === 1 ? 1 : 0,
      quantity: row.quantity,
      price: price(row.price),
      fillPrice: row.fillPrice === null ? null : price(row.fillPrice),
      leverage: row.leverage,
      margin: wireAmount(margin),
      fee: wireAmount(fee),
      total: wireAmount(margin.plus(fee)),
      amount: wireAmount(row.amount),
      rate: rateText(row.rate),
      status: row.status === 0 ? 0 : row.status === 2 ? 2 : 1,
      profit: row.profit === null ? null : new Decimal(row.profit).toFixed(2),
      closeReason: (row.closeReason as CloseReason | null) ?? null,
      createTimeTimestamp: row.createdAt.getTime(),
      fillTimeTimestamp: row.filledAt?.getTime() ?? null,
      cancelTimeTimestamp: row.cancelledAt?.getTime() ?? null,
    };
  }

  return { instrumentFields, positionDto, orderDto };
}
