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
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          // Web tests here are pure functions (no DOM); screens are covered by the browser tests.
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts', 'scripts/**/*.test.ts'],
          // test/postgres needs a PostgreSQL server to cut off; it runs in the postgres project.
          exclude: ['test/postgres/**'],
          env: { TEST_DIALECT: 'sqlite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: dbSuites,
                // `*.sqlite.test.ts` look into SQLite's own files: there is nothing of theirs to run here.
                exclude: [...configDefaults.exclude, '**/*.sqlite.test.ts'],
                env: { TEST_DIALECT: 'postgres' },
                globalSetup: ['test/helpers/pg-global-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
