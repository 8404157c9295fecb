// Writes a set of Parquet files with DuckDB, so colcheck's tests can check
// that files from another writer validate cleanly.
//
// Usage: node peers/duckdb_write.mjs OUTDIR [--no-big-page]
//
// OUTDIR is created if needed; existing *.parquet files in it are replaced.
// Besides the Parquet files it writes OUTDIR/manifest.json, a list of
// {file, rows, what} objects, one per file written, so a test can check
// that every file it expected is there.
//
// What the files cover:
//   - every codec DuckDB 1.5 writes (UNCOMPRESSED, SNAPPY, GZIP, ZSTD,
//     BROTLI, LZ4_RAW; it takes LZ4 to mean LZ4_RAW and rejects LZO), each
//     with PARQUET_VERSION V1 and V2 (V2 writes DATA_PAGE_V2 pages and the
//     DELTA_* and BYTE_STREAM_SPLIT encodings), each file with the same
//     wide table: every scalar type DuckDB can write, nested
//     STRUCT/LIST/MAP/ARRAY columns, a null in every column, a column that
//     is always null, 3 row groups;
//   - dictionary encoding forced on and forced off, V1 and V2;
//   - bloom filters (DuckDB's default) stricter and turned off, ZSTD level
//     22, field ids with key/value metadata, VARIANT, a file with no rows,
//     one with a single row, and (unless --no-big-page) one column chunk
//     with two data pages: DuckDB cuts a data page only at 100 MiB of
//     uncompressed data (a fixed constant, no option), so every other chunk
//     here holds at most one dictionary page and one data page.
//
// How DuckDB 1.5 maps types: HUGEINT and UHUGEINT become DOUBLE (lossy),
// TIMESTAMP_S becomes TIMESTAMP_MICROS, TIMETZ an INT64 TIME adjusted to
// UTC, INTERVAL a FIXED_LEN_BYTE_ARRAY(12) with converted type INTERVAL,
// ENUM a dictionary-encoded UTF8 column, BIT and BIGNUM UTF8 strings, UUID
// a FIXED_LEN_BYTE_ARRAY(16) with logical type UUID.
//
// Data is generated from the row number with hash() and md5(), one thread,
// so the files are the same from run to run of the same DuckDB version.

import { DuckDBInstance } from '@duckdb/node-api';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const kRows = 2000;
const kRowGroupSize = 800;  // Rows, so row groups of 800, 800 and 400.
// DuckDB also accepts LZ4, but writes it as LZ4_RAW: the files would be
// byte for byte the same as the LZ4_RAW ones.
const kCodecs = ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'ZSTD', 'BROTLI', 'LZ4_RAW'];
const kVersions = ['V1', 'V2'];

// -1 on odd rows, so signed columns get negative values too.
const kSign = '(CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END)';

