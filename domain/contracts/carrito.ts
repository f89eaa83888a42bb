// The cart as the API returns it (GET carrito and every cart change).
export type CartStoreLine = {
  id: number;
  store: string;
  quantity: number;
  inventory: number;
  status: 'disponible' | 'insuficiente';
};

export type CartItem = {
  articleCode: string;
  model: string;
  name: string;
  colorName: string;
  sizeLabel: string;
  image: string;
  path: string;
  price: string;
  promotion: string;
  quantity: number;
  stores: CartStoreLine[];
};

export type CartView = {
  items: CartItem[];
  totals: {
    subtotal: string;
    iva: string;
    total: string;
    gross: string;
    discount: string;
    totalVes: string;
    rate: string;
  };
};

export type BankAccount = {
  id: number;
  method: string;
  bank_code: string | null;
  bank_name: string;
  rif: string;
  status: boolean;
  company_account_name: string;
  company_account_email: string;
  account_number: string;
  phone: string;
};

/** What orden-compra/registrar and the payment calls answer. */
export type OrderCreated = { orderCode: string; step: string; total: string; rate: string };

/** GET orden-compra/estado/{code}: what anyone with the code may see. */
export type OrderStatus = {
  code: string;
  step: string;
  trackingNumber: string | null;
  agency: string;
  paymentMethod: string;
  subtotal: string;
  iva: string;
  commission: string;
  total: string;
  rate: string;
  createdAt: string;
  expiresAt: string | null;
  items: { articleCode: string; name: string; quantity: number; store: string }[];
  timeline: { step: string; at: string }[];
};
