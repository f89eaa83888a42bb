import { Title } from '@mantine/core';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/inicio';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Panel');
}

export default function DashboardInicio() {
  return <Title order={1}>Panel</Title>;
}
