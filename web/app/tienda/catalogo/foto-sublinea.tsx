import { imageFallback } from '#web/components/imagen.tsx';

/** A sub-line's picture at the top of its card (ui.css `.tarjeta-foto`), in its 320 px copy. */
export function FotoSublinea({ image }: { image: string | null | undefined }) {
  if (!image) return null;
  return (
    <img className="al-borde" src={image.replace('-640.', '-320.')} {...imageFallback} alt="" width={320} height={400} loading="lazy" />
  );
}
