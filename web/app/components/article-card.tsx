import { Link } from 'react-router';
import type { ArticleCard as Card_ } from '#domain/contracts/catalogo.ts';
import classes from './article-card.module.css';
import { IMAGE_DEFAULT, imageFallback } from './imagen.tsx';
import { descuentoVisible, Precio } from './precio.tsx';

const MAX_SWATCHES = 6;

/** The style's colours as dots (the whole card is one link, so they are not links themselves). */
function Muestras({ article }: { article: Card_ }) {
  const colors = article.colors.length > 0 ? article.colors : [{ model: article.model, name: article.colorName, hex: article.colorHex }];
  const shown = colors.slice(0, MAX_SWATCHES);
  const names = colors.map((c) => c.name).join(', ');
  return (
    <div className={`fila ${classes.muestras}`} data-testid="muestras-color">
      <span className="visually-hidden">{colors.length === 1 ? `Color: ${names}` : `${colors.length} colores: ${names}`}</span>
      {shown.map((c) => (
        <span
          key={c.model}
          aria-hidden
          title={c.name}
          className={c.model === article.model ? `${classes.muestra} ${classes.muestraActual}` : classes.muestra}
          style={{ background: c.hex }}
        />
      ))}
      {colors.length > MAX_SWATCHES && (
        <p className={`texto texto-xs ${classes.gris}`} aria-hidden>
          +{colors.length - MAX_SWATCHES}
        </p>
      )}
      {colors.length === 1 && (
        <p className={`texto texto-xs ${classes.gris} recorte-1`} aria-hidden>
          {article.colorName}
        </p>
      )}
    </div>
  );
}

export function ArticleCard({ article, eager = false }: { article: Card_; eager?: boolean }) {
  const off = descuentoVisible(article);
  return (
    <Link to={article.path} className="tarjeta tarjeta-foto article-card" data-testid="articulo">
      <div className={`al-borde ${classes.foto}`}>
        <img
          {...imageFallback}
          src={article.image || IMAGE_DEFAULT}
          srcSet={article.image ? article.imageSrcSet : undefined}
          sizes="(max-width: 48em) 50vw, 25vw"
          alt={`${article.name}, color ${article.colorName}`}
          width={640}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <div className={`fila ${classes.insignias}`}>
          {off && (
            <span className={`insignia ${classes.descuento}`} data-testid="insignia-descuento">
              {off}
            </span>
          )}
          {article.isNew && (
            <span className={`insignia ${classes.nuevo}`} data-testid="insignia-nuevo">
              Nuevo
            </span>
          )}
        </div>
      </div>
      <div className={`pila ${classes.datos}`}>
        <p className="texto texto-sm semi recorte-2">{article.name}</p>
        <Muestras article={article} />
        <Precio price={article.price} promotion={article.promotion} discount={article.discount} single size="sm" />
        {!article.inStock && <p className={`texto texto-xs ${classes.agotado}`}>Agotado</p>}
      </div>
    </Link>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div className="tarjeta tarjeta-foto" aria-hidden>
      <div className={`al-borde ${classes.foto}`}>
        <div className={`esqueleto ${classes.esqueletoFoto}`} />
      </div>
      <div className="esqueleto" style={{ height: 14, marginTop: 'var(--mantine-spacing-sm)' }} />
      <div className="esqueleto" style={{ height: 12, marginTop: 8, width: '50%' }} />
      <div className="esqueleto" style={{ height: 16, marginTop: 8, width: '40%' }} />
    </div>
  );
}