// [name, SQL expression over the row number i]. Every column but `id` and
// `all_null` is wrapped below so that some of its rows are null.
const kScalarColumns = [
  ['b', 'i % 3 = 0'],
  ['i8', '(i % 256 - 128)::TINYINT'],
  ['i16', '((i * 37) % 65536 - 32768)::SMALLINT'],
  ['i32', '((hash(i) % 4294967296)::BIGINT - 2147483648)::INTEGER'],
  ['i64', `((hash(i) >> 1)::BIGINT) * ${kSign}`],
  ['u8', '(i % 256)::UTINYINT'],
  ['u16', '((i * 7) % 65536)::USMALLINT'],
  ['u32', '(hash(i) % 4294967296)::UINTEGER'],
  ['u64', 'hash(i)'],
  ['hi', `(hash(i) >> 1)::HUGEINT * hash(i + 1)::HUGEINT * ${kSign}`],
  ['uhi', '(hash(i) >> 1)::UHUGEINT * hash(i + 7)::UHUGEINT'],
  ['f32', `CASE i % 40 WHEN 0 THEN 'nan'::FLOAT WHEN 1 THEN 'inf'::FLOAT
           WHEN 2 THEN '-inf'::FLOAT WHEN 3 THEN '-0.0'::FLOAT
           WHEN 4 THEN 0.0::FLOAT ELSE (i * 0.25 - 700)::FLOAT END`],
  ['f64', `CASE i % 50 WHEN 0 THEN 'nan'::DOUBLE WHEN 1 THEN 'inf'::DOUBLE
           WHEN 2 THEN '-inf'::DOUBLE WHEN 3 THEN '-0.0'::DOUBLE
           WHEN 4 THEN 0.0::DOUBLE ELSE (hash(i) % 1000000) / 7.0 - 70000 END`],
  ['f64_nonan', '(hash(i) % 1000000) / 3.0 - 1000'],
  ['dec4', '((((i * 13) % 19999) - 9999) / 100)::DECIMAL(4,2)'],
  ['dec18', `((hash(i) % 999999999999999999)::DECIMAL(18,0) / 1000000)
             ::DECIMAL(18,6) * ${kSign}`],
  ['dec38', `((hash(i) % 10000000000000000000)::DECIMAL(38,0)
              * (hash(i + 3) % 1000000000000000000)::DECIMAL(38,0)
              / 10000000000)::DECIMAL(38,10) * ${kSign}`],
  ['s_dict', "'category_' || (i % 10)"],
  ['s_plain', "'v' || (hash(i) % 100000000000)"],
  ['s_unicode', `['', 'é', '日本語テキスト', '😀 emoji', 'ß∂ƒ©', 'a' || i,
                  repeat('long', 40)][i % 7 + 1]`],
  ['s_empty', "''"],
  ['bl', `CASE WHEN i % 5 = 0 THEN ''::BLOB
          ELSE unhex(left(md5(i::VARCHAR), 2 * (i % 9))) END`],
  ['dt', "DATE '1970-01-01' + ((i * 37) % 100000 - 50000)::INTEGER"],
  ['tm', "TIME '00:00:00' + to_microseconds((hash(i) % 86400000000)::BIGINT)"],
  ['ttz', "('12:34:56.789+0' || (i % 10) || ':00')::TIMETZ"],
  ['ts', `TIMESTAMP '1900-01-01'
          + to_microseconds((hash(i) % 6000000000000000)::BIGINT)`],
  ['ts_s', `(TIMESTAMP '1960-01-01'
             + to_seconds((hash(i) % 3000000000)::BIGINT))::TIMESTAMP_S`],
  ['ts_ms', `(TIMESTAMP '1990-01-01'
              + to_milliseconds((hash(i) % 3000000000000)::BIGINT))::TIMESTAMP_MS`],
  ['ts_ns', `(TIMESTAMP '2000-01-01'
              + to_microseconds((hash(i) % 3000000000000000)::BIGINT))::TIMESTAMP_NS`],
  ['tstz', `(TIMESTAMP '2020-01-01'
             + to_microseconds((hash(i) % 300000000000000)::BIGINT))::TIMESTAMPTZ`],
  ['uid', 'md5(i::VARCHAR)::UUID'],
  ['iv', `to_months((i % 30)::INTEGER) + to_days((i % 400)::INTEGER)
          + to_microseconds((hash(i) % 86400000000)::BIGINT)`],
  ['js', `('{"k": ' || i || ', "a": [1, 2, null], "s": "x"}')::JSON`],
  // tests/peers/duckdb_files_test.py names this column by its leaf index,
  // 35, in KNOWN_DUCKDB_ERRORS.
  ['en', "(['red', 'green', 'blue'][i % 3 + 1])::colour"],
  ['bits', "((i % 256)::UTINYINT::BIT)"],
  ['big', "(hash(i)::VARCHAR || (i % 1000)::VARCHAR)::BIGNUM"],
];

