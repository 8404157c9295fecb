// Conformance adapter: parquet.js (@dsnp/parquetjs 1.8.9).
// Usage: node peers/conformance/parquetjs.mjs FILE (conformance/README.md).
//
// parquet.js reads by ConvertedType only and returns records shaped as the
// Parquet groups are: a LIST column is {list: [{element: V}]} (or whatever
// its groups are named), a MAP {key_value: [{key, value}]}. The adapter
// turns those groups into the canonical list and map (canonical.mjs does,
// by the file's schema); the values are the reader's: Date for DATE and
// TIMESTAMP_* (milliseconds), JS numbers for DECIMAL on INT32/INT64, the
// parsed value for JSON and BSON, {months, days, milliseconds} for
// INTERVAL. INT96 is read with treatInt96AsTimestamp (a Date) — without
// it parquet.js returns the low 64 bits only.

import { createRequire } from 'node:module';
import { runAdapter } from './canonical.mjs';

const require = createRequire(import.meta.url);
// parquet.js logs some decoding errors with console.log: keep stdout for rows.
console.log = (...args) => console.error(...args);

const has = (v, key) => v !== null && typeof v === 'object' && Object.hasOwn(v, key);

// The leaf guide's type, when the guide is a leaf.
function leafType(guide) {
  return guide?.kind === 'leaf' ? guide.type : null;
}

// A parquet.js value as read_values.mjs's typed form, by the column's guide.
function typed(v, guide) {
  if (v === null || v === undefined) return null;
  const type = leafType(guide);
  if (v instanceof Date) {
    const ms = v.getTime();
    return Number.isNaN(ms) ? { s: 'Invalid Date' } : { ts: String(ms), unit: 'ms' };
  }
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { x: Buffer.from(v).toString('hex') };
  if (typeof v === 'bigint') return { i: v.toString() };
  if (typeof v === 'number') {
    const view = Buffer.alloc(8);
    view.writeDoubleBE(v);
    return { n: view.toString('hex') };
  }
  if (typeof v === 'string') return { s: v };
  if (typeof v === 'boolean') {
    return type === 'string' || type === 'bytes' ? { s: JSON.stringify(v) } : v;
  }
  if (has(v, 'months') && has(v, 'days') && has(v, 'milliseconds')) {
    return { iv: [v.months, v.days, String(BigInt(v.milliseconds) * 1000n)] };
  }
  if (type === 'string' || type === 'bytes') {
    // JSON and BSON come back parsed: their text is gone; print it again.
    return { s: JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? x.toString() : x)) };
  }
  if (Array.isArray(v)) {
    const element = guide?.kind === 'list' ? guide.element : null;
    return v.map((x) => typed(x, element));
  }
  if (typeof v === 'object') {
    return groupTyped(v, guide);
  }
  throw new Error(`no typed form for ${typeof v}`);
}

// A group: the fields of a struct, or the repeated group of a LIST or MAP.
function groupTyped(v, guide) {
  if (guide?.kind === 'list' && !guide.bare && guide.repeated) {
    // {list: [{element: V}...]}: the repeated group's values.
    const items = v[guide.repeated] ?? [];
    const arr = Array.isArray(items) ? items : [items];
    return arr.map((item) => {
      if (guide.unwrap !== undefined) {
        return typed(item === null || item === undefined ? null : item[guide.unwrap], guide.element);
      }
      return typed(item, guide.element);
    });
  }
  if (guide?.kind === 'map' && guide.repeated) {
    const items = v[guide.repeated] ?? [];
    const arr = Array.isArray(items) ? items : [items];
    return arr.map((entry) => typed(entry, guide.entry));
  }
  const fields = {};
  const byName = new Map(guide?.kind === 'struct' ? guide.fields : []);
  // A struct that maps to a list/map entry keeps the entry's own names.
  const names = guide?.kind === 'struct' && guide.sourceNames ? guide.sourceNames : null;
  if (names) {
    guide.fields.forEach(([name, g], k) => { fields[name] = typed(v[names[k]], g); });
    return { struct: fields };
  }
  // A field parquet.js leaves out is null, or [] when it is a bare
  // repeated field (no values).
  for (const [name, g] of byName) fields[name] = v[name] === undefined && g?.bare ? [] : typed(v[name], g);
  for (const [name, x] of Object.entries(v)) if (!byName.has(name)) fields[name] = typed(x, null);
  return { struct: fields };
}

await runAdapter('parquetjs', async () => {
  const parquet = require('@dsnp/parquetjs');
  return async (file, guide) => {
  const reader = await parquet.ParquetReader.openFile(file, { treatInt96AsTimestamp: true });
  try {
    const cursor = reader.getCursor();
    const rows = [];
    let record;
    // eslint-disable-next-line no-await-in-loop
    while ((record = await cursor.next())) rows.push(groupTyped(record, guide).struct);
    return rows;
  } finally {
    await reader.close();
  }
  };
});
