// The demo store's catalogue as plain data: lines, sub-lines, colours, sizes and style names.
export type DemoSubline = {
  code: string;
  name: string;
  garment: string;
  sizes: readonly string[];
  priceRange: readonly [number, number];
  styles: readonly string[];
};

export type DemoLine = { code: string; name: string; url: string; description: string; letter: string; sublines: DemoSubline[] };

export const COLORES = [
  { code: 'NEGR', name: 'Negro', hex: '#1f1f1f' },
  { code: 'BLAN', name: 'Blanco', hex: '#f4f4f2' },
  { code: 'AZMA', name: 'Azul marino', hex: '#1b2a4e' },
  { code: 'ROJO', name: 'Rojo', hex: '#c62828' },
  { code: 'VERD', name: 'Verde oliva', hex: '#556b2f' },
  { code: 'BEIG', name: 'Beige', hex: '#d8c3a5' },
  { code: 'GRIS', name: 'Gris jaspeado', hex: '#9e9e9e' },
  { code: 'ROSA', name: 'Rosa', hex: '#f06292' },
  { code: 'AMAR', name: 'Amarillo', hex: '#fbc02d' },
  { code: 'CELE', name: 'Celeste', hex: '#81d4fa' },
  { code: 'MARR', name: 'Marrón', hex: '#6d4c41' },
  { code: 'VINO', name: 'Vinotinto', hex: '#7b1f3a' },
  { code: 'FUCS', name: 'Fucsia', hex: '#d81b60' },
  { code: 'TURQ', name: 'Turquesa', hex: '#26a69a' },
  { code: 'NARA', name: 'Naranja', hex: '#ef6c00' },
  { code: 'JEAN', name: 'Azul jean', hex: '#3b5b8c' },
] as const;

const ADULT = ['XS', 'SM', 'MD', 'LG', 'XL', '2X'] as const;
const WAIST = ['28', '30', '32', '34', '36', '38'] as const;
const KIDS = ['02', '04', '06', '08', '10', '12', '14'] as const;
const SHOES_W = ['35', '36', '37', '38', '39', '40'] as const;
const SHOES_M = ['39', '40', '41', '42', '43', '44'] as const;
const SHOES_K = ['26', '28', '30', '32', '34'] as const;

export const TALLAS = [
  { code: 'XS', label: 'XS' },
  { code: 'SM', label: 'S' },
  { code: 'MD', label: 'M' },
  { code: 'LG', label: 'L' },
  { code: 'XL', label: 'XL' },
  { code: '2X', label: 'XXL' },
  ...['02', '04', '06', '08', '10', '12', '14'].map((c) => ({ code: c, label: `${Number(c)} años` })),
  ...['26', '28', '30', '32', '34', '35', '36', '37', '38', '39', '40', '41', '42', '43', '44'].map((c) => ({ code: c, label: c })),
].map((t, position) => ({ ...t, position }));

