/**
 * Trading in the console (under /web/console): the published trading rules per asset class (leverage cap, fee
 * rates, minimum quantity) and a customer's positions and orders. Prices never come from an operator: only the
 * rules are configurable, and a leverage cap cannot be set above the ESMA retail cap. Changes are audited and
 * apply to orders placed afterwards (open positions keep their leverage and fees already paid).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { assetClass, order, position, tradeStatus } from './trading.js';

/** A fee rate as a fraction of the notional: 0 to 0.05 (5 %), up to 6 decimals ("0.001" is 0.1 %). */
export const RATE_PATTERN = /^0(\.\d{1,6})?$/;
export const feeRate = z
  .string({ error: r.V.invalid })
  .trim()
  .regex(RATE_PATTERN, { error: r.V.invalid })
  .refine((s) => Number(s) <= 0.05, { error: r.V.invalid });

export const tradingSetting = z.object({
  assetClass,
  /** Highest leverage a customer may choose (orders default to it). */
  leverageCap: z.number().int(),
  /** The ESMA retail cap: the highest leverageCap allowed. */
  esmaCap: z.number().int(),
  buyRate: z.string(),
  sellRate: z.string(),
  /** Minimum order quantity (an instrument's lot size may raise it). */
  minQuantity: z.number().int(),
  /** null while the defaults apply. */
  updatedBy: z.string().nullable(),
  updateTimeTimestamp: z.number().int().nullable(),
});
export type TradingSetting = z.infer<typeof tradingSetting>;

export const tradingSettings = defineEndpoint({
  method: 'GET',
  path: '/console/trading/settings',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'The trading rules of every asset class: leverage cap (and the ESMA cap), buy and sell fee rates, minimum quantity.',
  request: z.object({}),
  data: z.array(tradingSetting),
});

export const tradingSettingUpdate = defineEndpoint({
  method: 'POST',
  path: '/console/trading/settings/:assetClass',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Change one asset class: leverage cap (1 to the ESMA cap; 422 leverageAboveEsma above it), fee rates (0 to 0.05) and minimum quantity, with an optional reason. Audited with the old and new values; applies to new orders.',
  request: z.object({
    leverageCap: r.integer(z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid })),
    buyRate: feeRate,
    sellRate: feeRate,
    minQuantity: r.integer(
      z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(1_000_000, { error: r.V.invalid }),
    ),
    /** Why the rule changes, kept in the audit log with the old and new values. */
    reason: r.operatorReason.optional(),
  }),
  params: z.object({ assetClass }),
  data: tradingSetting,
});

const customerParams = z.object({ id: r.id });

export const customerPositions = defineEndpoint({
  method: 'GET',
  path: '/console/customers/:id/positions',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "A customer's positions: `status` 1 open (default, with live profit) or 4 closed (with sellProfit), newest first.",
  request: z.object({
    status: r.integer(z.union([z.literal(1), z.literal(4)])).default(1),
    page: r.page,
    pageSize: r.pageSize,
  }),
  params: customerParams,
  data: pageOf(position),
});

export const customerOrders = defineEndpoint({
  method: 'GET',
  path: '/console/customers/:id/orders',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "A customer's orders, newest first, optionally of one `status` (0 entrusted, 1 filled, 2 cancelled).",
  request: z.object({
    status: r.integer(tradeStatus).optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  params: customerParams,
  data: pageOf(order),
});
