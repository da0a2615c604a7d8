/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Context {
    [key: string]: unknown;
  }
  interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec, context: Context) => RequestSpec;
    onResponse?: (status: number, body: string, context: Context) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    requests?: RequestSpec[];
  }
  interface Result {
    /** seconds the run took */
    duration: number;
    errors: number;
    non2xx: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  }
  export default function autocannon(options: Options): Instance;
}
