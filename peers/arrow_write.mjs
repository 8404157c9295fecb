// Writes a matrix of Parquet files with Polars (nodejs-polars) or arrow-rs
// (parquet-wasm), so colcheck's tests can check that files from these
// writers validate cleanly and read back right in every reader.
//
// Usage: node peers/arrow_write.mjs --writer polars|arrow-rs OUTDIR
//
// Both writers get the table of peers/arrow_table.mjs (every common
// logical type, nested struct/list/map/list-of-struct/list-of-list/
// fixed-size list columns, nulls at every level, 1200 rows) as the same
// Arrow IPC stream. OUTDIR is created if needed and its *.parquet files
// are replaced. Besides them it writes:
//   OUTDIR/manifest.json   {writer, version, files: [{file, first, rows,
//                          what}]}: a file holds `rows` rows from `first`
//   OUTDIR/expected.jsonl  the rows the writer held, in read_values.mjs's
//                          typed form, one JSON object a line
//
// What the files cover:
//   arrow-rs: every codec it writes (UNCOMPRESSED, SNAPPY, GZIP, BROTLI,
//     LZ4 (Hadoop framing), ZSTD, LZ4_RAW), each with writer version V1
//     (DATA_PAGE) and V2 (DATA_PAGE_V2), dictionaries on (its default) and
//     page-level statistics, so column and offset indexes; dictionaries off
//     V1 and V2; chunk-only statistics and no statistics; the DELTA_* and
//     BYTE_STREAM_SPLIT encodings; small pages (many pages per chunk);
//     key/value metadata; an empty file and a one-row file.
//   Polars: every codec it writes (uncompressed, snappy, gzip, brotli,
//     lz4 (LZ4_RAW), zstd), statistics on; compression levels; small pages;
//     statistics off; an empty file and a one-row file. Polars has no
//     option for the data page version or dictionaries: it writes
//     DATA_PAGE (V1) and picks dictionaries itself.
// Row groups hold 500 rows: 500, 500 and 200.

import * as arrow from 'apache-arrow';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTable, kRows, typedRows } from './arrow_table.mjs';

const kRowGroupSize = 500;
const kModules = join(dirname(fileURLToPath(import.meta.url)), 'node_modules');

// parquet-wasm's exports hide its package.json from require.resolve.
function packageVersion(name) {
  return JSON.parse(readFileSync(join(kModules, name, 'package.json'), 'utf8')).version;
}

// ---- arrow-rs (parquet-wasm) ------------------------------------------------

async function arrowRsWriter() {
  const pw = await import('parquet-wasm');
  const props = (edit) => {
    let b = new pw.WriterPropertiesBuilder()
        .setMaxRowGroupSize(kRowGroupSize)
        .setStatisticsEnabled(pw.EnabledStatistics.Page);
    b = edit ? edit(b) : b;
    return b.build();
  };
  const write = (ipc, edit) =>
    pw.writeParquet(pw.Table.fromIPCStream(ipc), props(edit));
  const v = { V1: pw.WriterVersion.V1, V2: pw.WriterVersion.V2 };
  const recipes = [];
  const codecs = ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'BROTLI', 'LZ4', 'ZSTD', 'LZ4_RAW'];
  for (const version of ['V1', 'V2']) {
    const lower = version.toLowerCase();
    for (const codec of codecs) {
      recipes.push([`mixed_${lower}_${codec.toLowerCase()}`,
                    `all columns, ${codec}, writer version ${version}, dictionaries, ` +
                        'page statistics and page indexes',
                    (b) => b.setWriterVersion(v[version])
                        .setCompression(pw.Compression[codec])]);
    }
    recipes.push([`dict_off_${lower}`, `no dictionaries, SNAPPY, writer version ${version}`,
                  (b) => b.setWriterVersion(v[version]).setDictionaryEnabled(false)
                      .setCompression(pw.Compression.SNAPPY)]);
    recipes.push([`encodings_${lower}`,
                  'DELTA_BINARY_PACKED (i32, i64, u64, dt, ts_us_utc), ' +
                      'DELTA_BYTE_ARRAY (s_plain), DELTA_LENGTH_BYTE_ARRAY (bl), ' +
                      `BYTE_STREAM_SPLIT (f32, f64), no dictionaries, ZSTD, ${version}`,
                  (b) => {
                    let c = b.setWriterVersion(v[version]).setDictionaryEnabled(false)
                        .setCompression(pw.Compression.ZSTD);
                    const E = pw.Encoding;
                    for (const col of ['i32', 'i64', 'u64', 'dt', 'ts_us_utc']) {
                      c = c.setColumnEncoding(col, E.DELTA_BINARY_PACKED);
                    }
                    return c.setColumnEncoding('s_plain', E.DELTA_BYTE_ARRAY)
                        .setColumnEncoding('bl', E.DELTA_LENGTH_BYTE_ARRAY)
                        .setColumnEncoding('f32', E.BYTE_STREAM_SPLIT)
                        .setColumnEncoding('f64', E.BYTE_STREAM_SPLIT);
                  }]);
    recipes.push([`small_pages_${lower}`,
                  `1 KiB data pages, 100-row write batches, ZSTD, ${version}: ` +
                      'many pages per chunk, page indexes over them',
                  (b) => b.setWriterVersion(v[version]).setDataPageSizeLimit(1024)
                      .setWriteBatchSize(100).setCompression(pw.Compression.ZSTD)]);
  }
  recipes.push(['stats_chunk', 'chunk statistics only: no column index, SNAPPY',
                (b) => b.setStatisticsEnabled(pw.EnabledStatistics.Chunk)
                    .setCompression(pw.Compression.SNAPPY)]);
  recipes.push(['stats_none', 'no statistics, SNAPPY',
                (b) => b.setStatisticsEnabled(pw.EnabledStatistics.None)
                    .setCompression(pw.Compression.SNAPPY)]);
  recipes.push(['kv_metadata', 'key/value metadata, ZSTD',
                (b) => b.setKeyValueMetadata(new Map([['origin', 'colcheck peers'],
                                                     ['key with space', 'value']]))
                    .setCompression(pw.Compression.ZSTD)]);
  return {
    // Its files say created_by 'parquet-rs version 59.3.0'.
    version: `parquet-wasm ${packageVersion('parquet-wasm')}`,
    recipes,
    write: (ipc, edit, path) => writeFileSync(path, write(ipc, edit)),
    defaultEdit: (b) => b.setCompression(pw.Compression.ZSTD),
    held: (table) => table,
  };
}

