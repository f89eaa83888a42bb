// EXPLAIN (ANALYZE, BUFFERS) of queries a case sent, one line each: time, shared buffers hit+read,
// the indexes used and any Seq Scan (bench/catalogo-explain.ts, bench/escala-explain.ts).
import type pg from 'pg';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };

function walk(node: PlanNode, indexes: Set<string>, seq: Set<string>) {
  if (node['Index Name']) indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seq.add(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, indexes, seq);
}

export async function printPlans(pool: pg.Pool, queries: { query: string; params: unknown[] }[], headLength: number): Promise<void> {
  for (const { query: text, params } of queries) {
    const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params);
    const [{ Plan: plan, 'Execution Time': ms }] = result.rows[0]['QUERY PLAN'] as [
      { Plan: PlanNode & { 'Shared Hit Blocks': number; 'Shared Read Blocks': number }; 'Execution Time': number },
    ];
    const indexes = new Set<string>();
    const seq = new Set<string>();
    walk(plan, indexes, seq);
    const head = text.replace(/\s+/g, ' ').slice(0, headLength);
    console.log(
      `- ${ms.toFixed(2)} ms, búferes ${plan['Shared Hit Blocks'] + plan['Shared Read Blocks']}, índices: ${[...indexes].join(', ') || '—'}` +
        `${seq.size ? `, SEQ SCAN: ${[...seq].join(', ')}` : ''} · ${head}`,
    );
  }
}
