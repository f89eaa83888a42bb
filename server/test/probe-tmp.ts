import { buildTestApp } from './build-test-app.ts';

const t = await buildTestApp();
const urls = process.argv.slice(2);
for (const u of urls) {
  const [method, url] = u.includes(' ') ? u.split(' ') : ['GET', u];
  const r = await t.app.inject({ method: method as 'GET', url });
  console.log(method, url, r.statusCode, r.headers['content-type'], r.body.slice(0, Number(process.env.N ?? 400)));
}
await t.close();
