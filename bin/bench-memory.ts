import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * Peak memory of a process tree, read from /proc (Linux): every `intervalMs` the tree under
 * the root is listed, and each process's VmRSS (now) and VmHWM (its own peak, kept by the
 * kernel) are read. Two figures come out: the largest sum of VmRSS seen at one sample (the
 * whole run's footprint; a short spike between samples can be missed), and the largest VmHWM
 * of a single process (exact, unless the process lived less than one interval).
 */
export interface TreePeak {
  readonly treeMb: number;
  readonly largestMb: number;
  readonly largestLabel: string;
  readonly processes: number;
}

const kb = (status: string, key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** ppid of every process; the command name may hold spaces and parentheses, so parse after the last ')'. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    out.set(Number(name), ppid);
  }
  return out;
}

function descendants(root: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [pid, ppid] of parents()) byParent.set(ppid, [...(byParent.get(ppid) ?? []), pid]);
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(byParent.get(out[i]!) ?? []));
  return out;
}

function label(pid: number): string {
  const cmd = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ');
  if (cmd.includes('vitest/dist/workers')) return 'vitest worker';
  if (cmd.includes('vitest.mjs')) return 'vitest main process';
  if (cmd.includes('bin/conformance')) return 'bin/conformance with the embedded reference';
  return cmd.split(' ')[0] ?? String(pid);
}

export function watchTree(root: number, intervalMs = 100): { stop(): TreePeak | undefined } {
  if (!existsSync('/proc/self/status')) return { stop: () => undefined };
  const peaks = new Map<number, { hwm: number; label: string }>();
  let treeKb = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of descendants(root)) {
      const status = read(`/proc/${pid}/status`);
      if (!status) continue;
      sum += kb(status, 'VmRSS');
      const known = peaks.get(pid) ?? { hwm: 0, label: label(pid) };
      peaks.set(pid, { ...known, hwm: Math.max(known.hwm, kb(status, 'VmHWM')) });
    }
    treeKb = Math.max(treeKb, sum);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const largest = [...peaks.values()].sort((a, b) => b.hwm - a.hwm)[0];
      return { treeMb: treeKb / 1024, largestMb: (largest?.hwm ?? 0) / 1024, largestLabel: largest?.label ?? '', processes: peaks.size };
    },
  };
}
