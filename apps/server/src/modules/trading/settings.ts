/**
 * The trading rules per asset class (leverage cap, fee rates, minimum quantity): defaults at the ESMA retail caps,
 * changed by an admin in the console (docs/trading.md "Rules the operator sets"). Read on every order, so each
 * process keeps them for SETTINGS_TTL_MS; a change made on this process applies at once, on other nodes within
 * that time.
 */
import { Decimal, trading } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import { operators } from '../../platform/db/schema.js';
import { tradingSettings } from './schema.js';

type AssetClass = trading.AssetClass;

export interface Rule {
  assetClass: AssetClass;
  leverageCap: number;
  buyRate: Decimal;
  sellRate: Decimal;
  minQuantity: number;
  updatedBy: string | null;
  updatedAt: Date | null;
}

/** Defaults: fee rates in fractions of the notional; minimum quantities in units (forex in base-currency units). */
export const DEFAULT_RULES: Record<AssetClass, { buyRate: string; sellRate: string; minQuantity: number }> = {
  forexMajor: { buyRate: '0.0002', sellRate: '0.0002', minQuantity: 1000 },
  forexMinor: { buyRate: '0.0003', sellRate: '0.0003', minQuantity: 1000 },
  gold: { buyRate: '0.0005', sellRate: '0.0005', minQuantity: 1 },
  indexMajor: { buyRate: '0.0005', sellRate: '0.0005', minQuantity: 1 },
  commodity: { buyRate: '0.0005', sellRate: '0.0005', minQuantity: 1 },
  indexOther: { buyRate: '0.0005', sellRate: '0.0005', minQuantity: 1 },
  stock: { buyRate: '0.001', sellRate: '0.001', minQuantity: 1 },
  other: { buyRate: '0.0005', sellRate: '0.0005', minQuantity: 1 },
};

export const SETTINGS_TTL_MS = 2_000;

export function createSettings(db: Executor) {
  let cache: { at: number; rules: Map<AssetClass, Rule> } | null = null;

  async function load(): Promise<Map<AssetClass, Rule>> {
    const now = Date.now();
    if (cache && now - cache.at < SETTINGS_TTL_MS) return cache.rules;
    const rows = await db
      .select({
        assetClass: tradingSettings.assetClass,
        leverageCap: tradingSettings.leverageCap,
        buyRate: tradingSettings.buyRate,
        sellRate: tradingSettings.sellRate,
        minQuantity: tradingSettings.minQuantity,
        updatedAt: tradingSettings.updatedAt,
        operator: operators.username,
      })
      .from(tradingSettings)
      .leftJoin(operators, eq(operators.id, tradingSettings.updatedBy));
    const byClass = new Map(rows.map((r) => [r.assetClass, r]));
    const rules = new Map<AssetClass, Rule>();
    for (const assetClass of trading.ASSET_CLASSES) {
      const row = byClass.get(assetClass);
      const d = DEFAULT_RULES[assetClass];
      rules.set(assetClass, {
        assetClass,
        leverageCap: Math.min(
          row?.leverageCap ?? trading.ESMA_LEVERAGE_CAP[assetClass],
          trading.ESMA_LEVERAGE_CAP[assetClass],
        ),
        buyRate: new Decimal(row?.buyRate ?? d.buyRate),
        sellRate: new Decimal(row?.sellRate ?? d.sellRate),
        minQuantity: row?.minQuantity ?? d.minQuantity,
        updatedBy: row?.operator ?? null,
        updatedAt: row?.updatedAt ?? null,
      });
    }
    cache = { at: now, rules };
    return rules;
  }

  async function rule(assetClass: AssetClass): Promise<Rule> {
    const r = (await load()).get(assetClass);
    if (!r) throw new Error(`no trading rule for ${assetClass}`);
    return r;
  }

  return {
    all: async () => [...(await load()).values()],
    rule,
    /** Forget the cached rules (after a change made by this process). */
    invalidate: () => {
      cache = null;
    },
  };
}
export type Settings = ReturnType<typeof createSettings>;
