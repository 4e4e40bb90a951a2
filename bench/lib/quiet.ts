/**
 * Figures that noise cannot fool (issue 14): how busy the machine was with work OUTSIDE the bench during each
 * round of a money bench, which rounds count as quiet, and which rounds the verdict uses.
 *
 * Outside CPU: the CPU time taken between two snapshots by every process that is not the bench's own tree (this
 * process and its descendants: the app server, the load generator, pgbench, PostgreSQL's postmaster tree; and the
 * postmaster's descendants in case it is not ours) and not a kernel thread (kernel threads write our WAL and move
 * our loopback packets as much as anyone's). Read from /proc/[pid]/stat: utime + stime + cutime + cstime of each
 * process, so a process that started and ended between the snapshots is counted in its parent's cutime, and one
 * that ended after the first snapshot counts only its time after it. The 1-minute load average is recorded but does
 * not decide: it still carries the bench's own previous round for a minute after it.
 *
 * Steal: on a virtual machine the hypervisor can run other guests on the cores this one thinks it has; the time a
 * virtual core was ready but not run is "steal" in /proc/stat, and no process of this machine shows it. On this
 * kind of machine it came to 17 % of a core over a whole wallet run (3 Dec 2026) with no outside process busy, and
 * TPC-B ran at 1,567 tps against 2,674 in a run an hour and a half earlier: a round is quiet only when steal was low
 * too. An idle guest has no steal to show, so it is judged over the round, when the bench keeps both cores busy.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TICKS_PER_SECOND } from './proc-cpu.js';
import { type SettleRecord, WRITER_IDLE_LIMIT_MS, WRITER_STILL_MS } from './rounds.js';
import { fmt } from './stats.js';

/** A round is busy when processes outside the bench took more than this share of one core (percent) during it. */
export const BUSY_OUTSIDE_PERCENT = Number(process.env.BENCH_BUSY_OUTSIDE_PERCENT) || 10;
/** A round is busy when the hypervisor stole more than this share of one core (percent, both cores summed) during it. */
export const BUSY_STEAL_PERCENT = Number(process.env.BENCH_BUSY_STEAL_PERCENT) || 10;
/** The verdict uses quiet rounds whose TPC-B rate is at least this share of the best quiet TPC-B rate. */
export const NEAR_BEST = 0.9;
/**
 * The verdict leaves out a round in which TPC-B at 64 clients ran below this share of its own rate at 16 clients in
 * the same round: its clients then mostly wait on each other (its 64 branch rows), which flatters the app, whose
 * customers share no row, and which none of the quiet checks shows. Every committed orders and wallet report up to
 * 4 Dec 2026 had 0.80-1.23; on 5 Dec 2026 quiet rounds (no outside CPU, no steal, cores about 10 % slower than the
 * day before by the SHA-256 probe) had 0.58-0.72, TPC-B at 64 clients at a third of its rate of the day before,
 * and the app at 2.0x it.
 */
export const MIN_REF_SCALING = 0.75;
/**
 * TPC-B at 64 clients (the benches' scale, ratioSettings) on this kind of machine (2 cores) on a quiet day, tps:
 * every round of the committed orders and wallet reports with a verdict from 2 to 4 Dec 2026 ran it at 2,494-3,025
 * (25 Nov: 3,256). BENCH_QUIET_DAY_TPS sets it for another kind of machine.
 */
export const QUIET_DAY_TPS = Number(process.env.BENCH_QUIET_DAY_TPS) || 2700;
/**
 * The verdict leaves out a round in which TPC-B at 64 clients ran below this share of QUIET_DAY_TPS, whatever its
 * rate at 16 clients: a machine slower for TPC-B as a whole passes the scaling test (MIN_REF_SCALING) and still
 * flatters the app. On 5 Dec 2026 at 14:20 the machine check gave TPC-B 1,647 / 1,267 tps at 16 / 64 clients, 0.77,
 * with no outside CPU and no steal, where the app placed 1,700-2,500 orders/s in throw-away windows of the same hour
 * (2,594 on 4 Dec): a verdict from that round would have said 1.3-2.0x.
 */
export const MIN_OF_QUIET_DAY = 0.8;

