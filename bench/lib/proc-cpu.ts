/**
 * CPU time of a process and its children from /proc, in seconds: for PostgreSQL, the postmaster, its live
 * backends, and (through cutime/cstime) the backends that ended since (pgbench's connections close at its end).
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of a pid, and its parent pid; null when it is gone. */
function stat(pid: number): { ppid: number; own: number; children: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return { ppid: n(4), own: n(14) + n(15), children: n(16) + n(17) };
  } catch {
    return null;
  }
}

/** CPU seconds of `pid` itself. */
export function processCpuSeconds(pid: number): number {
  return (stat(pid)?.own ?? Number.NaN) / TICKS_PER_SECOND;
}

/** CPU seconds of `pid`, its live children and its ended (reaped) children. */
export function treeCpuSeconds(pid: number): number {
  const root = stat(pid);
  if (!root) return Number.NaN;
  let ticks = root.own + root.children;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s?.ppid === pid) ticks += s.own + s.children;
  }
  return ticks / TICKS_PER_SECOND;
}

/** The postmaster's pid from its data folder. */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}

/** CPU seconds of this process's children that ended and were reaped (pgbench runs, from cutime + cstime). */
export function reapedChildrenCpuSeconds(): number {
  return (stat(process.pid)?.children ?? Number.NaN) / TICKS_PER_SECOND;
}
