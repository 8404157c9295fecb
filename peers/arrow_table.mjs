// The table that peers/arrow_write.mjs hands to Polars and to arrow-rs
// (parquet-wasm), built with apache-arrow, and typedRows(), which turns an
// apache-arrow table into the typed JSON rows of peers/read_values.mjs.
//
// Both writers get the same Arrow IPC stream, so they write the same
// values; what each makes of the Arrow types is its own (Polars has no MAP
// and writes it as a list of key/value structs, for one).
//
// Values come from the row number through an integer hash: the table is the
// same on every run. Every column but `id` is null on some rows, with a
// different pattern per column, and nested columns have nulls at every
// level: the struct, its fields, the list, its elements, map values.

import * as arrow from 'apache-arrow';

export const kRows = 1200;

// A 32-bit integer hash of the row number (lowbias32), so values look
// random without a random generator.
function hash32(i, salt = 0) {
  let x = (i * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

function hash64(i, salt = 0) {
  return (BigInt(hash32(i, salt)) << 32n) | BigInt(hash32(i, salt + 17));
}

// A BigInt as the four little-endian 32-bit words of an Arrow decimal128.
function decimalWords(v) {
  let u = BigInt.asUintN(128, v);
  const words = new Uint32Array(4);
  for (let k = 0; k < 4; ++k) {
    words[k] = Number(u & 0xffffffffn);
    u >>= 32n;
  }
  return words;
}

const kUnicode = ['', 'é', '日本語テキスト', '😀 emoji', 'ß∂ƒ©', null, 'x'.repeat(160)];

// [name, Arrow type, value of row i (null allowed)]. Column k is also null
// where (i + k) % 11 == 0 (see build()).
function columns() {
  const i64 = new arrow.Int64();
  return [
    ['b', new arrow.Bool(), (i) => i % 3 === 0],
    ['i8', new arrow.Int8(), (i) => (i % 256) - 128],
    ['i16', new arrow.Int16(), (i) => ((i * 37) % 65536) - 32768],
    ['i32', new arrow.Int32(), (i) => hash32(i) | 0],
    ['i64', i64, (i) => BigInt.asIntN(64, hash64(i))],
    ['u8', new arrow.Uint8(), (i) => i % 256],
    ['u16', new arrow.Uint16(), (i) => (i * 7) % 65536],
    ['u32', new arrow.Uint32(), (i) => hash32(i, 1)],
    ['u64', new arrow.Uint64(), (i) => hash64(i, 2)],
    ['f32', new arrow.Float32(), (i) => [NaN, Infinity, -Infinity, -0, 0][i % 40] ??
        Math.fround(i * 0.25 - 700)],
    ['f64', new arrow.Float64(), (i) => [NaN, Infinity, -Infinity, -0, 0][i % 50] ??
        (hash32(i, 3) % 1000000) / 7 - 70000],
    ['dec9', new arrow.Decimal(2, 9, 128),
     (i) => decimalWords(BigInt((hash32(i, 4) % 1999999999) - 999999999))],
    ['dec18', new arrow.Decimal(6, 18, 128),
     (i) => decimalWords(BigInt.asIntN(64, hash64(i, 5)) % 999999999999999999n)],
    ['dec38', new arrow.Decimal(10, 38, 128),
     (i) => decimalWords(BigInt.asIntN(64, hash64(i, 6)) * (hash64(i, 7) % 10n ** 18n))],
    ['dt', new arrow.DateDay(), (i) => ((i * 37) % 100000 - 50000) * 86400000],
    ['ts_ms', new arrow.TimestampMillisecond(),
     (i) => 631152000000 + (hash32(i, 8) % 1000000) * 3000],
    ['ts_us_utc', new arrow.TimestampMicrosecond('UTC'),
     (i) => 1577836800000000n + BigInt(hash32(i, 9)) * 70000n],
    ['ts_ns_ny', new arrow.TimestampNanosecond('America/New_York'),
     (i) => 946684800000000000n + hash64(i, 10) % (3n * 10n ** 18n)],
    ['tm_ms', new arrow.TimeMillisecond(), (i) => hash32(i, 11) % 86400000],
    ['tm_us', new arrow.TimeMicrosecond(), (i) => BigInt(hash32(i, 12)) * 20n % 86400000000n],
    ['tm_ns', new arrow.TimeNanosecond(), (i) => hash64(i, 13) % 86400000000000n],
    ['s_dict', new arrow.Utf8(), (i) => `category_${i % 10}`],
    ['s_plain', new arrow.Utf8(), (i) => `v${hash32(i, 14)}`],
    ['s_unicode', new arrow.Utf8(), (i) => kUnicode[i % 7]],
    ['bl', new arrow.Binary(),
     (i) => Uint8Array.from({ length: i % 9 }, (_, k) => hash32(i, k) & 0xff)],
    ['cat', new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32()),
     (i) => ['red', 'green', 'blue'][i % 3]],
    ['st', new arrow.Struct([
      new arrow.Field('a', new arrow.Int32(), true),
      new arrow.Field('b', new arrow.Utf8(), true),
      new arrow.Field('c', new arrow.Struct([new arrow.Field('d', new arrow.Float64(), true)]),
                      true),
    ]), (i) => ({
      a: i % 4 === 1 ? null : i,
      b: i % 5 === 2 ? null : `x${i % 100}`,
      c: i % 6 === 3 ? null : { d: i % 7 === 4 ? null : i / 4 },
    })],
    ['li', new arrow.List(new arrow.Field('item', new arrow.Int32(), true)),
     (i) => [[], [null], null][i % 5] ??
         Array.from({ length: i % 7 }, (_, x) => (x === 2 ? null : x * i))],
    ['li_str', new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)),
     (i) => Array.from({ length: i % 4 }, (_, x) => `t${(x + i) % 13}`)],
    ['los', new arrow.List(new arrow.Field('item', new arrow.Struct([
      new arrow.Field('x', new arrow.Int32(), true),
      new arrow.Field('y', new arrow.Utf8(), true),
    ]), true)), (i) => Array.from({ length: i % 4 }, (_, x) =>
        (x === 2 ? null : { x: x + i, y: x === 1 ? null : `v${x}` }))],
    ['lol', new arrow.List(new arrow.Field('item',
        new arrow.List(new arrow.Field('item', i64, true)), true)),
     (i) => Array.from({ length: i % 4 }, (_, x) => (x === 3 ? null
         : Array.from({ length: x }, (_, y) => (y === 1 ? null : BigInt(x * y + i)))))],
    ['mp', new arrow.Map_(new arrow.Field('entries', new arrow.Struct([
      new arrow.Field('key', new arrow.Utf8(), false),
      new arrow.Field('value', new arrow.Int32(), true),
    ]), false)), (i) => (i % 6 === 0 ? new Map()
        : new Map([[`k${i % 10}`, i], ['z', null]]))],
    ['fsl', new arrow.FixedSizeList(3, new arrow.Field('item', new arrow.Int32(), true)),
     (i) => [i, i + 1, i % 4 === 0 ? null : -i]],
  ];
}

