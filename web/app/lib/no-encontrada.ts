/** The message of every 404 page (one fixed message, docs/arquitectura.md §Páginas y guardias). */
export const PAGINA_NO_ENCONTRADA = 'No encontramos esta página.';
