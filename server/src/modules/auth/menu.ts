// The back-office menu served by /api/auth/menu: the built pages of the dashboard table
// (domain/dashboard-pages.ts), so the menu, the routes and the role guards cannot disagree.
import { dashboardMenu } from '#domain/dashboard-pages.ts';
import type { MenuEntry } from '#domain/roles.ts';

export const DASHBOARD_MENU: MenuEntry[] = dashboardMenu();
