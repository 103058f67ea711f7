import { configDefaults, defineConfig } from 'vitest/config';
import { SERVICE_CEILING_MS } from './test/helpers/wait-until.js';

/**
 * Two projects: every test on SQLite, and the suites that touch the database again on PostgreSQL
 * when TEST_DATABASE_URL is set (CI always sets it).
 */
const dbSuites = [
  'test/postgres/**/*.test.ts',
  'src/server/modules/**/*.test.ts',
  'src/server/db/**/*.test.ts',
  'src/server/plugins/**/*.test.ts',
  'test/**/*.test.ts',
];

/**
 * Files that stub globals, fake timers or mock a module: they need a module graph of their own.
 * Every other file shares its worker's modules with the files before it (`isolate: false`): the
 * server's module graph is imported once per worker instead of once per file, which was most of a
 * run's time, and the migrated SQLite template is made once per worker too.
 */
const isolatedFiles = [
  'src/web/features/pastes/lib/highlight-off-thread.test.ts',
  'src/web/features/huge-viewer/lib/encrypted-line-source.test.ts',
  'test/security/secret-scan-budget.test.ts',
];

const sqliteFiles = ['src/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts', 'scripts/**/*.test.ts'];
// test/postgres needs a PostgreSQL server to cut off; it runs in the postgres project.
const sqliteExclude = [...configDefaults.exclude, 'test/postgres/**'];
// `*.sqlite.test.ts` look into SQLite's own files: there is nothing of theirs to run on PostgreSQL.
const postgresExclude = [...configDefaults.exclude, '**/*.sqlite.test.ts'];

/** One project of files on one database, shared or isolated. */
function project(name: string, include: string[], exclude: string[], isolated: boolean) {
  const dialect = name.startsWith('postgres') ? 'postgres' : 'sqlite';
  return {
    extends: true as const,
    test: {
      name,
      include: isolated
        ? isolatedFiles.filter((f) => include.some((glob) => f.startsWith(glob.split('**')[0]!)))
        : include,
      exclude: isolated ? exclude : [...exclude, ...isolatedFiles],
      isolate: isolated,
      env: { TEST_DIALECT: dialect },
      ...(dialect === 'postgres' ? { globalSetup: ['test/helpers/pg-global-setup.ts'] } : {}),
    },
  };
}

export default defineConfig({
  test: {
    // Hang guards, not speed limits: on a loaded machine CI has run four times slower than usual,
    // and a test or hook may wait for two services in a row, each up to SERVICE_CEILING_MS (the
    // wait's own message, naming what it waited for, comes first). No file sets a shorter one.
    testTimeout: 2 * SERVICE_CEILING_MS,
    hookTimeout: 2 * SERVICE_CEILING_MS,
    pool: 'forks',
    // Most suites wait on servers, databases and sockets rather than compute: three files at a time
    // on a 2-CPU machine finish in about half the time of vitest's default (CPUs − 1 = one).
    maxWorkers: 3,
    // Web tests here are pure functions (no DOM); screens are covered by the browser tests.
    projects: [
      project('sqlite', sqliteFiles, sqliteExclude, false),
      project('sqlite-isolated', sqliteFiles, sqliteExclude, true),
      ...(process.env.TEST_DATABASE_URL
        ? [
            project('postgres', dbSuites, postgresExclude, false),
            project('postgres-isolated', dbSuites, postgresExclude, true),
          ]
        : []),
    ],
  },
});
