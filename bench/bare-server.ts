// The baseline: a bare node:http server that answers each path with recorded bytes.
import { readFileSync } from 'node:fs';
import http from 'node:http';

type Recorded = { path: string; contentType: string; body: string };
const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Recorded[];
const byPath = new Map(recorded.map((r) => [r.path, { contentType: r.contentType, body: Buffer.from(r.body, 'base64') }]));

const server = http.createServer((req, res) => {
  const hit = byPath.get(req.url ?? '');
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': hit.contentType, 'content-length': hit.body.length });
  res.end(hit.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('listo'));
