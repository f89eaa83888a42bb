import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { adelantando, reloadTabOnceAMinute } from './lib/recarga-modulo.ts';

// A page chunk that cannot be fetched (docs/arquitectura.md §Errores en las páginas): reload, at most once a minute; otherwise the error shows.
// Not for code loaded ahead of time: the page the shopper is reading stays.
window.addEventListener('vite:preloadError', (event) => {
  if (adelantando()) return;
  if (reloadTabOnceAMinute()) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
