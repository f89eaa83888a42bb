import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web/app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