// apache-arrow's builders take timestamps in milliseconds as JS numbers;
// finer units get their values as BigInts, straight into the buffer.
function rawTimestamps(type) {
  return type.typeId === arrow.Type.Timestamp && type.unit > arrow.TimeUnit.MILLISECOND;
}

function timestampVector(type, values) {
  const nullBitmap = new Uint8Array(Math.ceil(values.length / 8));
  let nullCount = 0;
  values.forEach((v, i) => {
    if (v === null) ++nullCount;
    else nullBitmap[i >> 3] |= 1 << (i & 7);
  });
  const data = BigInt64Array.from(values, (v) => v ?? 0n);
  return arrow.makeVector(arrow.makeData({
    type, length: values.length, nullCount, nullBitmap, data,
  }));
}

// The table of kRows rows (or `rows`): id, all_null, then columns().
export function buildTable(rows = kRows) {
  return buildTableOf(rows, { pick: () => true, first: 0, nullEvery: 11 });
}

// The names of columns(), for callers that pick some of them.
export function columnNames() {
  return columns().map(([name]) => name);
}

// A table of `rows` rows holding id, all_null and the columns() that
// pick(name) keeps, with the values of rows [first, first + rows) and
// column k null where (i + k) % nullEvery == 0 (never when nullEvery is 0).
export function buildTableOf(rows, { pick, first, nullEvery }) {
  const ids = BigInt64Array.from({ length: rows }, (_, i) => BigInt(first + i));
  const vectors = {
    id: arrow.makeVector(ids),
    all_null: arrow.vectorFromArray(new Array(rows).fill(null), new arrow.Int32()),
  };
  columns().forEach(([name, type, value], k) => {
    if (!pick(name)) return;
    const values = Array.from({ length: rows }, (_, r) => {
      const i = first + r;
      return nullEvery && (i + k) % nullEvery === 0 ? null : value(i);
    });
    vectors[name] = rawTimestamps(type) ? timestampVector(type, values)
        : arrow.vectorFromArray(values, type);
  });
  return new arrow.Table(vectors);
}

// ---- apache-arrow table -> typed rows --------------------------------------

const kHex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function hex(bytes) {
  let out = '';
  for (const b of bytes) out += kHex[b];
  return out;
}

export function numberBits(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return hex(new Uint8Array(view.buffer));
}

const kUnits = ['s', 'ms', 'us', 'ns'];
const kDecoder = new TextDecoder();

function isValid(data, i) {
  if (!data.nullBitmap || data.nullBitmap.length === 0 || data.nullCount === 0) {
    return data.type.typeId !== arrow.Type.Null;
  }
  const bit = data.offset + i;
  return (data.nullBitmap[bit >> 3] & (1 << (bit & 7))) !== 0;
}

