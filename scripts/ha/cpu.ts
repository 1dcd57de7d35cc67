// CPU time of a process tree from /proc (Linux): the primary's postmaster and its backends.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/** utime, stime, cutime, cstime (clock ticks) and the parent pid from one /proc/<pid>/stat line. */
export function parseStat(line: string): { ppid: number; ticks: number; childTicks: number } {
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its ')'.
  const f = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // f[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
  return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), childTicks: Number(f[13]) + Number(f[14]) };
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return clockTicks;
}

function stat(pid: number | string): ReturnType<typeof parseStat> | undefined {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * CPU seconds used so far by `pid` and its children: the live ones' own time, plus what the exited and
 * reaped ones left in the parent's cutime/cstime (a backend that ends between two readings still counts).
 */
export function treeCpuSeconds(pid: number): number {
  const root = stat(pid);
  if (!root) throw new Error(`no process ${pid}`);
  let ticks = root.ticks + root.childTicks;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    const s = stat(entry);
    if (s?.ppid === pid) ticks += s.ticks;
  }
  return ticks / ticksPerSecond();
}
