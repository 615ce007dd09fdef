import * as migration_20261122_000501_initial from './20261122_000501_initial';

export const migrations = [
  {
    up: migration_20261122_000501_initial.up,
    down: migration_20261122_000501_initial.down,
    name: '20261122_000501_initial'
  },
];