const kNestedColumns = [
  ['st', `{'a': i::INTEGER, 'b': 'x' || (i % 100), 'c': {'d': i / 3.0}}`],
  ['st_nulls', `CASE WHEN i % 4 = 1 THEN {'a': NULL, 'b': NULL}
                ELSE {'a': i::INTEGER, 'b': left(md5(i::VARCHAR), 8)} END`],
  ['li', `CASE i % 5 WHEN 0 THEN []::INTEGER[] WHEN 1 THEN [NULL]::INTEGER[]
          ELSE list_transform(range(i % 7), x -> (x * i)::INTEGER) END`],
  ['li_str', `list_transform(range(i % 4), x -> left(md5((x + i)::VARCHAR), 6))`],
  ['mp', `CASE WHEN i % 6 = 0 THEN MAP {}::MAP(VARCHAR, INTEGER)
          ELSE MAP {'k' || (i % 10): i::INTEGER, 'z': NULL::INTEGER} END`],
  ['los', `list_transform(range(i % 3),
             x -> {'x': (x + i)::INTEGER, 'y': CASE WHEN x = 1 THEN NULL ELSE 'v' || x END})`],
  ['lol', `list_transform(range(i % 3), x -> list_transform(range(x), y -> (x * y)::BIGINT))`],
  ['sol', `{'tags': ['t' || (i % 5), 't' || (i % 11)], 'n': i % 13}`],
  // CASE cannot yield a fixed-size ARRAY, so the cast comes after it.
  ['arr', `[i::INTEGER, (i + 1)::INTEGER, NULL]`, 'INTEGER[3]'],
];

function nullable(name, expr, k, cast) {
  // A different null pattern per column: column k is null on rows where
  // (i + k) % 11 == 0.
  const value = `CASE WHEN (i + ${k}) % 11 = 0 THEN NULL ELSE ${expr} END`;
  return cast ? `(${value})::${cast} AS ${name}` : `${value} AS ${name}`;
}

function tableSql(rows) {
  const cols = ['i AS id', 'NULL::INTEGER AS all_null'];
  [...kScalarColumns, ...kNestedColumns].forEach(([name, expr, cast], k) => {
    cols.push(nullable(name, expr, k, cast));
  });
  return `CREATE OR REPLACE TABLE t AS SELECT ${cols.join(',\n  ')}
          FROM range(${rows}) r(i) ORDER BY i`;
}

function quote(path) {
  return `'${path.replaceAll("'", "''")}'`;
}

