/**
 * The import boundaries of the house rules (docs/architecture in ../shared and docs/decisions.md),
 * checked by `npm test` (the `boundaries` step). Each rule says what it protects.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'repository-is-private-to-its-module',
      comment:
        "A module's repository (its SQL) is used by that module only; other modules and plugins call its service.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'repository-only-from-modules',
      comment: 'Outside the modules (plugins, infra, wiring) nothing reaches a repository.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/modules/', '\\.test\\.ts$'] },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'infra-knows-no-module',
      comment: 'infra/ (blob store, mailer, captcha, jobs) is plumbing: it is given what it runs, it imports no module or wiring.',
      severity: 'error',
      from: { path: '^src/server/infra/' },
      to: { path: ['^src/server/modules/', '^src/server/wiring/', '^src/server/services\\.ts$', '^src/server/app\\.ts$'] },
    },
    {
      name: 'common-is-shared',
      comment: 'src/common is the contract of server and web: it imports neither.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The web app and the server share only src/common.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-and-web-apart',
      comment: 'The web app and the server share only src/common.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'feature-internals-are-private',
      comment:
        "A web feature uses another feature only through its api/ (queries and mutations) or its index.ts (what it chooses to share); the rest lives in components/ or lib/.",
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^src/web/features/',
        pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/api/', '^src/web/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'shared-web-code-knows-no-feature',
      comment: 'components/ and lib/ are what features share: they import no feature and no page.',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/(features|pages)/' },
    },
    {
      name: 'features-know-no-screen',
      comment: 'A feature is used by screens (pages/) and the shell (app/), never the other way round.',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/(app|pages)/' },
    },
    {
      name: 'query-builder-only-in-repositories',
      comment:
        'SQL lives in repositories and src/server/db/: elsewhere Kysely is a type (a transaction handed on), never a query.',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: ['\\.repository\\.ts$', '^src/server/db/', '\\.test\\.ts$'],
      },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'database-drivers-only-in-db',
      comment: 'Only src/server/db/ opens connections; everything else goes through its Db.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/server/db/', '\\.test\\.ts$'] },
      to: { path: 'node_modules/(pg|better-sqlite3)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-uses-no-server-package',
      comment: 'The browser bundle never pulls in server plumbing.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: 'node_modules/(fastify|@fastify|kysely|pg|better-sqlite3|nodemailer|ioredis|@node-rs)' },
    },
    {
      name: 'no-circular',
      comment: 'Cycles make load order matter and modules impossible to read alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // node_modules is reached (so the package rules above can fire) but not followed into.
    exclude: { path: '^dist/' },
  },
};
