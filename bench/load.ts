// A small closed-loop HTTP load generator: `connections` keep-alive clients for `seconds`.
import http from 'node:http';

export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number; latencies: number[] };
/** What changes from one request to the next (a POST body, its idempotency key, the path); GET by default. */
export type NextRequest = () => { method?: string; headers?: Record<string, string>; body?: string; path?: string };

export async function load(
  url: string,
  { connections = 16, seconds = 8, headers = {} as Record<string, string>, next = undefined as NextRequest | undefined } = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;

  function once(): Promise<void> {
    return new Promise((resolve) => {
      const extra = next?.() ?? {};
      const body = extra.body === undefined ? undefined : Buffer.from(extra.body);
      const start = performance.now();
      const req = http.request(
        {
          agent,
          method: extra.method ?? 'GET',
          hostname: target.hostname,
          port: target.port,
          path: extra.path ?? target.pathname + target.search,
          headers: { ...headers, ...extra.headers, ...(body ? { 'content-length': body.length } : {}) },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(performance.now() - start);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  }

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), p99: at(0.99), latencies };
}