/** A quiet round left out of the verdict because its reference was throttled (throttledRounds). */
export interface ThrottledRound {
  round: number;
  /** TPC-B's rate at 64 clients in the round, tps. */
  rate: number;
  /** That rate as a share of its rate at 16 clients in the same round, when the round ran both. */
  scaling?: number;
  /** below MIN_REF_SCALING of its 16-client rate ('scaling'), below MIN_OF_QUIET_DAY of QUIET_DAY_TPS ('slow'). */
  why: ('scaling' | 'slow')[];
}

/** The lowest TPC-B rate at 64 clients the verdict takes, tps. */
export const slowReferenceBelow = (quietDay = QUIET_DAY_TPS) => MIN_OF_QUIET_DAY * quietDay;

/** One throttled round as the reports and the machine check write it. */
export function throttledText(t: ThrottledRound, quietDay = QUIET_DAY_TPS): string {
  const parts = [`${fmt(t.rate, 0)} tps`];
  if (t.scaling !== undefined) parts.push(`${fmt(t.scaling, 2)}x its 16-client rate`);
  const below = t.why.map((w) =>
    w === 'slow'
      ? `below ${fmt(slowReferenceBelow(quietDay), 0)} tps, ${fmt(MIN_OF_QUIET_DAY * 100, 0)} % of a quiet day's`
      : `below ${fmt(MIN_REF_SCALING, 2)}x`,
  );
  return `${parts.join(', ')}: ${below.join('; ')}`;
}

interface ProcStat {
  ppid: number;
  /** utime + stime + cutime + cstime, ticks. */
  ticks: number;
  kernel: boolean;
}

export interface ProcSnapshot {
  at: number;
  procs: Map<number, ProcStat>;
  /** Steal ticks of all cores so far (/proc/stat, the 8th figure of the `cpu` line; 0 where there is none). */
  steal: number;
}

function readSteal(): number {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    return Number(cpu[8] ?? 0) || 0;
  } catch {
    return 0;
  }
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    // PF_KTHREAD (0x00200000) in flags (field 9); pid 2 is kthreadd.
    const kernel = pid === 2 || n(4) === 2 || (n(9) & 0x00200000) !== 0;
    return { ppid: n(4), ticks: n(14) + n(15) + n(16) + n(17), kernel };
  } catch {
    return null;
  }
}

export function procSnapshot(): ProcSnapshot {
  const procs = new Map<number, ProcStat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = readStat(Number(entry));
    if (s) procs.set(Number(entry), s);
  }
  return { at: performance.now(), procs, steal: readSteal() };
}

/** Pids of `roots` and all their descendants in a snapshot. */
function descendants(snap: ProcSnapshot, roots: readonly number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const [pid, s] of snap.procs) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  const out = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (out.has(pid)) continue;
    out.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** CPU of processes outside the bench between two snapshots, percent of one core. */
export function outsideCpuPercent(a: ProcSnapshot, b: ProcSnapshot, roots: readonly number[]): number {
  const ownA = descendants(a, roots);
  const ownB = descendants(b, roots);
  let ticks = 0;
  for (const [pid, s] of b.procs) {
    if (ownB.has(pid) || ownA.has(pid) || s.kernel) continue;
    ticks += s.ticks - (a.procs.get(pid)?.ticks ?? 0);
  }
  // A process that ended was reaped by its parent, whose cutime now holds its whole life: take off what it had.
  for (const [pid, s] of a.procs) {
    if (b.procs.has(pid) || ownA.has(pid) || s.kernel) continue;
    ticks -= s.ticks;
  }
  const wall = (b.at - a.at) / 1000;
  return wall > 0 ? Math.max(0, (ticks / TICKS_PER_SECOND / wall) * 100) : Number.NaN;
}

/** Time the hypervisor stole between two snapshots, percent of one core (all cores summed). */
export function stealPercent(a: ProcSnapshot, b: ProcSnapshot): number {
  const wall = (b.at - a.at) / 1000;
  return wall > 0 ? Math.max(0, ((b.steal - a.steal) / TICKS_PER_SECOND / wall) * 100) : Number.NaN;
}

/**
 * How fast one core is right now: SHA-256 of a 64 KB buffer, repeated for about 300 ms, in MB/s (higher is faster;
 * the best of three slices). Neither outside CPU nor steal shows a core that the host runs slower (a busy sibling
 * thread of the same physical core, a lower clock): this does. Run on an idle machine, before a round.
 */
