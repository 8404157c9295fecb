// Conformance adapter: hyparquet with hyparquet-compressors, utf8: false so that an
// unannotated BYTE_ARRAY stays binary (peers/read_values.mjs).
// Usage: node peers/conformance/hyparquet.mjs FILE (conformance/README.md): canonical
// JSON rows on stdout (canonical.mjs), exit 1 when the reader rejects the
// file, 3 when it fails itself.

import { runAdapter } from './canonical.mjs';

await runAdapter('hyparquet', async () => {
  const { kReaders } = await import('../read_values.mjs');
  const read = await kReaders['hyparquet']();
  return (file) => read(file);
});
