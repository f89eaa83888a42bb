import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './roles.ts';
import { filterMenu, hasAnyRole, isAdmin, isRole, isStaff, ROLE_LABELS, ROLES } from './roles.ts';

describe('roles', () => {
  it('hay cinco roles de personal, cada uno con etiqueta en español', () => {
    expect(ROLES).toEqual(['admin', 'vendedor-admin', 'administracion', 'inventario', 'despacho']);
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
    expect(ROLE_LABELS.administracion).toBe('Administración');
  });

  it('pasa cuando el usuario tiene cualquiera de los roles pedidos', () => {
    expect(hasAnyRole(['despacho'], ['admin', 'despacho'])).toBe(true);
    expect(hasAnyRole(['inventario', 'despacho'], ['despacho'])).toBe(true);
  });

  it('no pasa cuando no tiene ninguno, ni con la lista de roles vacía', () => {
    expect(hasAnyRole(['inventario'], ['admin', 'despacho'])).toBe(false);
    expect(hasAnyRole([], ['admin'])).toBe(false);
  });

  it('sin roles pedidos pasa cualquiera, incluso un cliente', () => {
    expect(hasAnyRole([], [])).toBe(true);
  });

  it('distingue personal, administrador y nombres desconocidos', () => {
    expect(isStaff(['cliente'])).toBe(false);
    expect(isStaff(['cliente', 'inventario'])).toBe(true);
    expect(isAdmin(['vendedor-admin'])).toBe(false);
    expect(isAdmin(['admin'])).toBe(true);
    expect(isRole('Admin')).toBe(false);
    expect(isRole('despacho')).toBe(true);
    expect(isRole(3)).toBe(false);
  });
});

describe('filterMenu', () => {
  const menu: MenuEntry[] = [
    { title: 'Inicio', route: 'dashboard' },
    {
      title: 'Ventas',
      items: [
        { title: 'Órdenes', route: 'ordenes', roles: ['admin', 'despacho'] },
        { title: 'Abonos', route: 'abonos', roles: ['administracion'] },
      ],
    },
    { title: 'Configuración', roles: ['admin'], items: [{ title: 'Tasa', route: 'tasa' }] },
    { title: 'Inventario', items: [{ title: 'Tiendas', route: 'tiendas', roles: ['inventario'] }] },
  ];

  it('muestra las entradas sin roles a todos y filtra cada elemento por rol', () => {
    expect(filterMenu(menu, ['despacho'])).toEqual([
      { title: 'Inicio', route: 'dashboard' },
      { title: 'Ventas', items: [{ title: 'Órdenes', route: 'ordenes', roles: ['admin', 'despacho'] }] },
    ]);
  });

  it('oculta un grupo sin elementos visibles y un grupo cuyo rol falta', () => {
    const titles = filterMenu(menu, ['administracion']).map((entry) => entry.title);
    expect(titles).toEqual(['Inicio', 'Ventas']);
  });

  it('no modifica el menú original', () => {
    filterMenu(menu, []);
    expect(menu[1]?.items).toHaveLength(2);
  });
});