export function cpuSpeed(): number {
  const buffer = Buffer.alloc(64 * 1024, 7);
  let best = 0;
  for (let slice = 0; slice < 3; slice++) {
    const t0 = performance.now();
    let bytes = 0;
    while (performance.now() - t0 < 100) {
      createHash('sha256').update(buffer).digest();
      bytes += buffer.length;
    }
    best = Math.max(best, bytes / 1e6 / ((performance.now() - t0) / 1000));
  }
  return best;
}

/**
 * How long the disk takes to make a write durable right now: 200 writes of 8 KB into a file in the temporary folder
 * (the filesystem PostgreSQL's data folder is on here), each followed by fdatasync, as a commit's WAL flush is;
 * mean microseconds. TPC-B's transactions hold their branch row until their commit is flushed, so a slower disk
 * slows it more than the app, whose group commit flushes many orders or transfers at once.
 */
export function fsyncMicros(dir = os.tmpdir()): number {
  const file = path.join(dir, `bench-fsync-${process.pid}`);
  const fd = fs.openSync(file, 'w');
  const page = Buffer.alloc(8192, 1);
  try {
    const n = 200;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      fs.writeSync(fd, page, 0, page.length, (i % 16) * page.length);
      fs.fdatasyncSync(fd);
    }
    return ((performance.now() - t0) / n) * 1000;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
}

/** Outside CPU over a short sample, percent of one core. */
export async function probeOutside(roots: readonly number[], ms = 2000): Promise<number> {
  const a = procSnapshot();
  await new Promise((done) => setTimeout(done, ms));
  return outsideCpuPercent(a, procSnapshot(), roots);
}

export const loadAverage = () => os.loadavg()[0] ?? Number.NaN;

/** One round of a money bench and how busy the machine was around it. */
export interface RoundRecord {
  round: number;
  /** Outside CPU in the probe just before the round (the last of its tries), percent of one core. */
  startOutsidePercent: number;
  /** Probes before the round (1 when the first was quiet). */
  tries: number;
  /** Outside CPU over the whole round, percent of one core. */
  outsidePercent: number;
  /** Steal over the whole round, percent of one core (stealPercent; an idle machine shows none, so no probe). */
  stealPercent?: number;
  /** cpuSpeed() just before the round, MB/s of SHA-256 on one core. */
  cpuSpeed?: number;
  /** fsyncMicros() just before the round: mean µs of an 8 KB write made durable. */
  fsyncMicros?: number;
  loadAverageStart: number;
  loadAverageEnd: number;
  quiet: boolean;
  /** The targets in the order they ran (bench/lib/rounds.ts roundOrder). */
  order?: string[];
  /** The settling (VACUUM, CHECKPOINT, idle writer) before each window (bench/lib/rounds.ts settle). */
  settles?: SettleRecord[];
  /** Re-initialising pgbench's tables before the round (`pgbench -i`), seconds; none before the first. */
  resetSeconds?: number;
}

// -------------------------------------------------------------------------------------------------- pure parts

/**
 * A round is quiet when neither its start nor its whole duration saw more outside CPU than the threshold, and the
 * hypervisor stole no more than its threshold over the round (where steal was measured).
 */
export function isQuiet(
  r: Pick<RoundRecord, 'startOutsidePercent' | 'outsidePercent' | 'stealPercent'>,
  threshold = BUSY_OUTSIDE_PERCENT,
  stealThreshold = BUSY_STEAL_PERCENT,
): boolean {
  return (
    Number.isFinite(r.startOutsidePercent) &&
    Number.isFinite(r.outsidePercent) &&
    r.startOutsidePercent <= threshold &&
    r.outsidePercent <= threshold &&
    !(r.stealPercent !== undefined && r.stealPercent > stealThreshold)
  );
}

/** A run's rate in one round, or undefined. */
type RateRun = { target: string; round: number; perSecond: number };
const rateIn = (runs: readonly RateRun[], round: number, target: string) =>
  runs.find((x) => x.round === round && x.target === target)?.perSecond;

/**
 * The quiet rounds whose reference (`refTarget`, 64 clients) was throttled, and why: it ran below MIN_REF_SCALING of
 * its rate at fewer clients (`fewTarget`) in the same round (TPC-B's clients waiting on each other; a round without
 * both runs is not judged so), or below MIN_OF_QUIET_DAY of the machine's quiet-day rate (`quietDay`).
 */
