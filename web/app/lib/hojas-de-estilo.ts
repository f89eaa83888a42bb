// React Router links a route's stylesheet as «….css#» when a dynamic import somewhere also needs it
// (its fix for React dropping a sheet that a lazy component still uses; remix-run/react-router#14447).
// Vite's loader of a dynamic import looks for «….css», does not find it and appends a second copy at
// the end of <head>: the shared sheets (ui.css) then come after the page's own and win over them
// (the cart's articles lost their layout once its later steps had loaded; react-router#14754).
// Before such an import, a copy that applies to no media tells Vite's loader the sheet is in.

/** Marks the stylesheets React Router linked with «#» as loaded, for Vite's loader of dynamic imports. */
export function marcarHojasCargadas(doc: Document = document) {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href$=".css#"]')) {
    const href = link.getAttribute('href')?.slice(0, -1);
    if (!href || doc.querySelector(`link[rel="stylesheet"][href="${href}"]`)) continue;
    const marca = doc.createElement('link');
    marca.rel = 'stylesheet';
    marca.media = 'not all';
    marca.href = href;
    doc.head.append(marca);
  }
}
