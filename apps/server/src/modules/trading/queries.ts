/** Reading trading: positions and orders (lists, details, history), the cash flow, margin levels, ticket figures. */
import {
  affordableQuantity,
  type Currency,
  closeFeeRateOf,
  closingPrice,
  Decimal,
  feeCents,
  type Language,
  marginLevel,
  minOrderQuantity,
  OrderType,
  openFeeRate,
  openingPrice,
  perUnitFigures,
  priceGain,
  trading,
  type Wallet,
  type WaterItem,
  wireAmount,
} from '@beurs/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { tradingDay } from '../../market/sessions.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { bill } from '../wallet/index.js';
import { type TradingContext, termsOf } from './context.js';
import type { Dtos } from './dtos.js';
import { tradableByCode, tradableOrNull } from './instruments.js';
import { priceText, rateText, STATUS, ZERO } from './model.js';
import { type PriceBook, priceBook } from './prices.js';
import { tradeOrders, tradePositions } from './schema.js';
import { type PriceRow, walletMargins } from './statements.js';

export function createQueries(ctx: TradingContext, { positionDto, orderDto }: Dtos) {
  const { db, deps, ledger, settings, currencyOf, book, bookFor } = ctx;

  /**
   * The margin level of each wallet from its open positions (docs/trading.md "Margin level and close-out"), summed
   * by PostgreSQL from the live prices of the instruments held: the positions are not loaded into memory.
   */
  async function marginSummaries(
    db: Db | Tx,
    userId: number,
    held: ReadonlyArray<{ source: number; code: string; wallet: string }>,
    prices: PriceBook,
  ) {
    const px: PriceRow[] = [];
    for (const h of held) {
      const t = tradableOrNull(h.source, h.code);
      if (!t) continue;
      const { bid, ask } = prices.quote(t);
      const rate = prices.rate(t.priceCurrency, currencyOf(h.wallet)).toString();
      px.push({ source: h.source, code: h.code, wallet: h.wallet, bid, ask, rate });
    }
    const sums = px.length === 0 ? [] : await walletMargins(db, userId, px);
    return sums.map((s) => {
      const equity = new Decimal(s.equity);
      const required = new Decimal(s.required);
      return {
        walletType: s.wallet as Wallet,
        currency: currencyOf(s.wallet),
        equity: equity.toFixed(2),
        requiredMargin: required.toFixed(2),
        marginLevel: marginLevel(equity, required)?.toFixed(2) ?? null,
        closeOutLevel: String(trading.CLOSE_OUT_LEVEL_PERCENT),
        fullyPaid: s.fullyPaid,
      };
    });
  }

  /** A page of the customer's open positions, read as a page (LIMIT/OFFSET), and the margin level of each wallet. */
  async function openPositions(
    db: Db | Tx,
    userId: number,
    filter: { source?: number | undefined; walletType?: string | undefined; page: number; pageSize: number },
    lang: Language,
  ) {
    const open = and(eq(tradePositions.userId, userId), eq(tradePositions.status, STATUS.Success));
    const where: SQL[] = [];
    if (filter.source !== undefined) where.push(eq(tradePositions.source, filter.source));
    if (filter.walletType !== undefined) where.push(eq(tradePositions.wallet, filter.walletType));
    const shown = and(open, ...where);
    const [rows, [total], held] = await Promise.all([
      db
        .select()
        .from(tradePositions)
        .where(shown)
        .orderBy(desc(tradePositions.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      db.select({ n: count() }).from(tradePositions).where(shown),
      // One row per instrument and wallet held, whatever the number of positions: what the prices are needed for.
      db
        .selectDistinct({ source: tradePositions.source, code: tradePositions.code, wallet: tradePositions.wallet })
        .from(tradePositions)
        .where(open),
    ]);
    const prices = await bookFor(held);
    return {
      list: rows.map((r) => positionDto(r, prices, lang)),
      total: total?.n ?? 0,
      page: filter.page,
      pageSize: filter.pageSize,
      margin: await marginSummaries(db, userId, held, prices),
    };
  }

  async function closedPositions(
    db: Db | Tx,
    userId: number,
    filter: { source?: number | undefined; walletType?: string | undefined; page: number; pageSize: number },
    lang: Language,
  ) {
    const where: SQL[] = [eq(tradePositions.userId, userId), eq(tradePositions.status, STATUS.Closed)];
    if (filter.source !== undefined) where.push(eq(tradePositions.source, filter.source));
    if (filter.walletType) where.push(eq(tradePositions.wallet, filter.walletType));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(tradePositions)
        .where(and(...where))
        .orderBy(desc(tradePositions.closedAt), desc(tradePositions.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      db
        .select({ n: count() })
        .from(tradePositions)
        .where(and(...where)),
    ]);
    return {
      list: rows.map((r) => positionDto(r, null, lang)),
      total: total?.n ?? 0,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async function orders(
    db: Db | Tx,
    userId: number,
    filter: {
      source?: number | undefined;
      walletType?: string | undefined;
      status?: number | undefined;
      history?: boolean | undefined;
      all?: boolean | undefined;
      page: number;
      pageSize: number;
    },
    lang: Language,
  ) {
    const where: SQL[] = [eq(tradeOrders.userId, userId)];
    if (filter.history && !filter.all) where.push(inArray(tradeOrders.status, [STATUS.Success, STATUS.Cancelled]));
    else if (!filter.all) where.push(eq(tradeOrders.status, filter.status ?? STATUS.InProgress));
    if (filter.source !== undefined) where.push(eq(tradeOrders.source, filter.source));
    if (filter.walletType) where.push(eq(tradeOrders.wallet, filter.walletType));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(tradeOrders)
        .where(and(...where))
        .orderBy(desc(tradeOrders.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      db
        .select({ n: count() })
        .from(tradeOrders)
        .where(and(...where)),
    ]);
    return {
      list: rows.map((r) => orderDto(r, lang)),
      total: total?.n ?? 0,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async function byStock(userId: number, source: number | undefined, code: string, lang: Language) {
    const t = tradableByCode(code, source);
    const [positions, entrusted] = await Promise.all([
      db
        .select()
        .from(tradePositions)
        .where(
          and(
            eq(tradePositions.userId, userId),
            eq(tradePositions.status, STATUS.Success),
            eq(tradePositions.source, t.source),
            eq(tradePositions.code, t.code),
          ),
        )
        .orderBy(desc(tradePositions.id)),
      db
        .select()
        .from(tradeOrders)
        .where(
          and(
            eq(tradeOrders.userId, userId),
            eq(tradeOrders.status, STATUS.InProgress),
            eq(tradeOrders.source, t.source),
            eq(tradeOrders.code, t.code),
          ),
        )
        .orderBy(desc(tradeOrders.id)),
    ]);
    const prices = await book(t, currencyOf(t.wallet));
    return {
      positions: positions.map((p) => positionDto(p, prices, lang)),
      orders: entrusted.map((o) => orderDto(o, lang)),
    };
  }

  async function positionDetail(userId: number, positionId: number, lang: Language) {
    const [row] = await db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.id, positionId), eq(tradePositions.userId, userId)));
    if (!row) throw notFound();
    const children = await db
      .select({ id: tradePositions.id })
      .from(tradePositions)
      .where(and(eq(tradePositions.parentId, row.id), eq(tradePositions.userId, userId)));
    const ids = [row.id, ...children.map((c) => c.id)];
    const [related, prices] = await Promise.all([
      db
        .select()
        .from(tradeOrders)
        .where(
          and(
            eq(tradeOrders.userId, userId),
            sql`(${inArray(tradeOrders.positionId, ids)} or ${inArray(tradeOrders.addToPositionId, ids)})`,
          ),
        )
        .orderBy(desc(tradeOrders.id)),
      bookFor([row]),
    ]);
    return { position: positionDto(row, prices, lang), orders: related.map((o) => orderDto(o, lang)) };
  }

  async function orderDetail(userId: number, orderId: number, lang: Language) {
    const [row] = await db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.userId, userId)));
    if (!row) throw notFound();
    return orderDto(row, lang);
  }

  /** The trading cash flow: the bill (wallet/service.ts) of the trade entries, with their order, position and code. */
  async function water(
    userId: number,
    filter: { walletType?: Wallet | undefined; page: number; pageSize: number },
    lang: Language,
  ) {
    const page = await bill(db, userId, { ...filter, types: trading.TRADE_ENTRY_TYPES }, lang, deps.clock.now());
    const list: WaterItem[] = page.list.map(({ operator: _operator, detail, ...item }) => ({
      ...item,
      type: item.type as WaterItem['type'],
      positionId: typeof detail.position === 'number' ? detail.position : null,
      orderId: typeof detail.order === 'number' ? detail.order : null,
      stockCode: typeof detail.code === 'string' ? detail.code : null,
    }));
    return { ...page, list };
  }

  /** The order ticket's figures: what the available balance buys at the price and leverage asked. */
  async function halfOrFull(
    userId: number,
    input: {
      stockCode: string;
      source?: number | undefined;
      direction: 0 | 1;
      orderType: 0 | 1;
      price?: string | undefined;
      leverage?: number | undefined;
    },
  ) {
    const t = tradableByCode(input.stockCode, input.source);
    const r = await settings.rule(t.assetClass);
    const leverage = Math.min(input.leverage ?? r.leverageCap, r.leverageCap);
    const walletCurrency = currencyOf(t.wallet);
    const prices = await book(t, walletCurrency);
    const q = prices.quote(t);
    const price =
      input.orderType === OrderType.Limit && input.price ? new Decimal(input.price) : openingPrice(input.direction, q);
    const rate = prices.rate(t.priceCurrency, walletCurrency);
    const feeRate = openFeeRate(input.direction, r);
    const { marginPerUnit, feePerUnit } = perUnitFigures({ price, multiplier: t.multiplier, rate, leverage, feeRate });
    const available = await ledger.available(db, { userId, wallet: t.wallet });
    const minCount = minOrderQuantity(r.minQuantity, t.lotSize);
    const { full, half } = affordableQuantity(available, marginPerUnit.plus(feePerUnit), {
      min: minCount,
      lotSize: t.lotSize,
    });
    return {
      stockCode: t.code,
      source: t.source,
      walletType: t.wallet,
      currency: walletCurrency,
      priceCurrency: t.priceCurrency,
      price: priceText(price),
      rate: rateText(rate),
      leverage,
      maxLeverage: r.leverageCap,
      available: wireAmount(available),
      marginPerUnit: marginPerUnit.toDecimalPlaces(8).toFixed(),
      feePerUnit: feePerUnit.toDecimalPlaces(8).toFixed(),
      feeRate: feeRate.toFixed(),
      closeFeeRate: closeFeeRateOf(input.direction, r).toFixed(),
      termsVersion: termsOf(r),
      full,
      half,
      minCount,
      lotSize: t.lotSize,
      marketOpen: q.marketOpen,
    };
  }

  /**
   * Profit of the customer's open positions since the previous close, in EUR at the live rates (the funding
   * overview's todayProfit; hkTodayProfit is the Hong Kong stocks' part). A position opened during the current
   * trading day counts from its open price, an older one from the previous close.
   */
  async function todayProfit(userId: number, currency: Currency = 'EUR') {
    const rows = await db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.userId, userId), eq(tradePositions.status, STATUS.Success)));
    let total = ZERO;
    let hk = ZERO;
    if (rows.length === 0) return { total, hk };
    const instruments = new Map<string, { source: number; code: string }>();
    const conversions = new Map<string, readonly [string, string]>();
    for (const r of rows) {
      const t = tradableOrNull(r.source, r.code);
      if (!t) continue;
      instruments.set(`${t.source}:${t.code}`, { source: t.source, code: t.code });
      conversions.set(t.priceCurrency, [t.priceCurrency, currency]);
    }
    const prices = await priceBook(deps.market, [...instruments.values()], [...conversions.values()]);
    for (const r of rows) {
      const t = tradableOrNull(r.source, r.code);
      if (!t) continue;
      const q = prices.quote(t);
      const openedToday = tradingDay(t.def, r.createdAt) === q.tradingDay;
      const from = openedToday ? new Decimal(r.openPrice) : new Decimal(q.prevClose);
      const rate = prices.rate(t.priceCurrency, currency);
      const profit = priceGain(r, r.quantity, from, closingPrice(r.direction, q), rate);
      total = total.plus(profit);
      if (t.source === 11) hk = hk.plus(profit);
    }
    return { total: feeCents(total), hk: feeCents(hk) };
  }

  return {
    todayProfit,
    marginSummaries,
    openPositions,
    closedPositions,
    orders,
    byStock,
    positionDetail,
    orderDetail,
    water,
    halfOrFull,
  };
}