export function throttledRounds(
  rounds: readonly Pick<RoundRecord, 'round' | 'quiet'>[],
  runs: readonly RateRun[],
  refTarget = 'pgbench',
  fewTarget = 'pgbench-few',
  quietDay = QUIET_DAY_TPS,
): ThrottledRound[] {
  const out: ThrottledRound[] = [];
  for (const r of rounds) {
    const ref = rateIn(runs, r.round, refTarget);
    if (!r.quiet || ref === undefined || !Number.isFinite(ref)) continue;
    const few = rateIn(runs, r.round, fewTarget);
    const scaling = few !== undefined && few > 0 ? ref / few : undefined;
    const why: ThrottledRound['why'] = [];
    if (scaling !== undefined && scaling < MIN_REF_SCALING) why.push('scaling');
    if (ref < slowReferenceBelow(quietDay)) why.push('slow');
    if (why.length > 0) out.push({ round: r.round, rate: ref, ...(scaling === undefined ? {} : { scaling }), why });
  }
  return out;
}

/**
 * The rounds the verdict uses: the quiet ones whose reference was not throttled (throttledRounds), and among them
 * those whose reference (`refTarget`) ran within NEAR_BEST of the best such reference rate. Without any reference
 * run, every quiet round.
 */
export function verdictRounds(
  rounds: readonly Pick<RoundRecord, 'round' | 'quiet'>[],
  runs: readonly RateRun[],
  refTarget = 'pgbench',
  nearBest = NEAR_BEST,
  quietDay = QUIET_DAY_TPS,
): number[] {
  const throttled = throttledRounds(rounds, runs, refTarget, 'pgbench-few', quietDay).map((t) => t.round);
  const quiet = rounds.filter((r) => r.quiet && !throttled.includes(r.round)).map((r) => r.round);
  const refOf = (round: number) => rateIn(runs, round, refTarget);
  const rates = quiet.map(refOf).filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (rates.length === 0) return quiet;
  const best = Math.max(...rates);
  return quiet.filter((round) => (refOf(round) ?? Number.NaN) >= nearBest * best);
}

