// Vitest's cache goes to the ignored node_modules of tests/mastra1, not beside the test.
export default { cacheDir: '../node_modules/.vite-surface' };
