// `evals-wasm/vitest/setup`: registers the eval matchers (a vitest setup file).
export {};
