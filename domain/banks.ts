// Venezuelan banks by their SUDEBAN code: the first 4 digits of every 20-digit account number.

export type Bank = { code: string; name: string };

export const VENEZUELAN_BANKS: readonly Bank[] = [
  { code: '0102', name: 'Banco de Venezuela' },
  { code: '0104', name: 'Venezolano de Crédito' },
  { code: '0105', name: 'Mercantil' },
  { code: '0108', name: 'Provincial' },
  { code: '0114', name: 'Bancaribe' },
  { code: '0115', name: 'Exterior' },
  { code: '0128', name: 'Banco Caroní' },
  { code: '0134', name: 'Banesco' },
  { code: '0137', name: 'Sofitasa' },
  { code: '0138', name: 'Banco Plaza' },
  { code: '0146', name: 'Bangente' },
  { code: '0151', name: 'BFC Banco Fondo Común' },
  { code: '0156', name: '100% Banco' },
  { code: '0157', name: 'DelSur' },
  { code: '0163', name: 'Banco del Tesoro' },
  { code: '0166', name: 'Banco Agrícola de Venezuela' },
  { code: '0168', name: 'Bancrecer' },
  { code: '0169', name: 'Mi Banco' },
  { code: '0171', name: 'Banco Activo' },
  { code: '0172', name: 'Bancamiga' },
  { code: '0173', name: 'Banco Internacional de Desarrollo' },
  { code: '0174', name: 'Banplus' },
  { code: '0175', name: 'Banco Bicentenario' },
  { code: '0177', name: 'Banfanb' },
  { code: '0178', name: 'N58 Banco Digital' },
  { code: '0191', name: 'BNC Banco Nacional de Crédito' },
];

export function bankByCode(code: string): Bank | undefined {
  return VENEZUELAN_BANKS.find((bank) => bank.code === code.trim());
}

export function isBankCode(code: string): boolean {
  return bankByCode(code) !== undefined;
}

/** The bank of a 20-digit account number (spaces and dashes ignored), if it is a known one. */
export function bankOfAccount(accountNumber: string): Bank | undefined {
  const digits = accountNumber.replace(/[\s-]/g, '');
  return /^\d{20}$/.test(digits) ? bankByCode(digits.slice(0, 4)) : undefined;
}
