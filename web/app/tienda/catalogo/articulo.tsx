// The article page: photos, then price, colour (sibling models) and size (builds the article code)
// in a phone's first screen; the add-to-cart bar; stock per store; size guide by línea; WhatsApp.

import { useEffect, useState } from 'react';
import { data, Link, redirect } from 'react-router';
import { buildArticleCode } from '#domain/article-code.ts';
import { articlePath, linePath, modelImageUrl, subLinePath } from '#domain/catalogo-urls.ts';
import { agregarV2 } from '#domain/contracts/carrito.ts';
import { type ArticleDetail, articulo } from '#domain/contracts/catalogo.ts';
import { type GuiaDeTallas as Guia, guiaDeTallas } from '#domain/guia-de-tallas.ts';
import { numeroWhatsapp } from '#domain/identidad.ts';
import { fromCents } from '#domain/money.ts';
import { precioAlPublico } from '#domain/precio-al-publico.ts';
import { Migas } from '#web/components/migas.tsx';
import { descuentoVisible, Precio, usePrecio } from '#web/components/precio.tsx';
import { unwrap } from '#web/lib/api.ts';
import { originOf, pageMeta } from '#web/lib/meta.ts';
import { useNonce } from '#web/lib/nonce.ts';
import { cookieHeaders, currentUser } from '#web/lib/session.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/articulo';
import { type AddResult, AgregarAlCarrito } from './agregar-al-carrito.tsx';
import classes from './articulo.module.css';
import { Galeria } from './galeria.tsx';
import { sugerenciasDelVisitante, TallaSugerida } from './talla-sugerida.tsx';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const stores = [...form.entries()]
    .filter(([name]) => name.startsWith('tienda-'))
    .map(([name, value]) => ({ tiendaId: Number(name.slice(7)), quantity: Number(value) }))
    .filter((s) => Number.isInteger(s.quantity) && s.quantity > 0);
  if (stores.length === 0) return data<AddResult>({ message: 'Elija cuántas unidades quiere de al menos una tienda.' }, { status: 400 });
  const response = await context.api.call(agregarV2, { articleCode: String(form.get('articleCode') ?? ''), stores });
  if (!response.body.success) return data<AddResult>({ message: response.body.message }, { status: response.status });
  // «Pedir por WhatsApp»: in the cart, then its short form (decision 0033).
  if (form.get('intent') === 'whatsapp') throw redirect('/carrito/whatsapp', { headers: cookieHeaders(response) });
  return data<AddResult>({ added: true }, { headers: cookieHeaders(response) });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // A logged-in shopper's state puts the stores nearest to them first (none for a visitor).
  const estado = (await currentUser(request, context.api))?.detail.state || undefined;
  const article = unwrap(await context.api.call(articulo, { code: params.option, ...(estado ? { estado } : {}) }));
  // The size guide of the article's línea is chosen here: the browser gets its one table, not the
  // tables and rules of every línea (domain/guia-de-tallas.ts).
  return { article, guia: guiaDeTallas(article), sugerencias: await sugerenciasDelVisitante(request, context.api, article) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return pageMeta(matches, 'Artículo no encontrado');
  const { article } = data;
  const origin = originOf(matches);
  const path = articlePath(article.lineCode, article.subLineCode, article.model);
  return [
    ...pageMeta(matches, `${article.name} ${article.colorName}`, { path, description: article.description }),
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: `${article.name} ${article.colorName}` },
    { property: 'og:description', content: article.description },
    { property: 'og:image', content: origin + modelImageUrl(article.model, 960) },
    { property: 'og:url', content: origin + path },
    { property: 'og:locale', content: 'es_VE' },
    { property: 'product:price:amount', content: article.pvp },
    { property: 'product:price:currency', content: 'USD' },
  ];
}

