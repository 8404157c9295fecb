// Conformance adapter: arrow-rs as parquet-wasm builds it, its table through Arrow IPC
// to peers/arrow_table.mjs.
// Usage: node peers/conformance/arrow-rs.mjs FILE (conformance/README.md): canonical
// JSON rows on stdout (canonical.mjs), exit 1 when the reader rejects the
// file, 3 when it fails itself.

import { runAdapter } from './canonical.mjs';

await runAdapter('arrow-rs', async () => {
  const { kReaders } = await import('../read_values.mjs');
  const read = await kReaders['parquet-wasm']();
  return (file) => read(file);
});
