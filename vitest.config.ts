import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'cms/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts', 'site/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['tests/int/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/int/global-setup.ts'],
          hookTimeout: 240_000,
          testTimeout: 60_000,
          // One server and database for the suite; files run one after another against it.
          fileParallelism: false,
        },
      },
    ],
  },
})
