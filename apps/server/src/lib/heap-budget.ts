import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection, or null where V8 does not let one be asked for. The server runs without --expose-gc
 * (every way it is started would need it), so the flag is set now and V8's gc() taken from a new context, which
 * gets it: the main context's globals stay as they were.
 */
let collect: (() => void) | null | undefined;
function collector() {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('typeof gc === "function" ? gc : null');
    collect = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collect = null;
  }
  return collect;
}

const heapUsed = () => v8.getHeapStatistics().used_heap_size;

/**
 * Keeps a long run of similar work (a class export: a portfolio, a spreadsheet and a record per student) within a
 * memory budget. Each unit's objects live across its reads and writes, so they reach V8's old generation, and V8 lets
 * old garbage grow to about three times the live heap before it collects: the peak grew with the size of the class.
 * Between two units, once the heap has grown by `megabytes` since the last collection, one full collection runs
 * (tens of milliseconds for this server's heap, once per two or three students), so the peak stays flat whatever the
 * size. 12 MB is about two students' garbage in a class export of a school year (npm run bench).
 */
export class HeapBudget {
  private base = heapUsed();
  collections = 0;

  constructor(private readonly megabytes = 12) {}

  /** Called between units of work: collects when the heap grew by the budget. */
  check() {
    if (heapUsed() - this.base < this.megabytes * 1e6) return;
    const gc = collector();
    if (!gc) return;
    gc();
    this.collections++;
    this.base = heapUsed();
  }
}
