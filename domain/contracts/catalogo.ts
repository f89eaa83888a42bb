// Shapes of the catalogue API responses, shared by the server (which builds them) and the pages.
export type ArticleCard = {
  model: string;
  name: string;
  price: string;
  promotion: string;
  finalPrice: string;
  onPromotion: boolean;
  colorCode: string;
  colorName: string;
  colorHex: string;
  lineCode: string;
  lineName: string;
  subLineCode: string;
  subLineName: string;
  image: string;
  imageSrcSet: string;
  path: string;
  sizes: string[];
  inStock: boolean;
};

export type SubLine = { id: number; code: string; name: string; url: string; models: number; image: string | null };

export type Line = {
  id: number;
  code: string;
  name: string;
  url: string;
  description: string;
  image?: string | null;
  sublineas: SubLine[];
};

export type LineWithFilters = Line & {
  filtros: {
    colors: { code: string; name: string; hex: string }[];
    sizes: { code: string; label: string }[];
    priceRange: { min: string | null; max: string | null };
  };
};

export type StoreStock = { id: number; name: string; city: string; state: string; quantity: number };

export type ArticleDetail = Omit<ArticleCard, 'sizes'> & {
  description: string;
  lineUrl: string;
  subLineUrl: string;
  discount: string;
  selectedArticle: string | null;
  selectedSize: string | null;
  colors: { model: string; colorCode: string; name: string; hex: string; path: string; image: string }[];
  sizes: { code: string; label: string; article: string; stock: number; stores: StoreStock[] }[];
  stock: number;
};

export type InfoPagina = { storeName: string; logo: string; banner: string; facility: string; sizeGuide: string; offer: string };

export type TasaDelDia = { currency: string; amount: string; date: string | null };

export type Footer = {
  about_text: string[];
  logo: string;
  address: string;
  phone1: string;
  phone2: string;
  whatsapp: string;
  email: string;
  social_links: { facebook?: string; twitter?: string; instagram?: string; youtube?: string };
  copyright_text: string;
};

export type Tienda = {
  id: number;
  code: string;
  name: string;
  state: string;
  city: string;
  address: string;
  phone: string;
  hours: string;
  ships: boolean;
};

export type EmpresaSeccion = { id: number; section: string; title: string; content: string };

export type Pagina = { slug: string; title: string; content: string; updatedAt: string };