export function median(values: readonly number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

export function spread(values: readonly number[]): { min: number; median: number; max: number } {
  const v = values.filter(Number.isFinite);
  return {
    min: v.length > 0 ? Math.min(...v) : Number.NaN,
    median: median(v),
    max: v.length > 0 ? Math.max(...v) : Number.NaN,
  };
}

/** 'quiet' when the verdict rests on at least `wanted` quiet rounds, 'partly' on fewer, 'busy' on none. */
export function runQuietness(
  rounds: readonly Pick<RoundRecord, 'quiet'>[],
  wanted: number,
): 'quiet' | 'partly' | 'busy' {
  const n = rounds.filter((r) => r.quiet).length;
  return n === 0 ? 'busy' : n >= wanted ? 'quiet' : 'partly';
}

export const NO_VERDICT = 'no quiet round: no verdict';
/** No verdict because TPC-B was throttled (throttledRounds) in every quiet round. */
export const NO_VERDICT_THROTTLED = 'TPC-B throttled in every quiet round: no verdict';

/**
 * Which of the verdict's rounds ran the app before the reference and which after (rounds.ts roundOrder), so a
 * reader can see that the verdict does not rest on one order only.
 */
export function orderOfRounds(
  rounds: readonly Pick<RoundRecord, 'round' | 'order'>[],
  used: readonly number[],
  appTarget = 'app',
  refTarget = 'pgbench',
): { appFirst: number[]; refFirst: number[] } {
  const out = { appFirst: [] as number[], refFirst: [] as number[] };
  for (const r of rounds) {
    if (!used.includes(r.round) || !r.order) continue;
    const a = r.order.indexOf(appTarget);
    const b = r.order.indexOf(refTarget);
    if (a < 0 || b < 0) continue;
    (a < b ? out.appFirst : out.refFirst).push(r.round);
  }
  return out;
}

// ------------------------------------------------------------------------------------------------------ report

/** The report's paragraph and table on how quiet the machine was, round by round. */
export function quietSection(
  rounds: readonly RoundRecord[],
  used: readonly number[],
  wanted: number,
  throttled: readonly ThrottledRound[] = [],
): string[] {
  const q = runQuietness(rounds, wanted);
  const quietCount = rounds.filter((r) => r.quiet).length;
  const throttledList = throttled.map((t) => `${t.round} (${throttledText(t)})`).join(', ');
  const head =
    q !== 'busy' && used.length === 0
      ? `**${NO_VERDICT_THROTTLED}.** ${quietCount} quiet round(s) of ${rounds.length}, but in each TPC-B at 64 clients ran below ${fmt(MIN_REF_SCALING * 100, 0)} % of its rate at 16 clients in the same round or below ${fmt(slowReferenceBelow(), 0)} tps (rounds ${throttledList}): a machine that slows TPC-B more than the app, which flatters the app; the figures below are for the record only.`
      : q === 'quiet'
        ? `**Quiet run.** ${quietCount} quiet round(s) of ${rounds.length}; the verdict uses rounds ${used.join(', ')}.`
        : q === 'partly'
          ? `**Busy machine: partly quiet run.** Only ${quietCount} quiet round(s) of ${rounds.length} (${wanted} wanted); the verdict uses rounds ${used.join(', ')}. Not a quiet run.`
          : `**Busy machine: ${NO_VERDICT}.** None of the ${rounds.length} round(s) was quiet; the figures below are for the record only.`;
  const leftOut =
    used.length > 0 && throttled.length > 0 ? ` Left out as TPC-B throttled: round(s) ${throttledList}.` : '';
  const order = orderOfRounds(rounds, used);
  const orderText =
    used.length === 0
      ? ''
      : ` Of those, the app ran before TPC-B in ${order.appFirst.length > 0 ? `round(s) ${order.appFirst.join(', ')}` : 'none'} and after it in ${order.refFirst.length > 0 ? `round(s) ${order.refFirst.join(', ')}` : 'none'}.`;
  return [
    head + leftOut + orderText,
    '',
    `A round is quiet when processes outside the bench (everything but this bench, its server, load generator, pgbench and PostgreSQL; kernel threads left out) took at most ${BUSY_OUTSIDE_PERCENT} % of one core (BENCH_BUSY_OUTSIDE_PERCENT), both in a 2 s probe just before it and over the whole round, and the hypervisor stole at most ${BUSY_STEAL_PERCENT} % of one core over the round (BENCH_BUSY_STEAL_PERCENT; "steal" in /proc/stat: time this virtual machine's cores were ready to run and another guest ran instead, which no process here shows and which slows the reference and the app alike, so it moves absolute figures and, through the verdict's choice of rounds, the ratio). "Speed of one core" is a fixed single-thread workload (SHA-256) timed on the idle machine just before the round: a virtual core can run slower with no process and no steal to show for it, and on this kind of machine it does, from one run to the next. A slower machine flatters the app: TPC-B's 64 clients share pgbench's 64 branch rows, so its transactions wait on each other longer when each runs slower, while the app's customers share no row; compare ratios only between runs of a similar speed. "8 KB write + fdatasync" is the mean time the disk took to make a page durable just before the round (200 in a row): TPC-B holds its branch row until its commit is flushed, the app flushes many orders or transfers in one commit, so a slower disk also slows TPC-B more. A round whose probe is busy waits 5 s and probes again (up to 4 probes) before it starts; a busy round is kept below but marked, and another round is run in its place while time allows. The verdict leaves out a quiet round in which TPC-B at 64 clients ran below ${fmt(MIN_REF_SCALING * 100, 0)} % of its own rate at 16 clients ("throttled": its clients then mostly wait on each other's branch rows, which no check above shows and which flatters the app; every committed report up to 4 Dec 2026 had 0.80-1.23x, a quiet run on 5 Dec 2026 0.58-0.72x with TPC-B at 64 clients at a third of its rate of the day before), and one in which TPC-B at 64 clients ran below ${fmt(slowReferenceBelow(), 0)} tps, ${fmt(MIN_OF_QUIET_DAY * 100, 0)} % of its rate on a quiet day on this kind of machine (${fmt(QUIET_DAY_TPS, 0)} tps, BENCH_QUIET_DAY_TPS; a machine slower for TPC-B as a whole passes the first test: on 5 Dec 2026 TPC-B ran at 1,647 / 1,267 tps at 16 / 64 clients, 0.77x, with the app at 65-95 % of its quiet-day rate in the same hour), and uses the others whose TPC-B ran within ${fmt((1 - NEAR_BEST) * 100, 0)} % of the best of them. Load average (1 min) is recorded but does not decide: it still carries the bench's own previous round.`,
    '',
    `Every round after the first starts from pgbench's tables initialised again (\`pgbench -i\`, "reset"); the windows run in the order listed in odd rounds and reversed in even ones, so the app and TPC-B each run first in every other round; before each window both databases get \`VACUUM (ANALYZE)\`, then the server a \`CHECKPOINT\`, and the bench waits until the background writer and checkpointer have written nothing for ${fmt(WRITER_STILL_MS / 1000, 0)} s with no autovacuum worker running (at most ${fmt(WRITER_IDLE_LIMIT_MS / 1000, 0)} s; "NOT IDLE" when that ran out), so no window pays for the last one's dirty pages and dead rows (bench/lib/rounds.ts). "Settled" gives, per window, VACUUM + CHECKPOINT + wait in seconds.`,
    '',
    '| round | order | reset | settled before each window (VACUUM + CHECKPOINT + wait, s) | outside CPU before (probes) | outside CPU during | steal during | speed of one core before (SHA-256 MB/s) | 8 KB write + fdatasync before (µs) | load average start / end | quiet | in verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rounds.map(
      (r) =>
        `| ${r.round} | ${r.order?.join(', ') ?? '-'} | ${r.resetSeconds === undefined ? '-' : `${fmt(r.resetSeconds, 1)} s`} | ${settlesCell(r.settles)} | ${fmt(r.startOutsidePercent, 0)} % (${r.tries}) | ${fmt(r.outsidePercent, 0)} % | ${r.stealPercent === undefined ? '-' : `${fmt(r.stealPercent, 0)} %`} | ${r.cpuSpeed === undefined ? '-' : fmt(r.cpuSpeed, 0)} | ${r.fsyncMicros === undefined ? '-' : fmt(r.fsyncMicros, 0)} | ${fmt(r.loadAverageStart, 2)} / ${fmt(r.loadAverageEnd, 2)} | ${r.quiet ? 'yes' : 'BUSY'} | ${used.includes(r.round) ? 'yes' : throttled.some((t) => t.round === r.round) ? 'no (TPC-B throttled)' : 'no'} |`,
    ),
  ];
}

