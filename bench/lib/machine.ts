/** What the figures were measured on, and how busy the whole machine was while measuring. */
import fs from 'node:fs';
import os from 'node:os';

export interface Machine {
  date: string;
  nproc: number;
  cpuModel: string;
  node: string;
  kernel: string;
  memoryGiB: number;
  openFiles: { soft: number; hard: number };
  /** 1-minute load average when the run started: other work on the machine skews every absolute figure. */
  loadAverage: number;
}

export function openFilesLimit(pid: number | 'self' = 'self'): { soft: number; hard: number } {
  const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
  const m = limits.match(/^Max open files\s+(\S+)\s+(\S+)/m);
  const num = (v: string | undefined) => (v === undefined || v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v));
  return { soft: num(m?.[1]), hard: num(m?.[2]) };
}

export function machineInfo(): Machine {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpuModel: cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? 'unknown',
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    openFiles: openFilesLimit(),
    loadAverage: os.loadavg()[0] ?? Number.NaN,
  };
}

/** Jiffies of all CPUs from /proc/stat: busy and total. */
export interface CpuSnapshot {
  busy: number;
  total: number;
}

export function cpuSnapshot(): CpuSnapshot {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/);
  const values = fields.map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  // idle + iowait
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** Share of the whole machine (all cores) that was busy between two snapshots, in percent. */
export const machineBusyPercent = (a: CpuSnapshot, b: CpuSnapshot): number =>
  b.total > a.total ? ((b.busy - a.busy) / (b.total - a.total)) * 100 : Number.NaN;
