// Compares the conformance adapters with colcheck's own reader: for each
// Parquet file, `colcheck cat --format jsonl FILE` against
// `node peers/conformance/READER.mjs FILE`, row by row.
//
// Usage: node peers/conformance/compare_with_cat.mjs [--readers a,b]
//          [--colcheck PATH] [--json OUT] [--verbose] [FILE|DIR ...]
// Default files: corpus/valid/*.parquet and the parquet-testing data under
// /work/shared/corpus-external (data/*.parquet, data/geospatial/*.parquet).
// A file colcheck itself does not read whole (non-zero exit) is skipped; one
// that `colcheck validate` finds errors in is compared but counted apart.
//
// Per reader and file, one of:
//   equal       the same lines, byte for byte
//   equivalent  the same values as the runner compares them: timestamps
//               and times as instants (unit and "Z" aside), decimals by
//               value (scale aside)
//   differ      the first differing row and column, expected vs actual
//   rejected    exit 1, with the reader's message
//   crash       exit 3 or a signal; adapter-error: exit 2
// and a summary per reader at the end.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const kReaders = ['duckdb', 'polars', 'arrow-rs', 'hyparquet', 'parquetjs'];

// ---- a JSON parser that keeps numbers' text ---------------------------------

function parseJson(text) {
  let at = 0;
  const ws = () => { while (/\s/.test(text[at] ?? '')) ++at; };
  const value = () => {
    ws();
    const c = text[at];
    if (c === '{') {
      ++at; const out = []; ws();
      if (text[at] === '}') { ++at; return { obj: out }; }
      for (;;) {
        ws(); const k = value(); ws(); if (text[at++] !== ':') throw new Error('bad json');
        out.push([k, value()]); ws();
        const d = text[at++]; if (d === '}') return { obj: out }; if (d !== ',') throw new Error('bad json');
      }
    }
    if (c === '[') {
      ++at; const out = []; ws();
      if (text[at] === ']') { ++at; return out; }
      for (;;) {
        out.push(value()); ws();
        const d = text[at++]; if (d === ']') return out; if (d !== ',') throw new Error('bad json');
      }
    }
    if (c === '"') {
      const start = at; ++at;
      while (text[at] !== '"') { if (text[at] === '\\') ++at; ++at; if (at > text.length) throw new Error('bad json'); }
      ++at;
      return JSON.parse(text.slice(start, at));
    }
    const m = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(at, at + 400));
    if (!m) throw new Error(`bad json at ${at}`);
    at += m[0].length;
    if (m[0] === 'true') return true;
    if (m[0] === 'false') return false;
    if (m[0] === 'null') return null;
    return { num: m[0] };
  };
  const v = value();
  return v;
}