function bytesAt(data, i) {
  const o = data.valueOffsets;
  const begin = Number(o[data.offset + i]);
  const end = Number(o[data.offset + i + 1]);
  return data.values.subarray(begin, end);
}

function childRange(data, i) {
  const o = data.valueOffsets;
  return [Number(o[data.offset + i]), Number(o[data.offset + i + 1])];
}

// The typed value of row i of `data` (one Arrow Data chunk), read from its
// buffers rather than through apache-arrow's getters, which round
// timestamps to milliseconds and decimals to numbers.
function typedAt(data, i) {
  if (!isValid(data, i)) return null;
  const t = data.type;
  const j = data.offset + i;
  const T = arrow.Type;
  switch (t.typeId) {
    case T.Bool: {
      const bit = j;
      return (data.values[bit >> 3] & (1 << (bit & 7))) !== 0;
    }
    case T.Int: {
      const v = data.values[j];
      return typeof v === 'bigint' ? { i: v.toString() } : { n: numberBits(v) };
    }
    case T.Float:
      // A Float16's buffer holds its bits.
      return { n: numberBits(t.precision === arrow.Precision.HALF
        ? arrow.util.uint16ToFloat64(data.values[j]) : Number(data.values[j])) };
    case T.Decimal: {
      const words = t.bitWidth / 32;
      let v = 0n;
      for (let k = words - 1; k >= 0; --k) {
        v = (v << 32n) | BigInt(data.values[j * words + k]);
      }
      return { dec: BigInt.asIntN(t.bitWidth, v).toString(), scale: t.scale };
    }
    case T.Date:
      return t.unit === arrow.DateUnit.DAY ? { date: data.values[j] }
          : { date: Math.floor(Number(data.values[j * 2] + data.values[j * 2 + 1] *
                                       2 ** 32) / 86400000) };
    case T.Timestamp:
      return { ts: BigInt(data.values[j]).toString(), unit: kUnits[t.unit] };
    case T.Time:
      return { time: BigInt(data.values[j]).toString(), unit: kUnits[t.unit] };
    case T.Interval:
      // DAY_TIME: days and milliseconds; YEAR_MONTH: months (Int32 pairs or
      // one Int32 per value).
      if (t.unit === arrow.IntervalUnit.DAY_TIME) {
        return { iv: [0, data.values[j * 2], String(BigInt(data.values[j * 2 + 1]) * 1000n)] };
      }
      if (t.unit === arrow.IntervalUnit.YEAR_MONTH) return { iv: [data.values[j], 0, '0'] };
      throw new Error(`arrow: no typed form for ${t}`);
    case T.Utf8:
    case T.LargeUtf8:
      return { s: kDecoder.decode(bytesAt(data, i)) };
    case T.Binary:
    case T.LargeBinary:
      return { x: hex(bytesAt(data, i)) };
    case T.FixedSizeBinary:
      return { x: hex(data.values.subarray(j * t.byteWidth, (j + 1) * t.byteWidth)) };
    case T.Utf8View:
    case T.BinaryView: {
      // Arrow JS reads view types through its getter, which is exact.
      const v = arrow.makeVector(data).get(i);
      return typeof v === 'string' ? { s: v } : { x: hex(v) };
    }
    case T.List:
    case T.LargeList: {
      const [begin, end] = childRange(data, i);
      const out = [];
      for (let k = begin; k < end; ++k) out.push(typedAt(data.children[0], k));
      return out;
    }
    case T.FixedSizeList: {
      const out = [];
      for (let k = j * t.listSize; k < (j + 1) * t.listSize; ++k) {
        out.push(typedAt(data.children[0], k));
      }
      return out;
    }
    case T.Map: {
      const [begin, end] = childRange(data, i);
      const entries = data.children[0];
      const out = [];
      for (let k = begin; k < end; ++k) {
        out.push([typedAt(entries.children[0], k), typedAt(entries.children[1], k)]);
      }
      return { map: out };
    }
    case T.Struct: {
      const fields = {};
      // apache-arrow slices a struct's children with it: they share i.
      t.children.forEach((f, k) => { fields[f.name] = typedAt(data.children[k], i); });
      return { struct: fields };
    }
    case T.Dictionary:
      return typedAt(data.dictionary.data[0], Number(data.values[j]));
    case T.Null:
      return null;
    default:
      throw new Error(`arrow: no typed form for ${t}`);
  }
}

// Every row of an apache-arrow table as {column: typed value}.
export function typedRows(table) {
  const names = table.schema.fields.map((f) => f.name);
  const rows = [];
  for (const batch of table.batches) {
    const children = batch.data.children;
    for (let i = 0; i < batch.numRows; ++i) {
      const row = {};
      names.forEach((name, k) => { row[name] = typedAt(children[k], i); });
      rows.push(row);
    }
  }
  return rows;
}
