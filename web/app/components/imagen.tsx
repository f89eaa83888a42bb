// The default placeholder (/storage/image-default.png) for a picture that is missing or fails to load.
import type { SyntheticEvent } from 'react';

export const IMAGE_DEFAULT = '/storage/image-default.png';

function fallBack(img: HTMLImageElement) {
  if (img.dataset.respaldo) return;
  img.dataset.respaldo = '1';
  img.removeAttribute('srcset');
  img.src = IMAGE_DEFAULT;
}

/** Spread on an <img>: on error it shows the placeholder, also when it failed before the page hydrated. */
export const imageFallback = {
  onError: (event: SyntheticEvent<HTMLImageElement>) => fallBack(event.currentTarget),
  ref: (img: HTMLImageElement | null) => {
    // A lazy image not fetched yet is not `complete`; a broken one is, with no size.
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) fallBack(img);
  },
};
