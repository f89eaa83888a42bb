// A small closed-loop HTTP load generator: `connections` keep-alive clients for `seconds`.
import http from 'node:http';

export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p99: number };

export async function load(
  url: string,
  { connections = 16, seconds = 8, headers = {} as Record<string, string> } = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;

  function once(): Promise<void> {
    return new Promise((resolve) => {
      const start = performance.now();
      const req = http.request(
        { agent, hostname: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - start);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
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
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}
