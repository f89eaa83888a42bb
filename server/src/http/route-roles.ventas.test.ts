// Route × role, the modules of the «ventas» group (server/test/rutas-roles.ts).
import { describeRouteRoles } from '#test/rutas-roles.ts';

describeRouteRoles('ventas');
