// Reads back the files of peers/arrow_write.mjs (or any OUTDIR with its
// manifest.json and expected.jsonl) with one reader of read_values.mjs and
// compares every value with what was written.
//
// Usage: node peers/readback.mjs READER OUTDIR
//
// Prints one JSON line per file of the manifest:
//   {"file": F, "reader": R, "rows": N, "error": MESSAGE}         unreadable
//   {"file": F, "reader": R, "rows": N, "columns": {COL: {"mismatches": K,
//    "row": I, "expected": V, "actual": V}}}                       read
// where `columns` lists only the columns with a mismatch (first one shown)
// and a column the reader did not return counts as a mismatch on every
// row. Exit status 0 unless the reader itself could not start.
//
// What counts as the same value: readers convert, and the comparison
// allows these conversions and nothing else:
//   - integers as JS numbers or bigints, equal in value; floats bit for
//     bit (NaN is NaN, -0 is not 0);
//   - a DECIMAL as {dec, scale} exactly, or as a JS number (hyparquet)
//     within a relative 1e-12;
//   - timestamps and times compared at the coarser of the two units,
//     truncated (DuckDB reads nanoseconds as microseconds); a TIME as a
//     bare integer (hyparquet leaves TIME as stored) in ms, us or ns;
//   - a map as {map: pairs}, as a list of {key, value} structs (Polars has
//     no map type) or as a struct keyed by its string keys (hyparquet);
//   - a string as bytes of its UTF-8.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kReaders } from './read_values.mjs';

// Own keys only: `'map' in []` is true.
const has = (v, key) => v !== null && typeof v === 'object' && Object.hasOwn(v, key);

const kUnitNanos = { s: 1000000000n, ms: 1000000n, us: 1000n, ns: 1n };

function toBig(v) {
  if (v && typeof v === 'object') {
    if (has(v, 'i')) return BigInt(v.i);
    if (has(v, 'n')) {
      const x = new DataView(Uint8Array.from(v.n.match(/../g), (h) => parseInt(h, 16)).buffer)
          .getFloat64(0);
      return Number.isInteger(x) && !Object.is(x, -0) ? BigInt(x) : null;
    }
  }
  return null;
}

function toNumber(v) {
  if (v && typeof v === 'object' && has(v, 'n')) {
    return new DataView(Uint8Array.from(v.n.match(/../g), (h) => parseInt(h, 16)).buffer)
        .getFloat64(0);
  }
  return null;
}

function sameInstant(e, eUnit, a, aUnit) {
  const coarse = kUnitNanos[eUnit] > kUnitNanos[aUnit] ? kUnitNanos[eUnit] : kUnitNanos[aUnit];
  // BigInt division truncates toward zero, as DuckDB does.
  return BigInt(e) * kUnitNanos[eUnit] / coarse === BigInt(a) * kUnitNanos[aUnit] / coarse;
}

function utf8Hex(s) {
  return Buffer.from(s, 'utf8').toString('hex');
}

function mapPairs(v) {
  if (v && typeof v === 'object' && has(v, 'map')) return v.map;
  if (Array.isArray(v) && v.every((e) => e && e.struct && has(e.struct, 'key') &&
                                  has(e.struct, 'value') && Object.keys(e.struct).length === 2)) {
    return v.map((e) => [e.struct.key, e.struct.value]);
  }
  return null;
}

function same(e, a) {
  if (e === null || a === null) return e === a;
  if (typeof e === 'boolean') return e === a;
  if (Array.isArray(e)) {
    return Array.isArray(a) && e.length === a.length && e.every((x, k) => same(x, a[k]));
  }
  if (has(e, 'n') || has(e, 'i')) {
    if (a && has(a, 'n') && has(e, 'n')) return a.n === e.n;
    const eb = toBig(e);
    const ab = toBig(a);
    return eb !== null && ab !== null && eb === ab;
  }
  if (has(e, 'dec')) {
    if (has(a, 'dec')) return BigInt(a.dec) * 10n ** BigInt(e.scale) === BigInt(e.dec) * 10n ** BigInt(a.scale);
    const x = toNumber(a);
    const want = Number(e.dec) / 10 ** e.scale;
    return x !== null && Math.abs(x - want) <= 1e-12 * Math.max(1, Math.abs(want));
  }
  if (has(e, 'ts')) return has(a, 'ts') && sameInstant(e.ts, e.unit, a.ts, a.unit);
  if (has(e, 'time')) {
    if (has(a, 'time')) return sameInstant(e.time, e.unit, a.time, a.unit);
    const raw = toBig(a);
    return raw !== null && ['ms', 'us', 'ns'].some((u) => sameInstant(e.time, e.unit, raw, u));
  }
  if (has(e, 'date')) return has(a, 'date') && e.date === a.date;
  if (has(e, 's')) return (has(a, 's') && a.s === e.s) || (has(a, 'x') && a.x === utf8Hex(e.s));
  if (has(e, 'x')) return has(a, 'x') && a.x === e.x;
  if (has(e, 'map')) {
    const pairs = mapPairs(a);
    if (pairs) {
      return pairs.length === e.map.length &&
          e.map.every(([k, v], n) => same(k, pairs[n][0]) && same(v, pairs[n][1]));
    }
    if (a.struct) {
      const keys = Object.keys(a.struct);
      return keys.length === e.map.length &&
          e.map.every(([k, v]) => k && has(k, 's') && has(a.struct, k.s) && same(v, a.struct[k.s]));
    }
    return false;
  }
  if (has(e, 'struct')) {
    if (!a.struct) return false;
    const keys = Object.keys(e.struct);
    return keys.length === Object.keys(a.struct).length &&
        keys.every((k) => has(a.struct, k) && same(e.struct[k], a.struct[k]));
  }
  return JSON.stringify(e) === JSON.stringify(a);
}

async function main() {
  const [name, dir] = process.argv.slice(2);
  if (!kReaders[name] || !dir) {
    process.stderr.write(`usage: node peers/readback.mjs ${Object.keys(kReaders).join('|')} ` +
                         'OUTDIR\n');
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const expected = readFileSync(join(dir, 'expected.jsonl'), 'utf8')
      .split('\n').filter((l) => l).map((l) => JSON.parse(l));
  const read = await kReaders[name]();
  for (const { file, first, rows } of manifest.files) {
    const line = { file, reader: name, rows };
    let actual;
    try {
      actual = await read(join(dir, file));
    } catch (e) {
      line.error = String(e?.message ?? e).split('\n')[0];
      process.stdout.write(`${JSON.stringify(line)}\n`);
      continue;
    }
    const columns = {};
    const note = (col, row, e, a) => {
      columns[col] ??= { mismatches: 0, row, expected: e, actual: a };
      columns[col].mismatches += 1;
    };
    if (actual.length !== rows) note('(rows)', 0, rows, actual.length);
    for (let r = 0; r < Math.min(rows, actual.length); ++r) {
      const want = expected[first + r];
      for (const [col, e] of Object.entries(want)) {
        if (!(has(actual[r], col))) note(col, r, e, '(missing)');
        else if (!same(e, actual[r][col])) note(col, r, e, actual[r][col]);
      }
    }
    line.columns = columns;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}

await main();
