// Polars's half of bench/pages_bench.py: rewrites the benchmark file with
// Polars's writer and times Polars reading every column of a file.
//
//   node peers/polars_bench.mjs rewrite IN --out OUT
//       Reads IN (the DuckDB-written file) and writes its rows to OUT with
//       Polars (ZSTD, Polars's default row groups), so colcheck is also
//       measured on a file of another writer. Prints one JSON line:
//       {"file", "rows", "bytes", "seconds"}.
//
//   POLARS_MAX_THREADS=1 node peers/polars_bench.mjs read FILE [--repeat R]
//       Runs R times (default 3) readParquet of FILE, which decodes every
//       value of every column into a DataFrame. Prints one JSON line:
//       {"rows", "columns", "threads" (POLARS_MAX_THREADS), "seconds": [...]
//       wall time of each read inside node, "cpu_seconds": [...] user +
//       system CPU time of the process during each read}. Polars fixes its
//       thread pool when the module loads, hence the environment variable;
//       CPU time about equal to wall time shows that it held.

import { renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';

const { default: pl } = await import('nodejs-polars');

function arg(args, name, fallback) {
  const k = args.indexOf(name);
  return k >= 0 && k + 1 < args.length ? args[k + 1] : fallback;
}

function rewrite(args) {
  const input = args.find((a) => !a.startsWith('--'));
  const out = arg(args, '--out', null);
  if (!input || !out) throw new Error('usage: polars_bench.mjs rewrite IN --out OUT');
  const start = performance.now();
  const df = pl.readParquet(input);
  // Written under another name first, as duckdb_bench.mjs does.
  const partial = join(dirname(out), `.partial-${process.pid}.parquet`);
  df.writeParquet(partial, { compression: 'zstd' });
  renameSync(partial, out);
  console.log(JSON.stringify({
    file: out, rows: df.height, bytes: statSync(out).size,
    seconds: (performance.now() - start) / 1000,
  }));
}

function read(args) {
  const file = args.find((a) => !a.startsWith('--'));
  const repeat = Number(arg(args, '--repeat', '3'));
  if (!file) throw new Error('usage: polars_bench.mjs read FILE [--repeat R]');
  const seconds = [];
  const cpu_seconds = [];
  let rows = null;
  let columns = null;
  for (let k = 0; k < repeat; k++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const df = pl.readParquet(file);
    const c1 = process.cpuUsage(c0);
    seconds.push((performance.now() - t0) / 1000);
    cpu_seconds.push((c1.user + c1.system) / 1e6);
    rows = df.height;
    columns = df.width;
  }
  console.log(JSON.stringify({
    rows, columns, threads: process.env.POLARS_MAX_THREADS ?? null, seconds,
    cpu_seconds,
  }));
}

const [command, ...rest] = process.argv.slice(2);
const commands = { rewrite, read };
if (!commands[command]) {
  console.error('usage: polars_bench.mjs rewrite IN --out OUT | read FILE [--repeat R]');
  process.exit(2);
}
try {
  commands[command](rest);
} catch (e) {
  console.error(`polars_bench: ${e.message}`);
  process.exit(1);
}