function productJsonLd(article: ArticleDetail, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${article.name} ${article.colorName}`,
    sku: article.model,
    description: article.description,
    color: article.colorName,
    category: `${article.lineName} > ${article.subLineName}`,
    image: article.photos.length > 0 ? article.photos.map((p) => origin + p.image) : [origin + modelImageUrl(article.model, 960)],
    offers: {
      '@type': 'Offer',
      priceCurrency: 'USD',
      price: article.pvp,
      availability: article.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: origin + articlePath(article.lineCode, article.subLineCode, article.model),
    },
  };
}

function GuiaDeTallas({ guia }: { guia: Guia }) {
  return (
    <div className="pila" style={{ gap: 6 }} data-testid={`guia-${guia.tipo}`}>
      <p className="texto texto-sm semi" id="guia-de-tallas-titulo">
        {guia.titulo}
      </p>
      {/* A plain table: any use of Mantine's Table keeps its ScrollContainer, whose ScrollArea brings
          all of floating-ui into every browsing page (docs/decisions/0037). */}
      <div className="tabla-desplazable">
        <table className="tabla tabla-rayada" style={{ minWidth: 280 }} aria-labelledby="guia-de-tallas-titulo">
          <thead>
            <tr>
              {guia.columnas.map((cell) => (
                <th key={cell}>{cell}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guia.filas.map((cells) => (
              <tr key={cells[0]}>
                {cells.map((cell, i) => (
                  <td key={`${i}-${cell}`}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={`texto texto-xs ${classes.gris}`}>{guia.nota}</p>
    </div>
  );
}

const LOW_STOCK = 3;

/** «Compartir» and «Preguntar» on WhatsApp: the first to anyone, the second to the store's number. */
function WhatsApp({ article, url, price }: { article: ArticleDetail; url: string; price: string }) {
  const { footer } = useRootData();
  const store = numeroWhatsapp(footer.whatsapp);
  const share = `${article.name} (${article.colorName}) a ${price} en Vitrina: ${url}`;
  const ask = `Hola, quisiera más información de ${article.name}, color ${article.colorName} (código ${article.model}): ${url}`;
  return (
    <div className="fila gap-xs" data-testid="whatsapp">
      <a
        href={`https://wa.me/?text=${encodeURIComponent(share)}`}
        target="_blank"
        rel="noopener"
        className={`enlace ${classes.whatsapp}`}
        data-testid="compartir-whatsapp"
      >
        Compartir por WhatsApp
      </a>
      {store && (
        <a
          href={`https://wa.me/${store}?text=${encodeURIComponent(ask)}`}
          target="_blank"
          rel="noopener"
          className={`enlace ${classes.whatsapp}`}
          data-testid="preguntar-whatsapp"
        >
          Preguntar por WhatsApp
        </a>
      )}
    </div>
  );
}

