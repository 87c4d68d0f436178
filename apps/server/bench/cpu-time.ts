// CPU time spent by the benchmarks' server and by its database's backends: unlike requests per second, what a
// request costs in CPU barely moves with the machine's other load (2 cores shared with other work here).
import fs from 'node:fs';

/** A process's CPU time so far (user and system, all threads), in seconds; 0 once it is gone. */
export function processCpuSeconds(pid: number) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU time so far of the PostgreSQL backends serving one database on this machine (their titles name it), in
 * seconds. A backend that exits in between takes its time with it: the server's pool keeps its connections while
 * it is busy, so a measure over a burst of requests loses none.
 */
export function databaseCpuSeconds(database: string) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${database} `)) total += processCpuSeconds(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return total;
}
