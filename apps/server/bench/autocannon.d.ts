// The little of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    /** Cycled through in order, each connection on its own. */
    requests?: Request[];
  }
  export interface Request {
    method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    path: string;
    body?: string;
    headers?: Record<string, string>;
    /** Called before each request is sent: answers the request to send (a fresh header, say). */
    setupRequest?: (req: Request) => Request;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
