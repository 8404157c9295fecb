// Reads Parquet files with an independent reader and prints every row as
// typed JSON, so the generators' property tests can check that a file
// colcheck calls valid is read back to the values it was written with.
//
// Usage: node peers/read_values.mjs READER FILE...
//        node peers/read_values.mjs READER --stdin
// READER is duckdb, hyparquet, polars (nodejs-polars) or parquet-wasm
// (arrow-rs); the last two hand their table to apache-arrow through Arrow
// IPC, and peers/arrow_table.mjs turns it into typed rows.
//
// With --stdin it reads one request per line until end of input, so a
// test can keep one reader running across many files: a JSON object
// {"file": F, "columns": [NAME...]} (columns optional: the top-level
// columns to read, default all) or a bare path. Prints one JSON object per
// file and line, in order:
//   {"file": F, "rows": [ROW...]}   or   {"file": F, "error": MESSAGE}
// The exit status is 1 when any file could not be read.
// A ROW maps each top-level column to a value in this typed form, which
// keeps what JSON would lose (64-bit integers, -0, NaN, bytes, units):
//   null                      null
//   true / false              BOOLEAN
//   {"n": "<16 hex digits>"}  a JS number: the bits of its float64
//   {"i": "<decimal>"}        a bigint
//   {"s": "..."}              a string
//   {"x": "<hex>"}            bytes
//   {"date": DAYS}
//   {"ts": "<int>", "unit": "s|ms|us|ns"}     a timestamp since the epoch
//   {"time": "<int>", "unit": "us|ns"}        a time of day
//   {"dec": "<unscaled>", "scale": S}
//   {"uuid": "<32 hex digits>"}
//   {"iv": [MONTHS, DAYS, "<micros>"]}         an interval
//   [V...]                    a list
//   {"struct": {NAME: V}}     a struct
//   {"map": [[K, V]...]}      a map
// The Python side (generators/colcheck_gen/parquet/readback.py) knows what each
// reader makes of each Parquet type and compares.
//
// One DuckDB instance reads every file of a run, so a batch of files costs
// one start-up.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { hex, numberBits } from './arrow_table.mjs';

// Values every reader hands back as plain JS values.
function plain(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return { n: numberBits(v) };
  if (typeof v === 'bigint') return { i: v.toString() };
  if (typeof v === 'string') return { s: v };
  if (v instanceof Uint8Array) return { x: hex(v) };
  return undefined;
}

// ---- DuckDB -----------------------------------------------------------------

async function duckdbReader() {
  const duckdb = await import('@duckdb/node-api');
  const instance = await duckdb.DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  // DuckDB caches file contents by path and modification time; a test that
  // rewrites one path within the same second must not read the old file.
  await connection.run('SET enable_external_file_cache = false');

  const typed = (v) => {
    const p = plain(v);
    if (p !== undefined) return p;
    if (v instanceof duckdb.DuckDBBlobValue) return { x: hex(v.bytes) };
    // GEOMETRY (DuckDB 1.5 reads Parquet GEOMETRY/GEOGRAPHY as it): its WKB.
    if (v instanceof duckdb.DuckDBGeometryValue) return { x: hex(v.bytes) };
    if (v instanceof duckdb.DuckDBDecimalValue) {
      return { dec: v.value.toString(), scale: v.scale };
    }
    if (v instanceof duckdb.DuckDBDateValue) return { date: v.days };
    if (v instanceof duckdb.DuckDBTimestampSecondsValue) {
      return { ts: v.seconds.toString(), unit: 's' };
    }
    if (v instanceof duckdb.DuckDBTimestampMillisecondsValue) {
      return { ts: v.millis.toString(), unit: 'ms' };
    }
    if (v instanceof duckdb.DuckDBTimestampNanosecondsValue) {
      return { ts: v.nanos.toString(), unit: 'ns' };
    }
    if (v instanceof duckdb.DuckDBTimestampValue ||
        v instanceof duckdb.DuckDBTimestampTZValue) {
      return { ts: v.micros.toString(), unit: 'us' };
    }
    if (v instanceof duckdb.DuckDBTimeNSValue) {
      return { time: v.nanos.toString(), unit: 'ns' };
    }
    if (v instanceof duckdb.DuckDBTimeValue) {
      return { time: v.micros.toString(), unit: 'us' };
    }
    if (v instanceof duckdb.DuckDBTimeTZValue) {
      return { time: v.micros.toString(), unit: 'us' };
    }
    if (v instanceof duckdb.DuckDBUUIDValue) {
      return { uuid: v.toString().replaceAll('-', '') };
    }
    if (v instanceof duckdb.DuckDBIntervalValue) {
      return { iv: [v.months, v.days, v.micros.toString()] };
    }
    if (v instanceof duckdb.DuckDBListValue || v instanceof duckdb.DuckDBArrayValue) {
      return v.items.map(typed);
    }
    if (v instanceof duckdb.DuckDBStructValue) {
      const fields = {};
      for (const [name, value] of Object.entries(v.entries)) fields[name] = typed(value);
      return { struct: fields };
    }
    if (v instanceof duckdb.DuckDBMapValue) {
      return { map: v.entries.map((e) => [typed(e.key), typed(e.value)]) };
    }
    throw new Error(`duckdb: no typed form for ${v?.constructor?.name}: ${String(v)}`);
  };

  const quote = (name) => `"${name.replaceAll('"', '""')}"`;
  return async (file, columns) => {
    const quoted = file.replaceAll("'", "''");
    const list = columns ? columns.map(quote).join(', ') : '*';
    const reader = await connection.runAndReadAll(
      `SELECT ${list} FROM read_parquet('${quoted}')`);
    return reader.getRowObjects().map((row) => {
      const out = {};
      for (const [name, value] of Object.entries(row)) out[name] = typed(value);
      return out;
    });
  };
}