// ---- Polars (nodejs-polars) -------------------------------------------------

async function polarsWriter() {
  const { default: pl } = await import('nodejs-polars');
  const recipes = [];
  for (const codec of ['uncompressed', 'snappy', 'gzip', 'brotli', 'lz4', 'zstd']) {
    recipes.push([`mixed_${codec}`, `all columns, ${codec}, statistics`,
                  { compression: codec }]);
  }
  recipes.push(['zstd_level_22', 'ZSTD level 22', { compression: 'zstd', compressionLevel: 22 }]);
  recipes.push(['gzip_level_9', 'GZIP level 9', { compression: 'gzip', compressionLevel: 9 }]);
  recipes.push(['brotli_level_11', 'BROTLI level 11',
                { compression: 'brotli', compressionLevel: 11 }]);
  recipes.push(['small_pages', '1 KiB data pages, zstd: many pages per chunk',
                { compression: 'zstd', dataPagesizeLimit: 1024 }]);
  recipes.push(['stats_off', 'no statistics, snappy',
                { compression: 'snappy', statistics: false }]);
  return {
    version: `nodejs-polars ${packageVersion('nodejs-polars')}`,
    recipes,
    write: (ipc, options, path) => {
      const df = pl.readIPCStream(Buffer.from(ipc));
      df.lazy().sinkParquet(path, {
        statistics: 'full', rowGroupSize: kRowGroupSize, ...options,
      }).collectSync();
    },
    defaultEdit: { compression: 'zstd' },
    // What Polars holds after the import: it has no map type and makes
    // MAP a list of key/value structs, and 0.25.2 drops the map's nulls on
    // the way (a null map becomes an empty list), so the files are checked
    // against the DataFrame it wrote, not against the Arrow table.
    held: (table) => arrow.tableFromIPC(
        pl.readIPCStream(Buffer.from(arrow.tableToIPC(table, 'stream'))).writeIPCStream()),
  };
}

const kWriters = { 'arrow-rs': arrowRsWriter, polars: polarsWriter };

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--writer');
  const name = at >= 0 ? args[at + 1] : undefined;
  const out_arg = args.filter((a, k) => !a.startsWith('--') && k !== at + 1)[0];
  if (!kWriters[name] || !out_arg) {
    console.error('usage: node arrow_write.mjs --writer polars|arrow-rs OUTDIR');
    process.exit(2);
  }
  const writer = await kWriters[name]();
  const out_dir = resolve(out_arg);
  mkdirSync(out_dir, { recursive: true });
  for (const f of readdirSync(out_dir)) {
    if (f.endsWith('.parquet') || f === 'manifest.json' || f === 'expected.jsonl') {
      rmSync(join(out_dir, f));
    }
  }

  const table = buildTable(kRows);
  const ipc = arrow.tableToIPC(table, 'stream');
  const manifest = [];
  // A file holds rows [first, first + rows) of expected.jsonl.
  const emit = (file, first, rows, what, ipcData, edit) => {
    writer.write(ipcData, edit, join(out_dir, file));
    manifest.push({ file, first, rows, what });
  };
  for (const [stem, what, edit] of writer.recipes) {
    emit(`${stem}.parquet`, 0, kRows, what, ipc, edit);
  }
  emit('empty.parquet', 0, 0, 'all columns, no rows',
       arrow.tableToIPC(table.slice(0, 0), 'stream'), writer.defaultEdit);
  emit('single_row.parquet', 5, 1, 'all columns, one row',
       arrow.tableToIPC(table.slice(5, 6), 'stream'), writer.defaultEdit);

  const rows = typedRows(writer.held(table));
  writeFileSync(join(out_dir, 'expected.jsonl'),
                rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(out_dir, 'manifest.json'),
                JSON.stringify({ writer: name, version: writer.version, files: manifest },
                               null, 1) + '\n');
  console.log(`arrow_write: ${writer.version} (${name}) wrote ${manifest.length} files ` +
              `to ${out_dir}`);
}

main().catch((e) => {
  console.error(`arrow_write: ${e?.stack ?? e}`);
  process.exit(1);
});
