/**
 * The child processes of a bench run. Every server and load generator runs in its own process, so a load
 * generator never shares an event loop with the server it measures. Each child is tracked here and stopped
 * by its own pid when the run ends, however it ends.
 */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFilesLimit } from './machine.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where a bench writes its report `name`.md: bench/reports, or BENCH_REPORT_DIR (relative to the repository, e.g.
 * bench/reports/tmp for a smoke run that must not replace the committed report); the folder is made if missing.
 */
export function reportPath(name: string): string {
  const dir = path.resolve(repoRoot, process.env.BENCH_REPORT_DIR ?? 'bench/reports');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.md`);
}

const children = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  // A child that went away while we wrote to it (EPIPE) is no reason to crash the run; its exit is handled.
  child.on('error', (error) => console.error(`bench: child ${child.pid}: ${error.message}`));
  child.once('exit', () => children.delete(child));
  return child;
}

/** A TypeScript module of bench/ in a child process with an IPC channel. */
export function forkTs(file: string, env: Record<string, string> = {}): ChildProcess {
  return track(
    fork(path.join(repoRoot, file), [], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    }),
  );
}

/** A plain command whose standard output is collected; stopped after `timeoutMs`. */
export function runCommand(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] }));
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(args[0] ?? command)} ended with ${signal ?? `code ${code}`}`));
    });
  });
}

/**
 * Raises a child's open-file limit (soft up to the hard limit) when it needs more sockets than allowed.
 * Returns the soft limit the child has afterwards.
 */
export function ensureOpenFiles(child: ChildProcess, needed: number): number {
  const pid = child.pid;
  if (pid === undefined) throw new Error('child has no pid');
  return ensureOpenFilesOf(pid, needed);
}

/** The same for any process of the run by pid (a cluster worker of a server under test). */
export function ensureOpenFilesOf(pid: number, needed: number): number {
  const { soft, hard } = openFilesLimit(pid);
  if (soft >= needed) return soft;
  if (hard < needed) {
    throw new Error(`${needed} open files needed, the hard limit is ${hard}: raise it (ulimit -Hn) and run again`);
  }
  execFileSync('prlimit', ['--pid', String(pid), `--nofile=${hard}:${hard}`]);
  return openFilesLimit(pid).soft;
}

/** The next IPC message of `type` from the child; fails when the child exits first or time runs out. */
export function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: string,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type) {
        done();
        resolve(m as T);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      reject(new Error(`child ${child.pid} ended (${signal ?? `code ${code}`}) before sending ${type}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no ${type} from child ${child.pid} within ${timeoutMs} ms`));
    }, timeoutMs);
    function done() {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Sends a command and waits for the answer of `type`. */
export function ask<T extends { type: string }>(
  child: ChildProcess,
  command: object,
  type: string,
  timeoutMs: number,
): Promise<T> {
  const answer = nextMessage<T>(child, type, timeoutMs);
  child.send(command);
  return answer;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Asks the child to stop ({cmd: 'stop'} over IPC, else SIGTERM), then SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (exited(child)) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ cmd: 'stop' }, (error) => error && child.kill('SIGTERM'));
  else child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!exited(child)) child.kill('SIGKILL');
  }, graceMs);
  await gone;
  clearTimeout(timer);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
}

/** Pids of children that are still running (should be none at the end of a run). */
export function runningChildren(): number[] {
  return [...children].filter((c) => !exited(c)).map((c) => c.pid ?? -1);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
