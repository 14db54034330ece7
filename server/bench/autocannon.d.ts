/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Requests each connection sends in turn, over and over. */
    requests?: Request[];
    /** Requests per second over all connections. */
    overallRate?: number;
    /** Requests to send in all, instead of a duration. */
    amount?: number;
  }
  export interface Request {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each request of a connection; `context` is the connection's own object. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  export interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
