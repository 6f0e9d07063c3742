// This package's version, for the run records it makes (kept equal to package.json's by
// tests/mastra1/experiments-write.test.mjs). A constant, not an import of package.json: a JSON
// import breaks bundlers that need a plugin for JSON (plain Rollup).
export const PACKAGE_VERSION = '0.1.0';
