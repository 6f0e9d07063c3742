import { defineConfig } from 'vitest/config';

export default defineConfig({
  cacheDir: 'node_modules/.vite',
  test: { include: ['src/**/*.test.mts'], setupFiles: ['@mastra/evals/vitest/setup'] },
});
