// Conformance adapter: DuckDB (@duckdb/node-api), one thread (peers/read_values.mjs).
// Usage: node peers/conformance/duckdb.mjs FILE (conformance/README.md): canonical
// JSON rows on stdout (canonical.mjs), exit 1 when the reader rejects the
// file, 3 when it fails itself.

import { runAdapter } from './canonical.mjs';

await runAdapter('duckdb', async () => {
  const { kReaders } = await import('../read_values.mjs');
  const read = await kReaders['duckdb']();
  return (file) => read(file);
});