async function main() {
  const args = process.argv.slice(2);
  const out_arg = args.find((a) => !a.startsWith('--'));
  if (!out_arg) {
    console.error('usage: node duckdb_write.mjs OUTDIR [--no-big-page]');
    process.exit(2);
  }
  const big_page = !args.includes('--no-big-page');
  const out_dir = resolve(out_arg);
  mkdirSync(out_dir, { recursive: true });
  for (const f of readdirSync(out_dir)) {
    if (f.endsWith('.parquet') || f === 'manifest.json') {
      rmSync(join(out_dir, f));
    }
  }

  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  const run = (sql) => con.run(sql);
  await run('SET threads = 1');
  await run("CREATE TYPE colour AS ENUM ('red', 'green', 'blue')");
  await run(tableSql(kRows));

  const manifest = [];
  const copy = async (file, select, options, what, rows) => {
    const path = join(out_dir, file);
    await run(`COPY (${select}) TO ${quote(path)} (FORMAT parquet, ${options})`);
    manifest.push({ file, rows, what });
  };
  // DuckDB closes a row group only between the chunks its query produces,
  // and a table scan yields 2048-row chunks, so ROW_GROUP_SIZE alone cannot
  // make small row groups. A UNION ALL of one slice per row group can.
  const slices = [];
  for (let start = 0; start < kRows; start += kRowGroupSize) {
    slices.push(`(SELECT * FROM t WHERE id >= ${start} AND ` +
                `id < ${start + kRowGroupSize} ORDER BY id)`);
  }
  const all = slices.join(' UNION ALL ');

  for (const version of kVersions) {
    for (const codec of kCodecs) {
      await copy(`mixed_${version.toLowerCase()}_${codec.toLowerCase()}.parquet`,
                 all,
                 `COMPRESSION ${codec}, PARQUET_VERSION ${version}, ` +
                     `ROW_GROUP_SIZE ${kRowGroupSize}`,
                 `all columns, ${codec}, format ${version}`, kRows);
    }
    const v = version.toLowerCase();
    // DuckDB picks a dictionary per chunk when the distinct values fit in
    // DICTIONARY_SIZE_LIMIT (default: a tenth of the row group) and the
    // dictionary compresses well enough. A ratio threshold of 0 and a large
    // limit give every column a dictionary; a limit of 0 gives none (ENUM
    // columns keep theirs: the enum itself is the dictionary).
    await copy(`dict_forced_${v}.parquet`, all,
               `COMPRESSION SNAPPY, PARQUET_VERSION ${version}, ` +
                   `ROW_GROUP_SIZE ${kRowGroupSize}, ` +
                   'DICTIONARY_COMPRESSION_RATIO_THRESHOLD 0, ' +
                   'DICTIONARY_SIZE_LIMIT 4096',
               `dictionary wherever DuckDB allows it, format ${version}`, kRows);
    await copy(`dict_disabled_${v}.parquet`, all,
               `COMPRESSION SNAPPY, PARQUET_VERSION ${version}, ` +
                   `ROW_GROUP_SIZE ${kRowGroupSize}, DICTIONARY_SIZE_LIMIT 0`,
               `no dictionaries, format ${version}`, kRows);
    await copy(`variant_${v}.parquet`,
               `SELECT id, CASE id % 4 WHEN 0 THEN NULL WHEN 1 THEN i32::VARIANT
                       WHEN 2 THEN s_unicode::VARIANT ELSE st::VARIANT END AS var
                FROM t ORDER BY id`,
               `COMPRESSION ZSTD, PARQUET_VERSION ${version}`,
               `VARIANT column, format ${version}`, kRows);
  }
  await copy('field_ids_kv.parquet', 'SELECT id, s_dict, st, li FROM t ORDER BY id',
             "COMPRESSION ZSTD, FIELD_IDS 'auto', " +
                 "KV_METADATA {origin: 'colcheck peers', 'key with space': 'value'}",
             'field ids on every schema element, key/value metadata', kRows);
  // DuckDB writes a bloom filter for every dictionary column by default
  // (false positive ratio 0.01), so the files above have them already.
  await copy('bloom_strict.parquet', all,
             `COMPRESSION ZSTD, ROW_GROUP_SIZE ${kRowGroupSize}, ` +
                 'BLOOM_FILTER_FALSE_POSITIVE_RATIO 0.0001',
             'larger bloom filters (false positive ratio 1e-4)', kRows);
  await copy('no_bloom.parquet', all,
             `COMPRESSION ZSTD, ROW_GROUP_SIZE ${kRowGroupSize}, ` +
                 'WRITE_BLOOM_FILTER false',
             'no bloom filters', kRows);
  await copy('zstd_level_22.parquet', all,
             `COMPRESSION ZSTD, COMPRESSION_LEVEL 22, PARQUET_VERSION V2, ` +
                 `ROW_GROUP_SIZE ${kRowGroupSize}`,
             'ZSTD level 22, format V2', kRows);
  await copy('empty.parquet', 'SELECT * FROM t WHERE id < 0', 'COMPRESSION ZSTD',
             'all columns, no rows', 0);
  await copy('single_row.parquet', 'SELECT * FROM t WHERE id = 5',
             'COMPRESSION SNAPPY, PARQUET_VERSION V2', 'all columns, one row', 1);

  if (big_page) {
    // 110,000 distinct 1 KiB strings: too many for a dictionary, and
    // 110 MB of PLAIN values, so DuckDB cuts the chunk into two data pages.
    // ZSTD squeezes the repeated padding to a few MB on disk.
    const big_rows = 110000;
    await copy('big_page_v1.parquet',
               `SELECT i AS id, lpad(i::VARCHAR, 24, '0') || repeat('p', 1000) AS s
                FROM range(${big_rows}) r(i) ORDER BY i`,
               `COMPRESSION ZSTD, ROW_GROUP_SIZE ${big_rows}`,
               'one column chunk of 110 MB of PLAIN strings: two data pages',
               big_rows);
  }

  writeFileSync(join(out_dir, 'manifest.json'),
                JSON.stringify({ writer: 'duckdb', files: manifest }, null, 1) + '\n');
  const version = (await con.runAndReadAll('SELECT version()')).getRows()[0][0];
  console.log(`duckdb_write: DuckDB ${version} wrote ${manifest.length} files to ${out_dir}`);
}

main().catch((e) => {
  console.error(`duckdb_write: ${e.message}`);
  process.exit(1);
});
