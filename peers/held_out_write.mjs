// Writes held-out Parquet files: files that no colcheck test has seen
// before, with tables and writer options drawn from a seed, by one of five
// writers. tests/held_out/held_out.py validates them, reads them with every
// peer reader and corrupts them, to measure colcheck's verdicts on files it
// was not tuned on.
//
// Usage: node peers/held_out_write.mjs --writer W --seed S --files N OUTDIR
//   W: duckdb | polars | arrow-rs | hyparquet-writer | parquetjs
//
// Writes OUTDIR/<W>_<k>.parquet for k < N and OUTDIR/manifest.json,
// {writer, version, seed, files: [{file, rows, options}]}, where `options`
// says what was drawn (columns, codec, page version, ...), so a failure can
// be reproduced from the seed and understood from the manifest alone.
//
// What is drawn, per file: the number of rows (0 to 5000, skewed small),
// which columns (a random subset of each writer's menu, nested ones
// included where the writer writes them), how often each is null, and the
// writer's options: codec, data page version, dictionaries, page and row
// group sizes, statistics, page indexes and bloom filters, each where the
// writer has the option (parquet-wasm 0.8.0 has none for bloom filters). A
// draw the writer rejects (an encoding a type has not) is drawn again, up to
// 5 times, and said in the manifest.

import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTableOf, columnNames } from './arrow_table.mjs';

const kModules = join(dirname(fileURLToPath(import.meta.url)), 'node_modules');

function packageVersion(name) {
  return JSON.parse(readFileSync(join(kModules, name, 'package.json'), 'utf8')).version;
}

// mulberry32: small, seedable and the same in every Node version.
function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),  // [lo, hi]
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    subset: (items, p) => items.filter(() => next() < p),
    // Mostly small tables, some large enough for several pages and groups.
    rows: () => rng.pick([0, 1, rng.int(2, 50), rng.int(50, 800), rng.int(800, 5000)]),
    nullRate: () => rng.pick([0, 0, 0.05, 0.3, 0.9, 1]),
  };
  return rng;
}

// ---- DuckDB ----------------------------------------------------------------

// [name, SQL over row i and salt s]; every expression is deterministic.
const kDuckColumns = [
  ['b', 'hash(i, s) % 2 = 0'],
  ['i8', '((hash(i, s) % 256)::INTEGER - 128)::TINYINT'],
  ['i32', '((hash(i, s) % 4294967296)::BIGINT - 2147483648)::INTEGER'],
  ['i64', '(hash(i, s) % 9223372036854775807)::BIGINT * (CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END)'],
  ['u32', '(hash(i, s) % 4294967296)::UINTEGER'],
  ['f32', "CASE WHEN hash(i, s) % 37 = 0 THEN 'nan'::FLOAT ELSE ((hash(i, s) % 100000) / 7.0 - 7000)::FLOAT END"],
  ['f64', "CASE WHEN hash(i, s) % 41 = 0 THEN 'nan'::DOUBLE ELSE (hash(i, s) % 1000000) / 3.0 - 100000 END"],
  ['dec', '((hash(i, s) % 2000000000)::BIGINT - 1000000000)::DECIMAL(18, 3) / 1000'],
  ['dec38', '(hash(i, s)::HUGEINT * 1000)::DECIMAL(38, 0)'],
  ['s_low', "'cat_' || (hash(i, s) % 7)"],
  ['s_high', "md5((hash(i, s))::VARCHAR)"],
  ['s_long', "repeat(chr(65 + (hash(i, s) % 26)::INTEGER), (hash(i, s) % 300)::INTEGER)"],
  ['bl', "('b' || (hash(i, s) % 1000))::BLOB"],
  ['dt', "DATE '1970-01-01' + ((hash(i, s) % 40000)::INTEGER - 10000)"],
  ['ts', "TIMESTAMP '2000-01-01' + to_microseconds((hash(i, s) % 1000000000000000)::BIGINT)"],
  ['tstz', "TIMESTAMPTZ '2000-01-01 00:00:00+00' + to_seconds((hash(i, s) % 1000000000)::BIGINT)"],
  ['tm', "TIME '00:00:00' + to_microseconds((hash(i, s) % 86400000000)::BIGINT)"],
  ['uuid', 'gen_random_uuid()'],
  ['li', 'list_transform(range((hash(i, s) % 6)::BIGINT), x -> (x * i)::INTEGER)'],
  ['li_s', "list_transform(range((hash(i, s) % 4)::BIGINT), x -> 'e' || x)"],
  ['st', "{'a': (hash(i, s) % 100)::INTEGER, 'b': 'x' || (hash(i, s) % 9)}"],
  ['mp', "MAP {'k' || (hash(i, s) % 5): i::INTEGER}"],
  // DuckDB's CASE does not take ARRAY values: the list is cast after it.
  ['arr', '[i::INTEGER, (i + 1)::INTEGER, (i + 2)::INTEGER]', 'INTEGER[3]'],
];

