// The demo store's texts: company sections, footer, bank accounts, content pages, page settings.
export const STORE_NAME = 'Vitrina';

export const INFO_PAGINA = {
  storeName: STORE_NAME,
  logo: '/imagenes/logo.svg',
  banner: '/imagenes/banner.webp',
  facility: 'Envíos a toda Venezuela con MRW, Zoom y Tealca · Retiro gratis en tienda · Pago con Zelle, Pago Móvil y transferencia',
  offer: 'Hasta 30 % de descuento en artículos seleccionados de la nueva colección',
  sizeGuide: [
    'Talla|Busto (cm)|Cintura (cm)|Cadera (cm)',
    'XS|80-84|62-66|88-92',
    'S|84-88|66-70|92-96',
    'M|88-94|70-76|96-102',
    'L|94-100|76-82|102-108',
    'XL|100-106|82-88|108-114',
    'XXL|106-114|88-96|114-122',
  ].join('\n'),
};

export const EMPRESA = [
  {
    section: 'mision',
    title: 'Misión',
    content:
      'Vestir a las familias venezolanas con ropa y calzado de calidad, a precios justos, con una atención cercana en cada una de nuestras tiendas y en línea.',
  },
  {
    section: 'vision',
    title: 'Visión',
    content:
      'Ser la tienda de moda de referencia en Venezuela, presente en cada ciudad y en cada hogar a través de nuestra tienda en línea.',
  },
  {
    section: 'valores',
    title: 'Valores',
    content: 'Honestidad con nuestros clientes. Trabajo en equipo. Calidad en cada costura. Compromiso con el país y con nuestra gente.',
  },
  {
    section: 'quienes_somos',
    title: 'Quienes Somos',
    content:
      'Nacimos en Caracas en 1998 como una pequeña tienda familiar de ropa. Hoy tenemos tiendas en Caracas, Valencia, Maracaibo, Barquisimeto y Lechería, y despachamos a todo el país.',
  },
];

export const FOOTER = {
  aboutText: [
    'Ropa y calzado para toda la familia desde 1998.',
    'Tiendas en Caracas, Valencia, Maracaibo, Barquisimeto y Lechería; envíos a toda Venezuela.',
  ],
  logo: '/imagenes/logo-claro.svg',
  address: 'Av. Francisco de Miranda, Torre Vitrina, piso 3, Chacao, Caracas',
  phone1: '0212-555-0100',
  phone2: '0414-555-0101',
  whatsapp: '+584145550101',
  email: 'atencion@vitrina.com.ve',
  socialLinks: {
    facebook: 'https://facebook.com/vitrina.ve',
    instagram: 'https://instagram.com/vitrina.ve',
    twitter: 'https://x.com/vitrina_ve',
    youtube: 'https://youtube.com/@vitrina.ve',
  },
  copyrightText: '© Vitrina Moda C.A. Todos los derechos reservados.',
};

/** The company's legal data: the footer and the e-mails print it, and later the invoices. */
export const EMPRESA_DATOS = {
  razonSocial: 'Vitrina Moda C.A.',
  rif: 'J-41234567-8',
  address: 'Av. Francisco de Miranda, Torre Vitrina, piso 3, Chacao, Caracas, Distrito Capital',
  phone1: '0212-555-0100',
  phone2: '0414-555-0101',
  email: 'atencion@vitrina.com.ve',
};

export const CUENTAS_BANCARIAS = [
  {
    method: 'zelle',
    bankCode: null,
    bankName: 'Zelle',
    rif: 'J-41234567-8',
    companyAccountName: 'Vitrina Moda LLC',
    companyAccountEmail: 'pagos@vitrina.com.ve',
    accountNumber: '',
    phone: '',
  },
  {
    method: 'pago-movil',
    bankCode: '0134',
    bankName: 'Banesco',
    rif: 'J-41234567-8',
    companyAccountName: 'Vitrina Moda C.A.',
    companyAccountEmail: '',
    accountNumber: '',
    phone: '0414-555-0101',
  },
  {
    method: 'transferencia',
    bankCode: '0105',
    bankName: 'Mercantil',
    rif: 'J-41234567-8',
    companyAccountName: 'Vitrina Moda C.A.',
    companyAccountEmail: '',
    accountNumber: '0105-0012-34-1234567890',
    phone: '',
  },
  {
    method: 'transferencia',
    bankCode: '0102',
    bankName: 'Banco de Venezuela',
    rif: 'J-41234567-8',
    companyAccountName: 'Vitrina Moda C.A.',
    companyAccountEmail: '',
    accountNumber: '0102-0456-78-0001234567',
    phone: '',
  },
];

export const PAGINAS = [
  {
    slug: 'privacy-policy',
    title: 'Política de privacidad',
    content: [
      'En Vitrina Moda C.A. protegemos los datos personales que nos confía al comprar en nuestra tienda en línea o en nuestras tiendas físicas.',
      '## Qué datos recogemos',
      'Nombre, cédula, correo, teléfono y dirección de entrega, necesarios para procesar y despachar sus pedidos, y las referencias de los pagos que nos reporta.',
      '## Para qué los usamos',
      'Para procesar pedidos, confirmar pagos, coordinar envíos con la agencia que elija y, si lo acepta, enviarle nuestro boletín. No vendemos ni cedemos sus datos a terceros.',
      '## Sus derechos',
      'Puede pedir en cualquier momento que corrijamos o eliminemos sus datos escribiendo a atencion@vitrina.com.ve, y darse de baja del boletín desde el enlace de cada correo.',
    ].join('\n\n'),
  },
  {
    slug: 'terms-and-condition',
    title: 'Términos y condiciones',
    content: [
      'Al comprar en la tienda en línea de Vitrina acepta estas condiciones.',
      '## Precios y pagos',
      'Los precios se expresan en dólares estadounidenses y se muestran en bolívares a la tasa del día publicada. Aceptamos Zelle, Pago Móvil, transferencias, efectivo en tienda, PayPal y Uphold; los pagos con PayPal y Uphold tienen una comisión de 5,8 % + 0,30 USD. Un pedido se procesa cuando su pago es confirmado por nuestro equipo.',
      '## Envíos',
      'Despachamos a toda Venezuela con la agencia que elija (MRW, Zoom, Tealca, DOMESA, FedEx, DHL o Liberty). El plazo habitual es de 2 a 5 días hábiles después de confirmado el pago.',
      '## Cambios y devoluciones',
      'Tiene 15 días desde la entrega para cambiar un artículo sin uso y con sus etiquetas, en cualquiera de nuestras tiendas o por envío.',
    ].join('\n\n'),
  },
  {
    slug: 'franchise',
    title: 'Franquicias',
    content: [
      '¿Quiere llevar Vitrina a su ciudad? Ofrecemos un modelo de franquicia con el respaldo de una marca con más de 25 años en el mercado venezolano.',
      '## Qué ofrecemos',
      'Surtido completo de ropa y calzado, diseño del local, formación del personal, sistema de ventas y acceso a nuestra tienda en línea.',
      '## Qué buscamos',
      'Locales de 80 a 150 m² en centros comerciales o calles comerciales, y socios con experiencia en comercio minorista.',
      'Escríbanos desde la página de contacto indicando su ciudad y le enviaremos la información completa.',
    ].join('\n\n'),
  },
];
