import type { $ZodConfig } from 'zod/v4/core';

/**
 * zod probes `new Function('')` to compile fast object parsers. Our CSP allows no eval, so the probe
 * fails harmlessly but the browser still reports a CSP violation on every page (and Lighthouse's best
 * practices counts it). zod reads this global when it loads, so it is set before any of it loads.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