const settlesCell = (settles: readonly SettleRecord[] | undefined) =>
  settles && settles.length > 0
    ? settles
        .map(
          (x) =>
            `${x.before}: ${fmt(x.vacuumMs / 1000, 1)} + ${fmt(x.checkpointMs / 1000, 1)} + ${fmt(x.idleMs / 1000, 1)}${x.idle ? '' : ' NOT IDLE'}`,
        )
        .join('; ')
    : '-';

/** min / median / max of each target's rate and of app / `refTarget` per round, over all rounds and the verdict's. */
export function spreadTable(
  runs: readonly { target: string; round: number; perSecond: number }[],
  names: Record<string, string>,
  used: readonly number[],
  appTarget = 'app',
  refTarget = 'pgbench',
): string[] {
  const cell = (v: number[], digits: number) => {
    const s = spread(v);
    return v.length === 0 ? '-' : `${fmt(s.min, digits)} / ${fmt(s.median, digits)} / ${fmt(s.max, digits)}`;
  };
  const targets = [...new Set(runs.map((r) => r.target))];
  const ratios = (rounds: number[]) =>
    rounds
      .map((round) => {
        const a = runs.find((r) => r.round === round && r.target === appTarget)?.perSecond ?? Number.NaN;
        const b = runs.find((r) => r.round === round && r.target === refTarget)?.perSecond ?? Number.NaN;
        return a / b;
      })
      .filter(Number.isFinite);
  const all = [...new Set(runs.map((r) => r.round))];
  return [
    '| per second, min / median / max | all rounds | rounds of the verdict |',
    '|---|---|---|',
    ...targets.map((t) => {
      const mine = runs.filter((r) => r.target === t);
      return `| ${names[t] ?? t} | ${cell(
        mine.map((r) => r.perSecond),
        0,
      )} | ${cell(
        mine.filter((r) => used.includes(r.round)).map((r) => r.perSecond),
        0,
      )} |`;
    }),
    `| ratio ${names[appTarget] ?? appTarget} / ${names[refTarget] ?? refTarget}, same round | ${cell(ratios(all), 2)} | ${cell(ratios([...used]), 2)} |`,
  ];
}
