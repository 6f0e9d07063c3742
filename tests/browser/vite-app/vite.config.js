// Builds the browser test page the way an application would bundle evals-wasm.
import { defineConfig } from 'vite';

export default defineConfig({
  logLevel: 'warn',
  build: { target: 'es2022', emptyOutDir: true },
});
