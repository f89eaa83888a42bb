// Fills an empty database with the demo store (and, with `scale`, a large catalogue for benchmarks).
import { hash } from '@node-rs/argon2';
import { count, sql } from 'drizzle-orm';
import { mulberry32 } from '#domain/azar.ts';
import { normalizeSearch } from '#domain/text.ts';
import type { Db } from '#server/db/client.ts';
import { usuarioRoles, usuarios, vendedores } from '#server/modules/auth/auth.schema.ts';
import { articulos, colores, lineas, modelos, sublineas, tallas } from '#server/modules/catalogo/catalogo.schema.ts';
import {
  cuentasBancarias,
  empresaDatos,
  empresaSecciones,
  footer,
  infoPagina,
  paginas,
  tasasCambio,
} from '#server/modules/general/general.schema.ts';
import { inventario, movimientosInventario, tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { COLORES, GARMENT_LABELS, LINEAS, TALLAS, TIENDAS } from './demo-catalogo.ts';
import { CUENTAS_BANCARIAS, EMPRESA, EMPRESA_DATOS, FOOTER, INFO_PAGINA, PAGINAS } from './demo-contenido.ts';
import { DEMO_PASSWORD, DEMO_SALESMEN, DEMO_USERS } from './demo-usuarios.ts';
import { seedDemoVentas } from './demo-ventas.ts';

const DEMO_RATE = '312.4500';

/**
 * The stock the demo starts with, as each row's first ledger movement ('inicial'), so on hand is the
 * sum of the ledger from the start. One statement, from the rows already inserted.
 */
async function recordInitialStock(db: Db, onlyArticlesLike = '%'): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${movimientosInventario} (article_code, tienda_id, kind, quantity, balance, lote, manufactured_at, note)
    SELECT i.article_code, i.tienda_id, 'inicial', i.quantity, i.quantity, i.lote,
           (timezone('UTC', i.manufactured_at) - interval '4 hours')::date, 'Existencia inicial'
      FROM ${inventario} i
     WHERE i.quantity > 0 AND i.article_code LIKE ${onlyArticlesLike}
       AND NOT EXISTS (SELECT 1 FROM ${movimientosInventario} m WHERE m.article_code = i.article_code AND m.tienda_id = i.tienda_id)
     ORDER BY i.id`);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(lineas);
  return n === 0;
}

/** `ventas`: also a handful of demo sales (the app's own start and `db:seed`; the tests start without them). */
export async function seedDemo(
  db: Db,
  now = new Date(),
  options: { ventas?: boolean } = {},
): Promise<{ models: number; articles: number }> {
  const random = mulberry32(20261122);
  return db.transaction(async (tx) => {
    await tx.insert(colores).values([...COLORES]);
    await tx.insert(tallas).values(TALLAS);
    const stores = await tx
      .insert(tiendas)
      .values([...TIENDAS])
      .returning({ id: tiendas.id });

    const modelRows: (typeof modelos.$inferInsert)[] = [];
    const articleRows: (typeof articulos.$inferInsert)[] = [];
    const stockRows: (typeof inventario.$inferInsert)[] = [];

    for (const [lineIndex, line] of LINEAS.entries()) {
      const [lineRow] = await tx
        .insert(lineas)
        .values({
          code: line.code,
          name: line.name,
          url: line.url,
          description: line.description,
          garment: line.sublines[0].garment,
          position: lineIndex,
        })
        .returning({ id: lineas.id });
      for (const [subIndex, sub] of line.sublines.entries()) {
        const [subRow] = await tx
          .insert(sublineas)
          .values({
            lineaId: lineRow.id,
            code: sub.code,
            name: sub.name,
            url: normalizeSearch(sub.name).replace(/\s+/g, '-'),
            garment: sub.garment,
            position: subIndex,
          })
          .returning({ id: sublineas.id });
        for (const [styleIndex, style] of sub.styles.entries()) {
          const baseCode = `${line.letter}${sub.code}${String(styleIndex + 1).padStart(3, '0')}`;
          const [min, max] = sub.priceRange;
          const price = Math.round((min + random() * (max - min)) * 2) / 2 - 0.01;
          const colorCount = 3;
          const palette = [...COLORES].sort(() => random() - 0.5).slice(0, colorCount);
          for (const color of palette) {
            const model = `${baseCode}${color.code}`;
            const onPromotion = random() < 0.22;
            const promotion = onPromotion ? Math.round(price * (0.1 + random() * 0.2)) : 0;
            const name = `${GARMENT_LABELS[sub.garment]} ${style}`;
            const daysAgo = Math.floor(random() * 150);
            modelRows.push({
              code: model,
              baseCode,
              colorCode: color.code,
              sublineaId: subRow.id,
              name,
              description: `${name} en color ${color.name.toLowerCase()}, de la línea ${line.name}. Confeccionado en Venezuela con materiales de primera; disponible en varias tallas y colores.`,
              garment: sub.garment,
              searchText: normalizeSearch(`${name} ${color.name} ${sub.name} ${line.name} ${model}`),
              price: price.toFixed(2),
              promotion: promotion.toFixed(2),
              soldCount: Math.floor(random() * 400),
              createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
            });
            for (const size of sub.sizes) {
              const article = `${model}${size}`;
              articleRows.push({ code: article, modelCode: model, sizeCode: size });
              for (const store of stores) {
                if (random() < 0.25) continue;
                stockRows.push({
                  articleCode: article,
                  tiendaId: store.id,
                  quantity: Math.floor(random() * 9),
                  lote: `L${2026}${String(1 + Math.floor(random() * 11)).padStart(2, '0')}`,
                  manufacturedAt: new Date(now.getTime() - (60 + Math.floor(random() * 200)) * 86_400_000),
                });
              }
            }
          }
        }
      }
    }
    for (let i = 0; i < modelRows.length; i += 500) await tx.insert(modelos).values(modelRows.slice(i, i + 500));
    for (let i = 0; i < articleRows.length; i += 1000) await tx.insert(articulos).values(articleRows.slice(i, i + 1000));
    for (let i = 0; i < stockRows.length; i += 1000) await tx.insert(inventario).values(stockRows.slice(i, i + 1000));
    await recordInitialStock(tx);

    await tx.insert(tasasCambio).values({ currency: 'USD', amount: DEMO_RATE, note: 'Tasa de demostración', createdAt: now });
    await tx.insert(infoPagina).values({ id: 1, ...INFO_PAGINA });
    await tx.insert(empresaSecciones).values(EMPRESA);
    await tx.insert(empresaDatos).values({ id: 1, ...EMPRESA_DATOS, updatedAt: now });
    await tx.insert(footer).values({ id: 1, ...FOOTER });
    await tx.insert(cuentasBancarias).values(CUENTAS_BANCARIAS);
    await tx.insert(paginas).values(PAGINAS);

    const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(usuarios)
        .values({ email: demo.email, nickname: demo.nickname, fullName: demo.fullName, passwordHash, emailVerifiedAt: now })
        .returning({ id: usuarios.id });
      if (demo.roles.length > 0) await tx.insert(usuarioRoles).values(demo.roles.map((role) => ({ userId: user.id, role })));
      const salesman = DEMO_SALESMEN.find((s) => s.code === demo.salesman);
      if (salesman) await tx.insert(vendedores).values({ ...salesman, userId: user.id });
    }
    await tx.insert(vendedores).values(DEMO_SALESMEN.filter((s) => !DEMO_USERS.some((u) => u.salesman === s.code)));
    if (options.ventas) await seedDemoVentas(tx, now);
    return { models: modelRows.length, articles: articleRows.length };
  });
}

/**
 * Adds a large generated catalogue (about `models` models × 5 sizes) for benchmarks, in SQL so it
 * takes seconds. Needs the demo seed first (lines, colours, sizes, stores).
 */
export async function seedScale(db: Db, models = 20_000): Promise<void> {
  await db.execute(sql`
    INSERT INTO modelos (code, base_code, color_code, sublinea_id, name, description, garment, search_text, price, promotion, sold_count, created_at)
    SELECT 'B' || lpad(g::text, 6, '0') || c.code,
           'B' || lpad(g::text, 6, '0'),
           c.code,
           s.id,
           'Modelo de prueba ' || g,
           'Artículo generado para pruebas de carga.',
           s.garment,
           'modelo de prueba ' || g || ' ' || lower(c.name) || ' ' || lower(s.name),
           (10 + (g % 90))::numeric(12,2) + 0.99,
           CASE WHEN g % 5 = 0 THEN 3 ELSE 0 END,
           (g * 7919) % 500,
           now() - ((g % 365) || ' days')::interval
    FROM generate_series(1, ${models}) AS g
    JOIN LATERAL (SELECT id, garment, name FROM sublineas ORDER BY id OFFSET (g % (SELECT count(*) FROM sublineas)) LIMIT 1) s ON true
    JOIN LATERAL (SELECT code, name FROM colores ORDER BY code OFFSET (g % (SELECT count(*) FROM colores)) LIMIT 1) c ON true
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO articulos (code, model_code, size_code)
    SELECT m.code || t.code, m.code, t.code
    FROM modelos m CROSS JOIN (VALUES ('XS'), ('SM'), ('MD'), ('LG'), ('XL')) AS t(code)
    WHERE m.code LIKE 'B%'
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO inventario (article_code, tienda_id, quantity, lote)
    SELECT a.code, st.id, (abs(hashtext(a.code || st.id)) % 10), 'LBENCH'
    FROM articulos a CROSS JOIN (SELECT id FROM tiendas ORDER BY id LIMIT 2) st
    WHERE a.model_code LIKE 'B%'
    ON CONFLICT DO NOTHING`);
  await recordInitialStock(db, 'B%');
  await db.execute(sql`ANALYZE`);
}
