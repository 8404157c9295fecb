// DuckDB's half of bench/pages_bench.py: writes the large benchmark file and
// times DuckDB reading every column of it.
//
//   node peers/duckdb_bench.mjs generate --mb N --out FILE
//       Writes FILE, about N MiB of ZSTD Parquet (format V1, DuckDB's
//       default row groups of 122,880 rows) of order-like rows: integers,
//       bigints, doubles, decimals, dates, timestamps, low- and
//       high-cardinality strings, a boolean and a list of strings, with
//       nulls. It first writes a 200,000-row sample to learn the bytes per
//       row, then writes the number of rows that reaches N MiB. Prints one
//       JSON line: {"file", "rows", "bytes", "seconds"}.
//
//   node peers/duckdb_bench.mjs read FILE [--repeat R]
//       With SET threads = 1, runs R times (default 3) one query with
//       count(c), min(c) and max(c) for every column c of FILE, so every
//       value of every column is decoded: DuckDB does not answer min or max
//       from Parquet statistics, and its profiler confirms that the scan
//       produced every row. Prints one JSON line: {"rows", "columns",
//       "seconds": [...] wall time of each run's query only, without
//       starting node and DuckDB, "cpu_seconds": [...] user + system CPU
//       time of the process during each query, "scanned_rows"}.
//
// Data comes from hash() of the row number, so a file is the same whatever
// the number of threads that writes it.

import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';

const kWords = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf',
                'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november',
                'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform',
                'victor', 'whiskey', 'xray', 'yankee', 'zulu', 'red', 'green',
                'blue', 'fast', 'slow', 'fragile', 'bulk', 'gift', 'return',
                'express', 'standard', 'priority', 'weekend', 'night'];
const kCategories = ['books', 'music', 'garden', 'kitchen', 'toys', 'sports',
                     'office', 'health', 'beauty', 'auto', 'pets', 'baby',
                     'tools', 'shoes', 'games', 'films', 'computers', 'phones',
                     'grocery', 'jewellery'];

function sqlList(values) {
  return `[${values.map((v) => `'${v}'`).join(', ')}]`;
}

function selectRows(rows) {
  const words = sqlList(kWords);
  const word = (salt) => `${words}[(hash(i + ${salt}) % ${kWords.length})::INTEGER + 1]`;
  return `SELECT
      i AS order_id,
      (hash(i) % 2000000)::INTEGER AS customer_id,
      (hash(i + 1) % 500)::SMALLINT AS store_id,
      (1 + hash(i + 2) % 20)::INTEGER AS quantity,
      ((hash(i + 3) % 10000000) / 100)::DECIMAL(18, 2) AS amount,
      CASE WHEN hash(i + 4) % 7 = 0 THEN NULL
           ELSE ((hash(i + 4) % 5000) / 100)::DECIMAL(5, 2) END AS discount,
      (hash(i + 5) % 1000000) / 997.0 AS unit_price,
      ((hash(i + 6) % 2000000) / 1000.0 - 1000)::DOUBLE AS score,
      ${sqlList(kCategories)}[(hash(i + 7) % ${kCategories.length})::INTEGER + 1]
          AS category,
      CASE WHEN hash(i + 8) % 20 = 0 THEN NULL
           ELSE ${word(9)} || ' ' || ${word(10)} || ' ' || ${word(11)} || ' #'
                || (hash(i + 12) % 100000)::VARCHAR END AS comment,
      md5(i::VARCHAR)[1:16] AS tracking_code,
      DATE '2020-01-01' + (i // 20000)::INTEGER AS order_date,
      TIMESTAMP '2020-01-01' + to_milliseconds((i * 4321 + hash(i + 13) % 4000)::BIGINT)
          AS created_at,
      hash(i + 14) % 10 = 0 AS is_gift,
      list_transform(range((hash(i + 15) % 4)::BIGINT), x -> ${word('x + 16')})
          AS tags
    FROM range(${rows}) r(i)`;
}

function arg(args, name, fallback) {
  const k = args.indexOf(name);
  return k >= 0 && k + 1 < args.length ? args[k + 1] : fallback;
}

