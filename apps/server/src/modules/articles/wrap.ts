/**
 * The daily market wrap (docs/news.md "Market wrap"): after each US regular session the leader job writes one
 * article from what the simulator really did that day: the biggest gainers and losers among the US stocks, with
 * their closes, and how many rose and fell. It is labelled simulated in its title and text and in the app. One per
 * trading day: `wrap_day` is unique, and the insert does nothing when that day's wrap exists, so a restart, a rerun
 * or a second node (besides the advisory lock of platform/jobs.ts) cannot write a second one.
 */
import { Decimal, LANGUAGES, type Language } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { allInstruments } from '../../market/instruments/index.js';
import { Calendar } from '../../market/sessions.js';
import { dayToIso } from '../../market/time.js';
import type { Deps } from '../../platform/deps.js';
import { translate } from '../../platform/i18n.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { articles, type Texts } from './schema.js';

export const WRAP_JOB_LOCK = 'market-wrap';
/** Movers named on each side. */
export const WRAP_MOVERS = 5;

const US_REGULAR = new Calendar('US', false);
const US_STOCKS = allInstruments.filter((d) => d.kind === 'stock' && d.classify === 'UsStock');

/** The last US regular session that has ended at `at`: the day a wrap is due for. */
export function wrapSession(at: Date): { day: string; close: Date } | null {
  // `previous` is the last session that ended (while one runs, the one before it).
  const { previous } = US_REGULAR.locate(at.getTime());
  return previous ? { day: dayToIso(previous.day), close: new Date(previous.end - 1) } : null;
}

interface Mover {
  code: string;
  name: string;
  nameZh?: string | undefined;
  ratio: Decimal;
  close: string;
  currency: string;
}

const pct = (lang: Language, ratio: Decimal) => {
  const text = new Intl.NumberFormat(lang === 'zh-Hans' ? 'zh-CN' : lang, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(ratio.toNumber());
  return `${text}%`;
};

/** The wrap's title and Markdown body in one language. */
function write(lang: Language, day: string, gainers: Mover[], losers: Mover[], breadth: Record<string, number>) {
  const line = (m: Mover) =>
    `- ${translate(lang, 'marketWrap.line', {
      name: lang === 'zh-Hans' && m.nameZh ? m.nameZh : m.name,
      code: m.code,
      change: pct(lang, m.ratio),
      price: m.close,
      currency: m.currency,
    })}`;
  const list = (movers: Mover[]) => (movers.length ? movers.map(line).join('\n') : translate(lang, 'marketWrap.none'));
  const body = [
    `*${translate(lang, 'marketWrap.intro', { day })}*`,
    translate(lang, 'marketWrap.breadth', breadth),
    `## ${translate(lang, 'marketWrap.gainers')}`,
    list(gainers),
    `## ${translate(lang, 'marketWrap.losers')}`,
    list(losers),
  ].join('\n\n');
  return { title: translate(lang, 'marketWrap.title', { day }), body };
}

export function createWrapJob(deps: Pick<Deps, 'db' | 'clock' | 'log' | 'market'>) {
  const { db, clock, log } = deps;
  /** The last day this process saw written, so a pass between sessions costs nothing. */
  let lastDay: string | null = null;

  /** One pass at the clock's instant, without the lock (tests call it directly): the day written, or null. */
  async function runUnlocked(): Promise<string | null> {
    const session = wrapSession(clock.now());
    if (!session || session.day === lastDay) return null;
    const [existing] = await db.select({ id: articles.id }).from(articles).where(eq(articles.wrapDay, session.day));
    if (existing) {
      lastDay = session.day;
      return null;
    }
    const quotes = await deps.market.quotes(
      US_STOCKS.map((d) => ({ source: d.source, code: d.code })),
      session.close,
    );
    const movers: Mover[] = quotes
      .map((q, i) => ({ q, d: US_STOCKS[i]! }))
      // A stock that did not trade that day (listed later, or its quote is of another day) is no mover of it.
      .filter(({ q }) => q.tradingDay === session.day)
      .map(({ q, d }) => ({
        code: d.code,
        name: d.name,
        nameZh: d.nameZh,
        ratio: new Decimal(q.changeRatio),
        close: q.last,
        currency: q.currency,
      }));
    const byRatio = [...movers].sort((a, b) => b.ratio.comparedTo(a.ratio) || a.code.localeCompare(b.code));
    const gainers = byRatio.filter((m) => m.ratio.gt(0)).slice(0, WRAP_MOVERS);
    const losers = byRatio
      .filter((m) => m.ratio.lt(0))
      .reverse()
      .slice(0, WRAP_MOVERS);
    const breadth = {
      total: movers.length,
      up: movers.filter((m) => m.ratio.gt(0)).length,
      down: movers.filter((m) => m.ratio.lt(0)).length,
    };
    const title = {} as Texts;
    const body = {} as Texts;
    for (const lang of LANGUAGES) {
      const text = write(lang, session.day, gainers, losers, breadth);
      title[lang] = text.title;
      body[lang] = text.body;
    }
    const at = clock.now();
    const inserted = await db
      .insert(articles)
      .values({
        kind: 'market_wrap',
        title,
        body,
        instruments: [...gainers, ...losers].map((m) => m.code.toUpperCase()),
        wrapDay: session.day,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: articles.wrapDay })
      .returning({ id: articles.id });
    lastDay = session.day;
    if (inserted.length) log.info({ day: session.day, article: inserted[0]?.id }, 'market wrap written');
    return inserted.length ? session.day : null;
  }

  async function runOnce(): Promise<string | null> {
    const pass = await runAsLeader(db, WRAP_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : null;
  }

  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'market wrap job');
  return { runOnce, runUnlocked, start };
}
