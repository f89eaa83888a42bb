// Whether an article is children's clothing or children's shoes, read from what the catalogue
// says of it (its línea, sub-línea and size labels), and the size to suggest for each child of
// the customer's profile on its page (domain/talla-sugerida.ts has the size rule itself).
import { GENDER_IDS, type Gender } from './store-constants.ts';
import { edadEnAnios, type TipoDeTalla, tallaSugerida } from './talla-sugerida.ts';

/** What the rule reads of an article: names of its línea and sub-línea, and its sizes. */
export type ArticuloConTallas = {
  lineName: string;
  subLineName: string;
  sizes: readonly { code: string; label: string }[];
};

/** Lower case, without accents: «Niños» and «NINOS» read alike. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const CHILDREN_WORDS = /\b(nin[oa]s?|infantil(es)?|bebes?|kids?|junior)\b/;
const SHOE_WORDS = /\b(calzados?|zapat\w*|sandalias?|botas?|botin\w*|tenis|pantuflas?|cholas?|alpargatas?)\b/;
/** An age size: «8 años», «1 año». */
const AGE_LABEL = /^\d{1,2}\s*anos?$/;
const NUMBER_CODE = /^\d{2}$/;

/**
 * 'ropa' for children's clothes in age sizes, 'calzado' for children's shoes in number sizes, null
 * for anything else. An article is children's clothing when a size reads «N años», or when its
 * línea or sub-línea names children (Niños, Infantil, Bebés…) and it comes in number sizes up to 16;
 * children's shoes when those names say both children and shoes (Calzado › Calzado infantil).
 * Adults' jeans (28 … 38) or shoes (35 … 44) name no children and are left out.
 */
export function tipoDeTallaInfantil(article: ArticuloConTallas): TipoDeTalla | null {
  const numbered = article.sizes.filter((s) => NUMBER_CODE.test(s.code));
  if (numbered.length === 0) return null;
  if (numbered.some((s) => AGE_LABEL.test(plain(s.label).trim()))) return 'ropa';
  const names = `${plain(article.lineName)} ${plain(article.subLineName)}`;
  if (!CHILDREN_WORDS.test(names)) return null;
  if (SHOE_WORDS.test(names)) return 'calzado';
  return numbered.some((s) => Number(s.code) <= 16) ? 'ropa' : null;
}

/** A child of the profile, as the profile API lists it. */
export type HijoDelPerfil = { name: string; gender: string; birthday: string };

export type SugerenciaDeTalla = {
  /** The child's first name. */
  nombre: string;
  edad: number;
  /** The size's code (it makes the article code) and its label. */
  code: string;
  label: string;
  /** Whether some store has the size. */
  enExistencia: boolean;
};

/** Children listed on an article page at most. */
export const MAX_SUGERENCIAS = 3;

function isGender(value: string): value is Gender {
  return (GENDER_IDS as readonly string[]).includes(value);
}

/**
 * For a children's article, the likely size of each child (the first MAX_SUGERENCIAS that have
 * one); none for other articles or children past the children's sizes. `today`: the Caracas day.
 */
export function sugerenciasDeTalla(
  article: Omit<ArticuloConTallas, 'sizes'> & { sizes: readonly { code: string; label: string; stock: number }[] },
  hijos: readonly HijoDelPerfil[],
  today: string,
): SugerenciaDeTalla[] {
  const tipo = tipoDeTallaInfantil(article);
  if (!tipo) return [];
  const codes = article.sizes.map((s) => s.code);
  const out: SugerenciaDeTalla[] = [];
  for (const hijo of hijos) {
    if (out.length === MAX_SUGERENCIAS) break;
    if (!isGender(hijo.gender) || hijo.birthday > today) continue;
    const code = tallaSugerida({ birthday: hijo.birthday, gender: hijo.gender }, today, tipo, codes);
    const size = article.sizes.find((s) => s.code === code);
    const nombre = hijo.name.trim().split(/\s+/)[0] ?? '';
    if (!size || !nombre) continue;
    out.push({ nombre, edad: edadEnAnios(hijo.birthday, today), code: size.code, label: size.label, enExistencia: size.stock > 0 });
  }
  return out;
}

/** «7 años», «1 año», «menos de 1 año». */
export function edadEnPalabras(edad: number): string {
  if (edad < 1) return 'menos de 1 año';
  return edad === 1 ? '1 año' : `${edad} años`;
}
