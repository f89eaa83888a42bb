// The article page's photos: a strip that shows one photo at a time and snaps to each (swipe on a
// phone, arrow keys once focused, the scroll wheel with Shift), and thumbnails that bring each photo
// into view. Without JavaScript the strip scrolls and the thumbnails are links to each photo; with
// it they scroll the strip in place and the current one is marked. No photo: the model's drawing.
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { ArticlePhoto } from '#domain/contracts/catalogo.ts';
import { imageFallback } from '#web/components/imagen.tsx';
import classes from './galeria.module.css';

/** The storefront's 4:5 frame: width and height reserve the room before the picture arrives. */
const FRAME = { width: 800, height: 1000 };
const THUMB = { width: 64, height: 80 };
const SIZES = '(max-width: 62em) 100vw, 50vw';
const pictureStyle = { display: 'block', width: '100%', height: 'auto', borderRadius: 8, background: '#f1f1f1' } as const;

type Props = {
  photos: ArticlePhoto[];
  /** The picture when there is no photo (the drawing), and its srcset. */
  image: string;
  imageSrcSet: string;
  /** «Camisa Oxford, color Beige»: the alt text, numbered when there are several photos. */
  label: string;
  /** Drawn over the picture (the «Oferta» badge). */
  overlay?: ReactNode;
};

export function Galeria({ photos, image, imageSrcSet, label, overlay }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // A shopper may swipe before the page's script runs: the counter starts from where the strip is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => onScroll(), []);
  const count = photos.length;

  if (count <= 1) {
    return (
      <div className={classes.marco}>
        <img
          src={photos[0]?.image ?? image}
          srcSet={photos[0]?.srcSet ?? imageSrcSet}
          sizes={SIZES}
          alt={label}
          width={FRAME.width}
          height={FRAME.height}
          fetchPriority="high"
          style={pictureStyle}
          data-testid="foto-principal"
          {...imageFallback}
        />
        {overlay}
      </div>
    );
  }

  const altOf = (index: number) => `${label}, foto ${index + 1} de ${count}`;

  function onScroll() {
    const el = strip.current;
    if (!el || el.clientWidth === 0) return;
    setCurrent(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
  }

  function show(index: number) {
    return (event: MouseEvent<HTMLAnchorElement>) => {
      const el = strip.current;
      if (!el) return;
      event.preventDefault();
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: index * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
      setCurrent(index);
    };
  }

  return (
    <div data-testid="galeria">
      <div className={classes.marco}>
        <div
          ref={strip}
          role="region"
          aria-roledescription="galería"
          aria-label={`Fotos de ${label}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the keyboard's focus so its arrow keys move between photos
          tabIndex={0}
          onScroll={onScroll}
          data-testid="galeria-tira"
          style={{
            display: 'flex',
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            scrollbarWidth: 'none',
            overscrollBehaviorX: 'contain',
            borderRadius: 8,
          }}
        >
          {photos.map((photo, index) => (
            <div
              key={photo.id}
              id={`foto-${index + 1}`}
              style={{ flex: '0 0 100%', minWidth: 0, scrollSnapAlign: 'start', scrollSnapStop: 'always' }}
            >
              <img
                src={photo.image}
                srcSet={photo.srcSet}
                sizes={SIZES}
                alt={altOf(index)}
                width={FRAME.width}
                height={FRAME.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                // The page's largest paint: React preloads it ahead of the other pictures.
                fetchPriority={index === 0 ? 'high' : undefined}
                {...imageFallback}
                style={pictureStyle}
                data-testid={`galeria-foto-${index + 1}`}
              />
            </div>
          ))}
        </div>
        {overlay}
        <span aria-hidden className={classes.contador} data-testid="foto-actual">
          {current + 1} / {count}
        </span>
      </div>
      {/* On a phone the strip is swiped and the counter says where one is: no room for thumbnails in the first screen. */}
      <nav aria-label="Fotos del artículo" className={classes.miniaturas} data-testid="miniaturas">
        {photos.map((photo, index) => (
          <a
            key={photo.id}
            href={`#foto-${index + 1}`}
            onClick={show(index)}
            aria-label={`Ver foto ${index + 1} de ${count}`}
            aria-current={index === current ? 'true' : undefined}
            data-testid={`miniatura-${index + 1}`}
            style={{
              display: 'block',
              lineHeight: 0,
              borderRadius: 6,
              padding: 2,
              border: index === current ? '2px solid #a61e4d' : '2px solid transparent',
            }}
          >
            <img
              src={photo.thumb}
              alt=""
              width={THUMB.width}
              height={THUMB.height}
              loading="lazy"
              style={{ display: 'block', borderRadius: 4, background: '#f1f1f1' }}
              {...imageFallback}
            />
          </a>
        ))}
      </nav>
    </div>
  );
}
