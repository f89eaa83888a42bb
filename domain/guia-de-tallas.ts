// The size guide an article page shows, chosen by the article's línea (and sub-línea and sizes):
// footwear in EU sizes and foot length in cm, children's clothes by age, men's and women's
// garments and waist-sized trousers in cm.
import { type ArticuloConTallas, tipoDeTallaInfantil } from './articulo-infantil.ts';

export type TipoDeGuia = 'calzado' | 'ninos' | 'cintura' | 'caballeros' | 'damas';

export type GuiaDeTallas = { tipo: TipoDeGuia; titulo: string; nota: string; columnas: string[]; filas: string[][] };

function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const SHOE_WORDS = /\b(calzados?|zapat\w*|sandalias?|botas?|botin\w*|tenis|pantuflas?|cholas?|alpargatas?)\b/;
const MEN_WORDS = /\b(caballeros?|hombres?|masculino)\b/;
const WAIST_CODES = /^(2[6-9]|3\d|4[0-4])$/;

/** Foot length in cm for each EU size (Mondopoint rounded to half a centimetre). */
const CALZADO: [string, string][] = [
  ['26', '16,5'],
  ['27', '17'],
  ['28', '17,5'],
  ['29', '18,5'],
  ['30', '19'],
  ['31', '19,5'],
  ['32', '20,5'],
  ['33', '21'],
  ['34', '21,5'],
  ['35', '22,5'],
  ['36', '23'],
  ['37', '23,5'],
  ['38', '24,5'],
  ['39', '25'],
  ['40', '25,5'],
  ['41', '26,5'],
  ['42', '27'],
  ['43', '27,5'],
  ['44', '28,5'],
  ['45', '29'],
  ['46', '30'],
];

const NINOS: string[][] = [
  ['2 años', '86-92', '52-53', '50-51'],
  ['4 años', '98-104', '54-56', '51-53'],
  ['6 años', '110-116', '57-59', '53-55'],
  ['8 años', '122-128', '61-64', '55-57'],
  ['10 años', '134-140', '66-69', '57-60'],
  ['12 años', '146-152', '71-75', '60-63'],
  ['14 años', '158-164', '77-81', '63-66'],
];

const CINTURA: string[][] = [
  ['28', '71-73', '89-91'],
  ['30', '76-78', '94-96'],
  ['32', '81-83', '99-101'],
  ['34', '86-88', '104-106'],
  ['36', '91-93', '109-111'],
  ['38', '96-98', '114-116'],
  ['40', '101-103', '119-121'],
];

const CABALLEROS: string[][] = [
  ['XS', '84-88', '70-74'],
  ['S', '88-94', '74-80'],
  ['M', '94-100', '80-86'],
  ['L', '100-106', '86-92'],
  ['XL', '106-112', '92-98'],
  ['XXL', '112-118', '98-104'],
];

const DAMAS: string[][] = [
  ['XS', '80-84', '62-66', '88-92'],
  ['S', '84-88', '66-70', '92-96'],
  ['M', '88-92', '70-74', '96-100'],
  ['L', '92-98', '74-80', '100-106'],
  ['XL', '98-104', '80-86', '106-112'],
  ['XXL', '104-110', '86-92', '112-118'],
];

/** Which guide fits the article: shoes by their names, children's clothes by age, then waist sizes, then men or women. */
export function tipoDeGuia(article: ArticuloConTallas): TipoDeGuia {
  const names = `${plain(article.lineName)} ${plain(article.subLineName)}`;
  if (SHOE_WORDS.test(names)) return 'calzado';
  if (tipoDeTallaInfantil(article) === 'ropa') return 'ninos';
  if (article.sizes.length > 0 && article.sizes.every((s) => WAIST_CODES.test(s.code))) return 'cintura';
  return MEN_WORDS.test(names) ? 'caballeros' : 'damas';
}

/** Only the rows of the sizes the article comes in, when it names any of them; else the whole table. */
function ofSizes(rows: string[][], article: ArticuloConTallas): string[][] {
  const labels = new Set(article.sizes.map((s) => plain(s.label).replace(/\s+/g, ' ').trim()));
  const own = rows.filter((row) => labels.has(plain(row[0])));
  return own.length > 0 ? own : rows;
}

export function guiaDeTallas(article: ArticuloConTallas): GuiaDeTallas {
  const tipo = tipoDeGuia(article);
  switch (tipo) {
    case 'calzado':
      return {
        tipo,
        titulo: 'Calzado: talla europea (EU) y largo del pie',
        nota: 'Mida su pie de talón a punta, de pie y al final del día; si queda entre dos tallas, elija la mayor.',
        columnas: ['Talla EU', 'Largo del pie (cm)'],
        filas: ofSizes(CALZADO, article),
      };
    case 'ninos':
      return {
        tipo,
        titulo: 'Niños: talla por edad',
        nota: 'La edad es una guía; si su hijo es más alto que el promedio, elija la talla según la estatura.',
        columnas: ['Talla', 'Estatura (cm)', 'Pecho (cm)', 'Cintura (cm)'],
        filas: ofSizes(NINOS, article),
      };
    case 'cintura':
      return {
        tipo,
        titulo: 'Pantalones y jeans: talla por cintura',
        nota: 'Mida la cintura donde usa el pantalón y la cadera en su parte más ancha.',
        columnas: ['Talla', 'Cintura (cm)', 'Cadera (cm)'],
        filas: ofSizes(CINTURA, article),
      };
    case 'caballeros':
      return {
        tipo,
        titulo: 'Caballeros: medidas del cuerpo',
        nota: 'Mida el pecho bajo los brazos y la cintura a la altura del ombligo.',
        columnas: ['Talla', 'Pecho (cm)', 'Cintura (cm)'],
        filas: ofSizes(CABALLEROS, article),
      };
    default:
      return {
        tipo,
        titulo: 'Damas: medidas del cuerpo',
        nota: 'Mida el busto en su parte más alta, la cintura en la más estrecha y la cadera en la más ancha.',
        columnas: ['Talla', 'Busto (cm)', 'Cintura (cm)', 'Cadera (cm)'],
        filas: ofSizes(DAMAS, article),
      };
  }
}
