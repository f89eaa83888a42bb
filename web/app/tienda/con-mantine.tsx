// The storefront pages built with Mantine (cart and checkout, account, sign-in, blog, company
// pages…) sit inside this layout, which mounts its provider and styles. The pages a shopper browses
// (home, line and article lists, an article, search) are outside it and load none of Mantine.
import { Outlet } from 'react-router';
import { ProveedorMantine } from '#web/components/proveedor-mantine.tsx';

export default function ConMantineLayout() {
  return (
    <ProveedorMantine>
      <Outlet />
    </ProveedorMantine>
  );
}