export const LINEAS: DemoLine[] = [
  {
    code: 'DAM',
    name: 'Damas',
    url: 'damas',
    letter: 'D',
    description: 'Blusas, vestidos, faldas y jeans para el día a día y las ocasiones especiales.',
    sublines: [
      {
        code: 'BLU',
        name: 'Blusas',
        garment: 'blusa',
        sizes: ADULT,
        priceRange: [14, 32],
        styles: ['Carolina', 'Margarita', 'Guayabera de lino', 'Campesina', 'Choroní'],
      },
      {
        code: 'VES',
        name: 'Vestidos',
        garment: 'vestido',
        sizes: ADULT,
        priceRange: [28, 65],
        styles: ['Los Roques', 'Caribe', 'Cóctel Altamira', 'Playero Morrocoy'],
      },
      { code: 'FAL', name: 'Faldas', garment: 'falda', sizes: ADULT, priceRange: [18, 38], styles: ['Plisada', 'Midi Chacao', 'Lápiz'] },
      { code: 'JEA', name: 'Jeans', garment: 'jean', sizes: WAIST, priceRange: [30, 55], styles: ['Tiro alto', 'Mom fit', 'Skinny Ávila'] },
      { code: 'PIJ', name: 'Pijamas', garment: 'pijama', sizes: ADULT, priceRange: [20, 35], styles: ['Satinada', 'Algodón Mérida'] },
    ],
  },
  {
    code: 'CAB',
    name: 'Caballeros',
    url: 'caballeros',
    letter: 'C',
    description: 'Franelas, camisas, pantalones y chaquetas con el mejor algodón.',
    sublines: [
      {
        code: 'FRA',
        name: 'Franelas',
        garment: 'franela',
        sizes: ADULT,
        priceRange: [10, 24],
        styles: ['Básica cuello redondo', 'Polo Caracas', 'Estampada Canaima', 'Cuello V'],
      },
      {
        code: 'CAM',
        name: 'Camisas',
        garment: 'camisa',
        sizes: ADULT,
        priceRange: [24, 48],
        styles: ['Oxford', 'Lino Margarita', 'Cuadros Galipán'],
      },
      {
        code: 'PAN',
        name: 'Pantalones',
        garment: 'pantalon',
        sizes: WAIST,
        priceRange: [28, 52],
        styles: ['Chino', 'Cargo', 'Vestir Las Mercedes'],
      },
      {
        code: 'CHA',
        name: 'Chaquetas',
        garment: 'chaqueta',
        sizes: ADULT,
        priceRange: [40, 85],
        styles: ['Impermeable', 'Bomber', 'Jean clásica'],
      },
      { code: 'SHO', name: 'Shorts', garment: 'short', sizes: WAIST, priceRange: [16, 30], styles: ['Bermuda', 'Playero Tucacas'] },
    ],
  },
  {
    code: 'NIN',
    name: 'Niños',
    url: 'ninos',
    letter: 'N',
    description: 'Ropa cómoda y resistente para niñas y niños de 2 a 14 años.',
    sublines: [
      {
        code: 'CON',
        name: 'Conjuntos',
        garment: 'conjunto',
        sizes: KIDS,
        priceRange: [16, 30],
        styles: ['Deportivo', 'Escolar', 'Fiesta'],
      },
      {
        code: 'FRN',
        name: 'Franelas de niño',
        garment: 'franela',
        sizes: KIDS,
        priceRange: [8, 16],
        styles: ['Dinosaurios', 'Superhéroe', 'Arcoíris'],
      },
      { code: 'PIN', name: 'Pijamas de niño', garment: 'pijama', sizes: KIDS, priceRange: [12, 22], styles: ['Estrellas', 'Ositos'] },
      { code: 'SUE', name: 'Suéteres', garment: 'sueter', sizes: KIDS, priceRange: [15, 28], styles: ['Capucha', 'Tejido Mérida'] },
    ],
  },
  {
    code: 'CAL',
    name: 'Calzado',
    url: 'calzado',
    letter: 'Z',
    description: 'Zapatos, zapatillas deportivas, sandalias y botas para toda la familia.',
    sublines: [
      {
        code: 'ZAP',
        name: 'Zapatos de vestir',
        garment: 'zapato',
        sizes: SHOES_M,
        priceRange: [45, 90],
        styles: ['Oxford cuero', 'Mocasín', 'Derby'],
      },
      {
        code: 'DEP',
        name: 'Zapatillas deportivas',
        garment: 'zapatilla',
        sizes: SHOES_W,
        priceRange: [35, 80],
        styles: ['Running', 'Urbana', 'Entrenamiento'],
      },
      {
        code: 'SAN',
        name: 'Sandalias',
        garment: 'sandalia',
        sizes: SHOES_W,
        priceRange: [15, 40],
        styles: ['Playera', 'Tacón corrido', 'Cuero trenzado'],
      },
      { code: 'BOT', name: 'Botas', garment: 'bota', sizes: SHOES_M, priceRange: [55, 110], styles: ['Trabajo', 'Botín Chelsea'] },
      {
        code: 'INF',
        name: 'Calzado infantil',
        garment: 'zapatilla',
        sizes: SHOES_K,
        priceRange: [18, 35],
        styles: ['Luces', 'Velcro escolar'],
      },
    ],
  },
];

export const GARMENT_LABELS: Record<string, string> = {
  blusa: 'Blusa',
  vestido: 'Vestido',
  falda: 'Falda',
  jean: 'Jean',
  pijama: 'Pijama',
  franela: 'Franela',
  camisa: 'Camisa',
  pantalon: 'Pantalón',
  chaqueta: 'Chaqueta',
  short: 'Short',
  conjunto: 'Conjunto',
  sueter: 'Suéter',
  zapato: 'Zapato',
  zapatilla: 'Zapatilla',
  sandalia: 'Sandalia',
  bota: 'Bota',
};

export const TIENDAS = [
  {
    code: 'CCS',
    name: 'Vitrina Sambil Caracas',
    state: 'Distrito Capital',
    city: 'Caracas',
    address: 'C.C. Sambil, Nivel Acuario, local AC-42, Chacao',
    phone: '0212-555-0142',
    hours: 'Lunes a domingo, 10:00 a 21:00',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Sambil+Caracas+Chacao',
  },
  {
    code: 'VAL',
    name: 'Vitrina Valencia',
    state: 'Carabobo',
    city: 'Valencia',
    address: 'C.C. Sambil Valencia, Nivel Feria, local F-18',
    phone: '0241-555-0118',
    hours: 'Lunes a sábado, 10:00 a 20:00',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Sambil+Valencia',
  },
  {
    code: 'MCB',
    name: 'Vitrina Maracaibo',
    state: 'Zulia',
    city: 'Maracaibo',
    address: 'C.C. Lago Mall, planta baja, local 27, Av. El Milagro',
    phone: '0261-555-0127',
    hours: 'Lunes a sábado, 9:30 a 20:00',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Lago+Mall+Maracaibo',
  },
  {
    code: 'BQT',
    name: 'Vitrina Barquisimeto',
    state: 'Lara',
    city: 'Barquisimeto',
    address: 'C.C. Sambil Barquisimeto, Nivel Autopista, local A-09',
    phone: '0251-555-0109',
    hours: 'Lunes a domingo, 10:00 a 20:30',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Sambil+Barquisimeto',
  },
  {
    code: 'LEC',
    name: 'Vitrina Lechería',
    state: 'Anzoátegui',
    city: 'Lechería',
    address: 'C.C. Plaza Mayor, Edificio 3, local 14',
    phone: '0281-555-0114',
    hours: 'Lunes a sábado, 10:00 a 20:00',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Plaza+Mayor+Lecheria',
  },
] as const;
