/** The message of every 404 page (spec §8 asks for one fixed message; ours is in Spanish). */
export const PAGINA_NO_ENCONTRADA = 'No encontramos esta página.';
