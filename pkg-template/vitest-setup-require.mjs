// Source of vitest-setup.cjs (bundled by scripts/build.sh, not shipped).
const { registerEvalMatchers } = require('./vitest.cjs');

registerEvalMatchers();
