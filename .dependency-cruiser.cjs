/**
 * The architecture's arrows (STYLE.md, "Our layout"), checked on resolved import paths: relative,
 * `@/` and `@functions/` imports alike, type-only imports and import() included. `npm run lint`
 * runs it; tests/unit/dependency-rules.test.ts shows each rule failing on a fixture.
 * .dependency-cruiser-known-violations.json lists the arrows still broken, which `npm run lint`
 * lets pass (--ignore-known) and no others; once one is fixed, `npx depcruise-baseline` with the
 * lint's folders writes the list anew without it.
 */
const zodOnce =
  'Schemas use zod/mini, configured once: import * as z from functions/schemas/zod (in the SPA, @functions/schemas/zod). ' +
  "zod's classic API would come whole into every Lambda and the SPA.";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle has no inner side: neither module can be read, tested or bundled without the other, and ' +
        'which one loads first decides what the other sees. Move what both need down into a third module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'Domain code is pure and at the bottom: from functions/ it imports only domain/ and schemas/. ' +
        'Its ports and item shapes belong in functions/domain; the outer folders implement them (STYLE.md).',
      from: { path: '^functions/domain/' },
      to: { path: '^functions/', pathNot: '^functions/(domain|schemas)/' },
    },
    {
      name: 'views-only-shape',
      severity: 'error',
      comment:
        'A view only shapes domain items into schema types: it imports domain/ and schemas/, nothing that reads, ' +
        'writes or calls out (STYLE.md).',
      from: { path: '^functions/http/views/' },
      to: { path: '^functions/', pathNot: '^functions/(domain|schemas|http/views)/' },
    },
    {
      name: 'data-and-adapters-below-workflows',
      severity: 'error',
      comment:
        'data/ and adapters/ implement the ports workflows call: they never import a workflow, an entry point ' +
        '(handlers/, jobs/, streams/) or http/. What they need from above is passed in (STYLE.md).',
      from: { path: '^functions/(data|adapters)/' },
      to: { path: '^functions/(workflows|handlers|jobs|streams|http)/' },
    },
    {
      name: 'workflows-below-entry-points',
      severity: 'error',
      comment:
        'A workflow is called by handlers/, jobs/ and streams/ and knows nothing of them nor of HTTP: it returns ' +
        'domain items and the entry point shapes the answer with http/ (STYLE.md).',
      from: { path: '^functions/workflows/' },
      to: { path: '^functions/(handlers|jobs|streams|http)/' },
    },
    {
      name: 'schemas-only-domain',
      severity: 'error',
      comment:
        "Schemas are shared with the SPA: they build on zod and the domain's rules and lists, and import nothing " +
        'else from functions/, which would come into the SPA with them.',
      from: { path: '^functions/schemas/' },
      to: { path: '^functions/', pathNot: '^functions/(schemas|domain)/' },
    },
    {
      name: 'runtime-below-workflows',
      severity: 'error',
      comment:
        'runtime/ is what every function runs with, whatever invokes it (logger, metrics, wrappers, settings): it ' +
        'never imports a workflow, an entry point, http/ or data/; it may read the integration secrets (adapters/).',
      from: { path: '^functions/runtime/' },
      to: { path: '^functions/(workflows|handlers|jobs|streams|http|data)/' },
    },
    {
      name: 'http-below-entry-points',
      severity: 'error',
      comment:
        'http/ is the stack the handlers are built with: it never imports an entry point (handlers/, jobs/, streams/).',
      from: { path: '^functions/http/', pathNot: '^functions/http/views/' },
      to: { path: '^functions/(handlers|jobs|streams)/' },
    },
    {
      name: 'entry-points-apart',
      severity: 'error',
      comment:
        "handlers/, jobs/ and streams/ hold the Lambdas' entries: one kind never imports another; what two share " +
        'moves down into http/, runtime/ or a workflow.',
      from: { path: '^functions/(handlers|jobs|streams)/' },
      to: { path: '^functions/(handlers|jobs|streams)/', pathNot: '^functions/$1/' },
    },
    {
      name: 'functions-stay-in-lambda',
      severity: 'error',
      comment:
        'functions/ is what Lambda runs: it never imports the SPA (web/), the CDK app and local stack (bin/, lib/), ' +
        'the build scripts (scripts/) or the tests. What both sides need lives in functions/ and they import it.',
      from: { path: '^functions/' },
      to: { path: '^(web|bin|lib|scripts|tests)/' },
    },
    {
      name: 'bin-not-scripts',
      severity: 'error',
      comment:
        'bin/ (the CDK entry and the local stack) never imports scripts/: scripts are one-off commands at the top; ' +
        'what both need moves into bin/ or lib/.',
      from: { path: '^bin/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'lib-not-bin-scripts-web',
      severity: 'error',
      comment:
        'lib/ holds the constructs bin/ and scripts/ compose: it never imports them, nor the SPA (web/), whose ' +
        'build it deploys as files.',
      from: { path: '^lib/' },
      to: { path: '^(bin|scripts|web)/' },
    },
    {
      name: 'feature-not-another-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature: web/src/app composes them, and what two share moves to ' +
        'components/ or lib/ (STYLE.md).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'only-app-composes-features',
      severity: 'error',
      comment:
        "Imports go app -> features -> shared: web/src/app composes the features (and the entries at web/src's root, " +
        'main.tsx and prerender.tsx, render it); lib/, components/ and any other folder never import a feature (STYLE.md).',
      from: { path: '^web/src/[^/]+/', pathNot: '^web/src/(app|features)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'zod-through-schemas-zod',
      severity: 'error',
      comment: zodOnce,
      from: { pathNot: '^functions/schemas/zod\\.ts$' },
      // zod/v4/core's types (web/src/lib/zod-without-eval.ts) bring no schema code.
      to: { path: '(^|/)node_modules/zod/', pathNot: '(^|/)node_modules/zod/v4/core/' },
    },
    {
      name: 'amplify-on-first-use',
      severity: 'error',
      comment:
        'Amplify loads on first use: import its auth calls from @/lib/amplify or @/lib/amplify-auth-flows, which ' +
        'configure it.',
      from: { pathNot: '^web/src/lib/amplify(-auth-flows)?\\.ts$' },
      // 'aws-amplify' and 'aws-amplify/auth' only: the auth callback screen takes Hub and the OAuth listener itself.
      to: { path: '(^|/)node_modules/aws-amplify/dist/[^/]+/(auth/)?index\\.' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Keyed on the files' contents, not on git: right too where checkouts share one node_modules.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a circle of types is still a circle, and a type still ties one layer to another.
    tsPreCompilationDeps: true,
    // Package subpaths (zod/mini, aws-amplify/auth) resolve through their exports maps.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