// ---- hyparquet --------------------------------------------------------------

async function hyparquetReader() {
  const { parquetReadObjects } = await import('hyparquet');
  const { compressors } = await import('hyparquet-compressors');
  // Parsers that keep every unit exact instead of making Date objects.
  const parsers = {
    timestampFromMilliseconds: (v) => ({ ts: BigInt(v).toString(), unit: 'ms' }),
    timestampFromMicroseconds: (v) => ({ ts: BigInt(v).toString(), unit: 'us' }),
    timestampFromNanoseconds: (v) => ({ ts: BigInt(v).toString(), unit: 'ns' }),
    dateFromDays: (v) => ({ date: Number(v) }),
    stringFromBytes: (b) => (b ? new TextDecoder().decode(b) : b),
    jsonFromBytes: (b) => (b ? new TextDecoder().decode(b) : b),
    uuidFromBytes: (b) => (b ? { uuid: hex(b) } : b),
    geometryFromBytes: (b) => b,
    geographyFromBytes: (b) => b,
  };

  const typed = (v) => {
    const p = plain(v);
    if (p !== undefined) return p;
    if (Array.isArray(v)) return v.map(typed);
    if (v && typeof v === 'object' && ('ts' in v || 'date' in v || 'uuid' in v)) return v;
    if (v instanceof Map) {
      return { map: [...v.entries()].map(([k, value]) => [typed(k), typed(value)]) };
    }
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const fields = {};
      for (const [name, value] of Object.entries(v)) fields[name] = typed(value);
      return { struct: fields };
    }
    throw new Error(`hyparquet: no typed form for ${v?.constructor?.name}: ${String(v)}`);
  };

  return async (file, columns) => {
    const bytes = readFileSync(file);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const rows = await parquetReadObjects({
      file: buffer, compressors, parsers, utf8: false, columns,
    });
    return rows.map((row) => {
      const out = {};
      for (const [name, value] of Object.entries(row)) out[name] = typed(value);
      return out;
    });
  };
}

// ---- Polars and parquet-wasm, through Arrow IPC -----------------------------

// Keeps only `columns` of typed rows, in their order.
function project(rows, columns) {
  if (!columns) return rows;
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])));
}

async function polarsReader() {
  const { default: pl } = await import('nodejs-polars');
  const arrow = await import('apache-arrow');
  const { typedRows } = await import('./arrow_table.mjs');
  return async (file, columns) => {
    const df = pl.readParquet(file, columns ? { columns } : {});
    return typedRows(arrow.tableFromIPC(df.writeIPCStream()));
  };
}

async function parquetWasmReader() {
  const pw = await import('parquet-wasm');
  const arrow = await import('apache-arrow');
  const { typedRows } = await import('./arrow_table.mjs');
  return async (file, columns) => {
    const table = pw.readParquet(readFileSync(file), columns ? { columns } : undefined);
    return project(typedRows(arrow.tableFromIPC(table.intoIPCStream())), columns);
  };
}

// ---- main -------------------------------------------------------------------

export const kReaders = {
  duckdb: duckdbReader,
  hyparquet: hyparquetReader,
  polars: polarsReader,
  'parquet-wasm': parquetWasmReader,
};

async function readOne(read, file, columns) {
  let line;
  try {
    line = { file, rows: await read(file, columns) };
  } catch (e) {
    line = { file, error: String(e?.message ?? e) };
    // A reader that rejects a file says so in its exit status too, for
    // fuzz/campaign --reader-cmd.
    process.exitCode = 1;
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

async function main() {
  const [name, ...files] = process.argv.slice(2);
  if (!kReaders[name] || files.length === 0) {
    process.stderr.write(
      `usage: node peers/read_values.mjs ${Object.keys(kReaders).join('|')} ` +
      'FILE...|--stdin\n');
    process.exit(2);
  }
  const read = await kReaders[name]();
  if (files.length === 1 && files[0] === '--stdin') {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const request = line.startsWith('{') ? JSON.parse(line) : { file: line };
      await readOne(read, request.file, request.columns);
    }
    return;
  }
  for (const file of files) await readOne(read, file);
}

// Other scripts import kReaders; run only as a program.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