export default function Articulo({ loaderData, matches }: Route.ComponentProps) {
  const { article } = loaderData;
  const { info } = useRootData();
  const nonce = useNonce();
  const origin = originOf(matches);
  const format = usePrecio();
  // The size is chosen in the page (each size's stock came with it); the address follows it, so a
  // reload or a shared link opens the same size.
  const [sizeCode, setSizeCode] = useState(article.selectedSize);
  useEffect(() => setSizeCode(article.selectedSize), [article.selectedSize]);
  const selected = article.sizes.find((s) => s.code === sizeCode) ?? null;
  const basePath = articlePath(article.lineCode, article.subLineCode, article.model);
  const sizePath = (code: string) => articlePath(article.lineCode, article.subLineCode, buildArticleCode(article.model, code));
  const choose = (code: string | null) => (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setSizeCode(code);
    window.history.replaceState(window.history.state, '', code ? sizePath(code) : basePath);
  };
  const off = descuentoVisible(article);
  const { pvpCents } = precioAlPublico(article);
  return (
    <div className={`contenedor contenedor-xl ${classes.pagina}`}>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning>
        {JSON.stringify(productJsonLd(article, origin)).replace(/</g, '\\u003c')}
      </script>
      <div className={classes.rejilla}>
        <div className={classes.fotos}>
          <Galeria
            photos={article.photos}
            image={article.image}
            imageSrcSet={article.imageSrcSet}
            label={`${article.name}, color ${article.colorName}`}
            overlay={
              (off || article.isNew) && (
                <div className={`fila ${classes.insignias}`}>
                  {off && (
                    <span className={`insignia ${classes.insignia} ${classes.descuento}`} data-testid="insignia-descuento">
                      {off}
                    </span>
                  )}
                  {article.isNew && (
                    <span className={`insignia ${classes.insignia} ${classes.nuevo}`} data-testid="insignia-nuevo">
                      Nuevo
                    </span>
                  )}
                </div>
              )
            }
          />
        </div>
        <div className="pila gap-sm">
          <div>
            <h1 className={`titulo ${classes.nombre}`}>{article.name}</h1>
            <Precio price={article.price} promotion={article.promotion} discount={article.discount} size="xl" />
            <p className={`texto texto-xs ${classes.gris}`}>
              IVA incluido · Código: <span data-testid="codigo-articulo">{selected ? selected.article : article.model}</span>
            </p>
          </div>

          <div className="pila" style={{ gap: 4 }}>
            <p className="texto texto-sm semi">
              Color: <span data-testid="color-elegido">{article.colorName}</span>
            </p>
            <ul className={`fila ${classes.lista}`} style={{ gap: 8 }} aria-label="Colores disponibles">
              {article.colors.map((color) => (
                <li key={color.model}>
                  <Link
                    to={sizeCode ? articlePath(article.lineCode, article.subLineCode, buildArticleCode(color.model, sizeCode)) : color.path}
                    preventScrollReset
                    aria-label={`Color ${color.name}`}
                    aria-current={color.model === article.model ? 'true' : undefined}
                    data-testid={`swatch-${color.colorCode}`}
                    className={classes.color}
                    style={{ background: color.hex }}
                  />
                </li>
              ))}
            </ul>
          </div>

          <div className="pila" style={{ gap: 4 }}>
            <div className="fila gap-xs" style={{ justifyContent: 'space-between' }}>
              <p className="texto texto-sm semi">Talla{selected ? `: ${selected.label}` : ''}</p>
              {selected && selected.stock > 0 && selected.stock <= LOW_STOCK && (
                <p className={`texto texto-sm negrita ${classes.rojo}`} data-testid="quedan-pocas">
                  ¡Quedan {selected.stock}!
                </p>
              )}
            </div>
            <ul className={`fila ${classes.lista}`} style={{ gap: 6 }} aria-label="Tallas">
              {article.sizes.map((size) => (
                <li key={size.code}>
                  <a
                    href={sizePath(size.code)}
                    onClick={choose(size.code)}
                    className={classes.talla}
                    aria-current={size.code === sizeCode ? 'true' : undefined}
                    data-agotada={size.stock === 0}
                    aria-label={`Talla ${size.label}${size.stock === 0 ? ', agotada' : ''}`}
                    data-testid={`talla-${size.code}`}
                  >
                    {size.label}
                  </a>
                </li>
              ))}
            </ul>
            <TallaSugerida sugerencias={loaderData.sugerencias} selectedSize={sizeCode} pathOf={sizePath} />
            {selected && (
              <a href={basePath} onClick={choose(null)} className={`enlace texto-sm ${classes.quitar}`}>
                Quitar talla
              </a>
            )}
          </div>

          <AgregarAlCarrito size={selected} pvpCents={pvpCents} />

          <WhatsApp article={article} url={origin + basePath} price={format(fromCents(pvpCents))} />

          {/* One open at a time, like Mantine's Accordion: details sharing a name close each other. */}
          <div className={classes.acordeon}>
            <details name="articulo-info" open>
              <summary>Descripción</summary>
              <div className={classes.panel}>
                <p className="texto texto-sm">{article.description}</p>
              </div>
            </details>
            <details name="articulo-info">
              <summary data-testid="abrir-guia">Guía de tallas</summary>
              <div className={classes.panel}>
                <GuiaDeTallas guia={loaderData.guia} />
              </div>
            </details>
            <details name="articulo-info">
              <summary>Envíos y pagos</summary>
              <div className={classes.panel}>
                <p className="texto texto-sm">{info.facility}</p>
              </div>
            </details>
          </div>

          <Migas
            className={classes.migas}
            items={[
              { label: 'Inicio', to: '/' },
              { label: article.lineName, to: linePath(article.lineCode) },
              { label: article.subLineName, to: subLinePath(article.lineCode, article.subLineCode) },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