function quote(path) {
  return `'${path.replaceAll("'", "''")}'`;
}

async function generate(args) {
  const mb = Number(arg(args, '--mb', '256'));
  const out = arg(args, '--out', null);
  if (!out || !(mb > 0)) {
    throw new Error('usage: duckdb_bench.mjs generate --mb N --out FILE');
  }
  const start = performance.now();
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  const options = '(FORMAT parquet, COMPRESSION ZSTD)';
  const scratch = mkdtempSync(join(tmpdir(), 'colcheck-bench-'));
  const sample_rows = 200000;
  const sample = join(scratch, 'sample.parquet');
  await con.run(`COPY (${selectRows(sample_rows)}) TO ${quote(sample)} ${options}`);
  const bytes_per_row = statSync(sample).size / sample_rows;
  rmSync(scratch, { recursive: true, force: true });
  const rows = Math.max(1, Math.round((mb * 1024 * 1024) / bytes_per_row));
  // Written under another name first, so an interrupted run leaves no
  // half-written file that a later run would take for the cached one.
  const partial = join(dirname(out), `.partial-${process.pid}.parquet`);
  await con.run(`COPY (${selectRows(rows)}) TO ${quote(partial)} ${options}`);
  renameSync(partial, out);
  console.log(JSON.stringify({
    file: out, rows, bytes: statSync(out).size,
    seconds: (performance.now() - start) / 1000,
  }));
}

// The scan operator's output row count from DuckDB's JSON profile, or null
// when the profile does not have the shape this expects.
function scannedRows(profile) {
  let found = null;
  const walk = (node) => {
    const name = `${node.operator_name ?? ''} ${node.operator_type ?? ''}`;
    if (/PARQUET|TABLE_SCAN|READ_PARQUET/.test(name) &&
        typeof node.operator_cardinality === 'number') {
      found = (found ?? 0) + node.operator_cardinality;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile);
  return found;
}

async function read(args) {
  const file = args.find((a) => !a.startsWith('--'));
  const repeat = Number(arg(args, '--repeat', '3'));
  if (!file) throw new Error('usage: duckdb_bench.mjs read FILE [--repeat R]');
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  await con.run('SET threads = 1');
  const columns = (await con.runAndReadAll(
      `SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet(${quote(file)}))`))
      .getRows().map((r) => r[0]);
  const aggs = columns.flatMap((c) => {
    const q = `"${c.replaceAll('"', '""')}"`;
    return [`count(${q})`, `min(${q})`, `max(${q})`];
  });
  const sql = `SELECT count(*), ${aggs.join(', ')} FROM read_parquet(${quote(file)})`;
  const seconds = [];
  const cpu_seconds = [];
  let rows = null;
  for (let k = 0; k < repeat; k++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const result = await con.runAndReadAll(sql);
    const c1 = process.cpuUsage(c0);
    seconds.push((performance.now() - t0) / 1000);
    cpu_seconds.push((c1.user + c1.system) / 1e6);
    rows = Number(result.getRows()[0][0]);
  }
  // One more run under the profiler, to check that the scan produced every
  // row rather than answering from metadata.
  const scratch = mkdtempSync(join(tmpdir(), 'colcheck-bench-'));
  const profile_path = join(scratch, 'profile.json');
  let scanned = null;
  try {
    await con.run("SET enable_profiling = 'json'");
    await con.run(`SET profiling_output = ${quote(profile_path)}`);
    await con.runAndReadAll(sql);
    await con.run('SET enable_profiling = \'no_output\'');
    scanned = scannedRows(JSON.parse(readFileSync(profile_path, 'utf8')));
  } catch {
    scanned = null;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(JSON.stringify({ rows, columns: columns.length, seconds,
                               cpu_seconds, scanned_rows: scanned }));
}

const [command, ...rest] = process.argv.slice(2);
const commands = { generate, read };
if (!commands[command]) {
  console.error('usage: duckdb_bench.mjs generate --mb N --out FILE | read FILE [--repeat R]');
  process.exit(2);
}
commands[command](rest).catch((e) => {
  console.error(`duckdb_bench: ${e.message}`);
  process.exit(1);
});
