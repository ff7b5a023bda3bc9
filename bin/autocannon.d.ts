/** The part of autocannon 9's API that bin/bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
  }
  interface Histogram { readonly total: number; readonly average: number }
  interface Result {
    readonly duration: number;
    readonly requests: Histogram;
    readonly errors: number;
    readonly timeouts: number;
    readonly statusCodeStats: Readonly<Record<string, { readonly count: number }>>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