async function duckdbWriter() {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(':memory:', { threads: '1' });
  const con = await db.connect();
  return {
    version: `@duckdb/node-api ${packageVersion('@duckdb/node-api')}`,
    draw: (rng) => ({
      rows: rng.rows(),
      columns: kDuckColumns.filter(([n]) => n !== 'uuid')
          .filter(() => rng.chance(0.5)).map(([n]) => [n, rng.nullRate(), rng.int(0, 1e6)]),
      codec: rng.pick(['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'ZSTD', 'BROTLI', 'LZ4_RAW']),
      version: rng.pick(['V1', 'V2']),
      row_group_size: rng.pick([100, 1000, 122880]),
      dictionary: rng.pick(['default', 'off']),
    }),
    write: async (o, path) => {
      const sql = Object.fromEntries(kDuckColumns.map(([n, e, cast]) => [n, [e, cast]]));
      const select = ['i::BIGINT AS id', ...o.columns.map(([n, p, s]) => {
        const [expression, cast] = sql[n];
        const e = expression.replaceAll('(i, s)', `(i, ${s})`);
        const value = p === 0 ? e
            : `CASE WHEN hash(i, ${s + 1}) % 1000 < ${Math.round(p * 1000)} THEN NULL ` +
              `ELSE ${e} END`;
        return cast ? `(${value})::${cast} AS ${n}` : `${value} AS ${n}`;
      })];
      const options = [`FORMAT parquet`, `COMPRESSION ${o.codec}`,
                       `PARQUET_VERSION ${o.version}`, `ROW_GROUP_SIZE ${o.row_group_size}`];
      if (o.dictionary === 'off') options.push('DICTIONARY_SIZE_LIMIT 0');
      await con.run(`COPY (SELECT ${select.join(', ')} FROM range(${o.rows}) t(i) ORDER BY i) ` +
                    `TO '${path}' (${options.join(', ')})`);
    },
  };
}

// ---- Polars and arrow-rs, from the Arrow table of arrow_table.mjs ----------

function drawArrowTable(rng) {
  return {
    rows: rng.rows(),
    first: rng.int(0, 100000),
    null_every: rng.pick([0, 2, 3, 11, 50]),
    columns: rng.subset(columnNames(), rng.pick([0.2, 0.5, 0.9])),
  };
}

async function arrowIpc(o) {
  const arrow = await import('apache-arrow');
  const keep = new Set(o.columns);
  const table = buildTableOf(o.rows, { pick: (n) => keep.has(n), first: o.first,
                                       nullEvery: o.null_every });
  return arrow.tableToIPC(table, 'stream');
}

async function arrowRsWriter() {
  const pw = await import('parquet-wasm');
  return {
    version: `parquet-wasm ${packageVersion('parquet-wasm')}`,
    draw: (rng) => ({
      ...drawArrowTable(rng),
      codec: rng.pick(['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'BROTLI', 'ZSTD', 'LZ4_RAW']),
      version: rng.pick(['V1', 'V2']),
      dictionary: rng.chance(0.7),
      statistics: rng.pick(['Page', 'Page', 'Chunk', 'None']),
      page_size: rng.pick([512, 4096, 1048576]),
      row_group_size: rng.pick([100, 1000, 1048576]),
    }),
    write: async (o, path) => {
      const b = new pw.WriterPropertiesBuilder()
          .setCompression(pw.Compression[o.codec])
          .setWriterVersion(pw.WriterVersion[o.version])
          .setDictionaryEnabled(o.dictionary)
          .setStatisticsEnabled(pw.EnabledStatistics[o.statistics])
          .setDataPageSizeLimit(o.page_size)
          .setMaxRowGroupSize(o.row_group_size);
      writeFileSync(path, pw.writeParquet(pw.Table.fromIPCStream(await arrowIpc(o)), b.build()));
    },
  };
}

async function polarsWriter() {
  const { default: pl } = await import('nodejs-polars');
  return {
    version: `nodejs-polars ${packageVersion('nodejs-polars')}`,
    draw: (rng) => ({
      ...drawArrowTable(rng),
      compression: rng.pick(['uncompressed', 'snappy', 'gzip', 'brotli', 'lz4', 'zstd']),
      statistics: rng.pick(['full', 'full', false]),
      page_size: rng.pick([512, 4096, 1048576]),
      row_group_size: rng.pick([100, 1000, 100000]),
    }),
    write: async (o, path) => {
      const df = pl.readIPCStream(Buffer.from(await arrowIpc(o)));
      df.lazy().sinkParquet(path, {
        compression: o.compression, statistics: o.statistics,
        dataPagesizeLimit: o.page_size, rowGroupSize: o.row_group_size,
      }).collectSync();
    },
  };
}

// ---- hyparquet-writer and parquetjs, from JS values -------------------------

// [name, value of a row] for the writers that take JS values.
function jsValues(rng) {
  const word = () => rng.pick(['', 'a', 'é', '日本', '😀', 'x'.repeat(rng.int(1, 40))]);
  return {
    b: () => rng.chance(0.5),
    i32: () => rng.int(-2147483648, 2147483647),
    i64: () => BigInt(rng.int(-2e9, 2e9)) * BigInt(rng.int(-2e9, 2e9)),
    f32: () => Math.fround(rng.pick([rng.next() * 1e6 - 5e5, -0, 0, Infinity, NaN])),
    f64: () => rng.pick([rng.next() * 1e12 - 5e11, -0, -Infinity, NaN, 1e-300]),
    s: () => `${rng.pick(['k', 'val', 'Zeta'])}${rng.int(0, rng.pick([5, 100000]))}${word()}`,
    bl: () => Uint8Array.from({ length: rng.int(0, 12) }, () => rng.int(0, 255)),
    ts: () => new Date(rng.int(-1e12, 4e12)),
    json: () => ({ n: rng.int(0, 9), t: word() }),
  };
}

function drawValues(rng, names) {
  const values = jsValues(rng);
  const rows = rng.rows();
  const columns = rng.subset(names, 0.6);
  if (columns.length === 0) columns.push(rng.pick(names));
  const data = {};
  for (const name of columns) {
    const p = rng.nullRate();
    data[name] = Array.from({ length: rows }, () => (rng.chance(p) ? null : values[name]()));
  }
  return { rows, columns, data };
}

const kHyparquetTypes = {
  b: 'BOOLEAN', i32: 'INT32', i64: 'INT64', f32: 'FLOAT', f64: 'DOUBLE',
  s: 'STRING', bl: 'BYTE_ARRAY', ts: 'TIMESTAMP', json: 'JSON',
};
const kHyparquetEncodings = {
  i32: ['PLAIN', 'RLE_DICTIONARY', 'DELTA_BINARY_PACKED', 'BYTE_STREAM_SPLIT'],
  i64: ['PLAIN', 'RLE_DICTIONARY', 'DELTA_BINARY_PACKED', 'BYTE_STREAM_SPLIT'],
  f32: ['PLAIN', 'RLE_DICTIONARY', 'BYTE_STREAM_SPLIT'],
  f64: ['PLAIN', 'RLE_DICTIONARY', 'BYTE_STREAM_SPLIT'],
  s: ['PLAIN', 'RLE_DICTIONARY', 'DELTA_LENGTH_BYTE_ARRAY', 'DELTA_BYTE_ARRAY'],
  bl: ['PLAIN', 'RLE_DICTIONARY', 'DELTA_LENGTH_BYTE_ARRAY', 'DELTA_BYTE_ARRAY'],
};

async function hyparquetWriter() {
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  return {
    version: `hyparquet-writer ${packageVersion('hyparquet-writer')}`,
    draw: (rng) => {
      const t = drawValues(rng, Object.keys(kHyparquetTypes));
      return {
        rows: t.rows, data: t.data,
        columns: t.columns.map((name) => ({
          name,
          encoding: kHyparquetEncodings[name] && rng.chance(0.5)
              ? rng.pick(kHyparquetEncodings[name]) : undefined,
          columnIndex: rng.chance(0.5),
          bloomFilter: rng.chance(0.2),
        })),
        codec: rng.pick(['UNCOMPRESSED', 'SNAPPY']),
        statistics: rng.chance(0.8),
        page_size: rng.pick([256, 8192, 1048576]),
        row_group_size: rng.pick([100, 1000, 100000]),
      };
    },
    write: async (o, path) => {
      const buffer = parquetWriteBuffer({
        columnData: o.columns.map((c) => ({
          name: c.name, data: o.data[c.name], type: kHyparquetTypes[c.name],
          encoding: c.encoding, columnIndex: c.columnIndex, bloomFilter: c.bloomFilter,
        })),
        codec: o.codec, statistics: o.statistics, pageSize: o.page_size,
        rowGroupSize: o.row_group_size,
      });
      writeFileSync(path, new Uint8Array(buffer));
    },
  };
}

const kParquetjsTypes = {
  b: 'BOOLEAN', i32: 'INT32', i64: 'INT64', f32: 'FLOAT', f64: 'DOUBLE',
  s: 'UTF8', bl: 'BYTE_ARRAY', ts: 'TIMESTAMP_MILLIS', json: 'JSON',
};

async function parquetjsWriter() {
  const { default: parquet } = await import('@dsnp/parquetjs');
  return {
    version: `@dsnp/parquetjs ${packageVersion('@dsnp/parquetjs')}`,
    draw: (rng) => {
      const t = drawValues(rng, Object.keys(kParquetjsTypes));
      return {
        rows: t.rows, data: t.data,
        columns: t.columns.map((name) => ({
          name,
          compression: rng.pick(['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'BROTLI']),
          // parquetjs writes a list as a repeated leaf.
          repeated: rng.chance(0.2),
        })),
        data_page_v2: rng.chance(0.5),
        page_size: rng.pick([256, 8192]),
        row_group_size: rng.pick([100, 1000, 10000]),
        page_index: rng.chance(0.5),
      };
    },
    write: async (o, path) => {
      const fields = {};
      for (const c of o.columns) {
        fields[c.name] = {
          type: kParquetjsTypes[c.name], compression: c.compression,
          ...(c.repeated ? { repeated: true } : { optional: true }),
        };
      }
      const schema = new parquet.ParquetSchema(fields);
      const w = await parquet.ParquetWriter.openFile(schema, path, {
        useDataPageV2: o.data_page_v2, pageSize: o.page_size,
        rowGroupSize: o.row_group_size, pageIndex: o.page_index,
      });
      for (let r = 0; r < o.rows; ++r) {
        const row = {};
        for (const c of o.columns) {
          const v = o.data[c.name][r];
          if (v === null) continue;
          row[c.name] = c.repeated ? [v, v] : v;
        }
        await w.appendRow(row);
      }
      await w.close();
    },
  };
}

const kWriters = {
  duckdb: duckdbWriter,
  polars: polarsWriter,
  'arrow-rs': arrowRsWriter,
  'hyparquet-writer': hyparquetWriter,
  parquetjs: parquetjsWriter,
};

function parseArgs(argv) {
  const flags = {};
  const rest = [];
  for (let k = 0; k < argv.length; ++k) {
    if (argv[k].startsWith('--')) flags[argv[k].slice(2)] = argv[++k];
    else rest.push(argv[k]);
  }
  return { ...flags, out: rest[0] };
}

// What the manifest keeps of a draw: the data itself is not repeated.
function described(o) {
  const { data, ...rest } = o;
  return rest;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const files = Number(args.files);
  const seed = Number(args.seed);
  if (!kWriters[args.writer] || !args.out || !Number.isInteger(files) ||
      !Number.isInteger(seed)) {
    console.error(`usage: node held_out_write.mjs --writer ${Object.keys(kWriters).join('|')} ` +
                  '--seed S --files N OUTDIR');
    process.exit(2);
  }
  const writer = await kWriters[args.writer]();
  const out = resolve(args.out);
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) {
    if (f.endsWith('.parquet') || f === 'manifest.json') rmSync(join(out, f));
  }
  const rng = makeRng(seed);
  const manifest = [];
  for (let k = 0; k < files; ++k) {
    const file = `${args.writer}_${k}.parquet`;
    const rejected = [];
    for (let attempt = 0; ; ++attempt) {
      const o = writer.draw(rng);
      try {
        await writer.write(o, join(out, file));
        manifest.push({ file, rows: o.rows, options: described(o), rejected });
        break;
      } catch (e) {
        rejected.push(String(e?.message ?? e).slice(0, 200));
        if (attempt === 4) throw new Error(`${file}: 5 draws rejected: ${rejected.join(' | ')}`);
      }
    }
  }
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(
      { writer: args.writer, version: writer.version, seed, files: manifest }, null, 1) + '\n');
  console.log(`held_out_write: ${writer.version} wrote ${manifest.length} files to ${out}`);
}

main().catch((e) => {
  console.error(`held_out_write: ${e?.stack ?? e}`);
  process.exit(1);
});
