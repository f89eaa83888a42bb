// Route × role, the modules of the «compras» group (server/test/rutas-roles.ts).
import { describeRouteRoles } from '#test/rutas-roles.ts';

describeRouteRoles('compras');
