// Route × role, the modules of the «contenido» group (server/test/rutas-roles.ts).
import { describeRouteRoles } from '#test/rutas-roles.ts';

describeRouteRoles('contenido');