function render(v) {
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(render).join(',')}]`;
  if (v.num !== undefined) return v.num;
  return `{${v.obj.map(([k, x]) => `${JSON.stringify(k)}:${render(x)}`).join(',')}}`;
}

// ---- equivalence as the runner compares ------------------------------------

const kTs = /^([+-]?\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3}|\d{6}|\d{9})Z?$/;
const kTime = /^(\d\d):(\d\d):(\d\d)\.(\d{3}|\d{6}|\d{9})Z?$/;
const kDec = /^-?\d+(\.\d+)?$/;

function daysFromCivil(y, m, d) {
  y -= m <= 2 ? 1n : 0n;
  const era = (y >= 0n ? y : y - 399n) / 400n;
  const yoe = y - era * 400n;
  const doy = (153n * (m + (m > 2n ? -3n : 9n)) + 2n) / 5n + d - 1n;
  const doe = yoe * 365n + yoe / 4n - yoe / 100n + doy;
  return era * 146097n + doe - 719468n;
}

function fracNanos(f) { return BigInt(f.padEnd(9, '0')); }

function normalString(s) {
  let m = kTs.exec(s);
  if (m) {
    const days = daysFromCivil(BigInt(m[1]), BigInt(m[2]), BigInt(m[3]));
    const secs = days * 86400n + BigInt(m[4]) * 3600n + BigInt(m[5]) * 60n + BigInt(m[6]);
    return `ts:${secs * 1000000000n + fracNanos(m[7])}`;
  }
  m = kTime.exec(s);
  if (m) {
    const secs = BigInt(m[1]) * 3600n + BigInt(m[2]) * 60n + BigInt(m[3]);
    return `time:${secs * 1000000000n + fracNanos(m[4])}`;
  }
  if (kDec.test(s) && s.includes('.')) {
    let t = s.replace(/0+$/, '').replace(/\.$/, '');
    if (t === '-0') t = '0';
    return `dec:${t}`;
  }
  return s;
}

// Timestamps and times at the coarser of the two texts' units, truncated
// (toward zero or down): a reader that reads nanoseconds as microseconds
// is not wrong for it.
function sameTemporal(e, a) {
  const ne = normalString(e);
  const na = normalString(a);
  if (ne === na) return true;
  const [ke, ve] = ne.split(':');
  const [ka, va] = na.split(':');
  if (!['ts', 'time'].includes(ke) || ke !== ka) return false;
  const digits = (s) => (/\.(\d+)Z?$/.exec(s)?.[1].length ?? 9);
  const unit = 10n ** BigInt(9 - Math.min(digits(e), digits(a)));
  const x = BigInt(ve);
  const y = BigInt(va);
  const floor = (v) => (v >= 0n ? v / unit : -((-v + unit - 1n) / unit));
  return x / unit === y / unit || floor(x) === floor(y);
}

function same(e, a) {
  if (e === null || a === null || typeof e === 'boolean') return e === a;
  if (typeof e === 'string') {
    if (typeof a !== 'string') return false;
    return e === a || normalString(e) === normalString(a) || sameTemporal(e, a);
  }
  if (Array.isArray(e)) return Array.isArray(a) && e.length === a.length && e.every((x, k) => same(x, a[k]));
  if (e.num !== undefined) return a?.num !== undefined && a.num === e.num;
  if (!a?.obj || a.obj.length !== e.obj.length) return false;
  return e.obj.every(([k, x], n) => a.obj[n][0] === k && same(x, a.obj[n][1]));
}

// The first difference under e and a: [path, expected, actual].
function firstDiff(e, a, path) {
  if (same(e, a)) return null;
  if (Array.isArray(e) && Array.isArray(a)) {
    if (e.length !== a.length) return [`${path} (length ${e.length} vs ${a.length})`, render(e), render(a)];
    for (let k = 0; k < e.length; ++k) {
      const d = firstDiff(e[k], a[k], `${path}[${k}]`);
      if (d) return d;
    }
  }
  if (e?.obj && a?.obj) {
    const ek = e.obj.map(([k]) => k).join(',');
    const ak = a.obj.map(([k]) => k).join(',');
    if (ek !== ak) return [`${path} (fields ${ek} vs ${ak})`, render(e), render(a)];
    for (let k = 0; k < e.obj.length; ++k) {
      const d = firstDiff(e.obj[k][1], a.obj[k][1], `${path}.${e.obj[k][0]}`);
      if (d) return d;
    }
  }
  return [path, render(e), render(a)];
}

// ---- running ------------------------------------------------------------------

function defaultFiles() {
  const out = [];
  const add = (dir) => {
    if (!existsSync(dir)) return;
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.parquet')) out.push(join(dir, f));
  };
  add(join(root, 'corpus/valid'));
  const ext = '/work/shared/corpus-external/parquet-testing/data';
  add(ext);
  add(join(ext, 'geospatial'));
  return out;
}

function expand(args) {
  const out = [];
  for (const a of args) {
    if (statSync(a).isDirectory()) {
      for (const f of readdirSync(a).sort()) if (f.endsWith('.parquet')) out.push(join(a, f));
    } else out.push(a);
  }
  return out;
}

function lines(text) {
  return text.split('\n').filter((l) => l.length > 0);
}

function catRows(colcheck, file) {
  // colcheck may be replaced for a moment by a rebuild: wait and retry.
  for (let attempt = 0; attempt < 24; ++attempt) {
    if (!existsSync(colcheck)) { spawnSync('sleep', ['5']); continue; }
    const r = spawnSync(colcheck, ['cat', '--format', 'jsonl', file],
      { encoding: 'utf8', maxBuffer: 1 << 30, timeout: 300000 });
    if (r.error || r.status === null || r.status === 126 || r.status === 127) {
      spawnSync('sleep', ['5']);
      continue;
    }
    return r.status === 0 ? { rows: lines(r.stdout) }
      : { error: `exit ${r.status ?? r.signal}: ${(r.stderr || '').split('\n')[0]}` };
  }
  return { error: 'colcheck is not there' };
}

function compareOne(reader, file, expected) {
  const started = Date.now();
  const r = spawnSync('node', [join(here, `${reader}.mjs`), file],
    { encoding: 'utf8', maxBuffer: 1 << 30, timeout: 300000, cwd: root });
  const ms = Date.now() - started;
  const message = (r.stderr || '').trim().split('\n')[0].slice(0, 300);
  if (r.error || r.signal) return { status: 'crash', message: `${r.error?.message ?? ''} signal ${r.signal}`, ms };
  if (r.status === 1) return { status: 'rejected', message, ms };
  if (r.status === 3) return { status: 'crash', message, ms };
  if (r.status !== 0) return { status: 'adapter-error', message: `exit ${r.status}: ${message}`, ms };
  const actual = lines(r.stdout);
  let exact = actual.length === expected.length;
  for (let k = 0; exact && k < actual.length; ++k) exact = actual[k] === expected[k];
  if (exact) return { status: 'equal', ms };
  const n = Math.min(actual.length, expected.length);
  for (let k = 0; k < n; ++k) {
    if (actual[k] === expected[k]) continue;
    const d = firstDiff(parseJson(expected[k]), parseJson(actual[k]), '');
    if (d) return { status: 'differ', row: k, path: d[0], expected: d[1].slice(0, 300), actual: d[2].slice(0, 300), ms };
  }
  if (actual.length !== expected.length) {
    return { status: 'differ', row: n, path: `(rows ${expected.length} vs ${actual.length})`, ms };
  }
  return { status: 'equivalent', ms };
}

async function main() {
  const args = process.argv.slice(2);
  let readers = kReaders;
  let colcheck = join(root, 'build/cli/colcheck');
  let jsonOut = null;
  let verbose = false;
  const files = [];
  for (let k = 0; k < args.length; ++k) {
    if (args[k] === '--readers') readers = args[++k].split(',');
    else if (args[k] === '--colcheck') colcheck = args[++k];
    else if (args[k] === '--json') jsonOut = args[++k];
    else if (args[k] === '--verbose') verbose = true;
    else files.push(args[k]);
  }
  const list = files.length ? expand(files) : defaultFiles();
  const results = [];
  const summary = Object.fromEntries(readers.map((r) => [r, {}]));
  for (const file of list) {
    const cat = catRows(colcheck, file);
    if (cat.error) {
      process.stdout.write(`skip ${file}: colcheck cat: ${cat.error}\n`);
      continue;
    }
    // A file colcheck reads but reports errors in is not a valid file: its
    // results are listed, not counted.
    const invalid = spawnSync(colcheck, ['validate', '-q', file]).status !== 0;
    for (const reader of readers) {
      const res = { reader, file, ...compareOne(reader, file, cat.rows) };
      if (invalid) res.invalid = true;
      results.push(res);
      const key = invalid ? `${res.status} (invalid file)` : res.status;
      summary[reader][key] = (summary[reader][key] ?? 0) + 1;
      if (res.status === 'equal' && !verbose) continue;
      let line = `${reader.padEnd(9)} ${res.status.padEnd(10)} ${file.replace(/.*\//, '')}` +
          `${invalid ? ' (invalid per colcheck validate)' : ''}`;
      if (res.message) line += `: ${res.message}`;
      if (res.status === 'differ') {
        line += `: row ${res.row} ${res.path}`;
        if (res.expected !== undefined) line += `: expected ${res.expected} actual ${res.actual}`;
      }
      process.stdout.write(`${line}\n`);
    }
  }
  process.stdout.write('\nsummary (files)\n');
  for (const reader of readers) {
    process.stdout.write(`${reader.padEnd(9)} ${Object.entries(summary[reader]).map(([s, n]) => `${s} ${n}`).join(', ')}\n`);
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 1));
}

await main();
