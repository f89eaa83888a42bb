// Staff roles of the back office; customers carry none of them.

export const ROLES = ['admin', 'vendedor-admin', 'administracion', 'inventario', 'despacho'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  'vendedor-admin': 'Vendedor administrador',
  administracion: 'Administración',
  inventario: 'Inventario',
  despacho: 'Despacho',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Passes when the user holds any of the required roles; nothing required means everyone passes. */
export function hasAnyRole(userRoles: readonly string[], required: readonly Role[]): boolean {
  if (required.length === 0) return true;
  return required.some((role) => userRoles.includes(role));
}

export function isStaff(userRoles: readonly string[]): boolean {
  return userRoles.some(isRole);
}

export function isAdmin(userRoles: readonly string[]): boolean {
  return userRoles.includes('admin');
}

/**
 * Who checks reported payments: references and the receipts buyers attach (their bank data). Payment
 * confirmation is administración's (docs/dominio.md §Roles); sales staff do not see them.
 */
export const PAYMENT_CHECK_ROLES = ['admin', 'administracion'] as const satisfies readonly Role[];
/** Credit sales (docs/dominio.md §Roles): sales (vendedor-admin) and administración approve and follow them. */
export const CREDIT_SALE_ROLES = ['admin', 'administracion', 'vendedor-admin'] as const satisfies readonly Role[];

/** Sales reports (docs/dominio.md §Roles): sales staff read their own and all sales; administración reads the invoices. */
export const SALES_REPORT_ROLES = ['admin', 'vendedor-admin', 'administracion'] as const satisfies readonly Role[];

/** «Mis ventas»: the documents of the seller linked to the user (sales staff). */
export const MY_SALES_ROLES = ['admin', 'vendedor-admin'] as const satisfies readonly Role[];

/** The CSV of confirmed web sales for the accounting system (Profit). */
export const PROFIT_EXPORT_ROLES = ['admin', 'administracion'] as const satisfies readonly Role[];

export type MenuEntry = {
  title: string;
  ico?: string;
  route?: string;
  roles?: readonly Role[];
  items?: readonly MenuEntry[];
};

/** An entry without roles is shown to all; a group left with no visible items is hidden. */
export function filterMenu(entries: readonly MenuEntry[], userRoles: readonly string[]): MenuEntry[] {
  const visible: MenuEntry[] = [];
  for (const entry of entries) {
    if (!hasAnyRole(userRoles, entry.roles ?? [])) continue;
    if (entry.items === undefined) {
      visible.push(entry);
      continue;
    }
    const items = filterMenu(entry.items, userRoles);
    if (items.length > 0) visible.push({ ...entry, items });
  }
  return visible;
}
