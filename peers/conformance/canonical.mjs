// Shared by the conformance adapters (peers/conformance/NAME.mjs): the
// canonical JSON of reports/rows.h for the values a reader returns, and the
// adapter's contract with `colcheck conformance run` (conformance/README.md):
//
//   node peers/conformance/NAME.mjs FILE
//     exit 0   every row on stdout as one line of canonical JSON
//     exit 1   the reader rejected the file with an error (one line on stderr)
//     exit 3   the reader itself failed: a Rust panic, a WebAssembly trap, an
//              internal assertion, a JS TypeError inside the reader
//     exit 2   usage, or the adapter could not render what the reader gave
//
// The readers hand back values in the typed form of peers/read_values.mjs
// ({n}, {i}, {s}, {x}, {date}, {ts, unit}, {time, unit}, {dec, scale},
// {uuid}, {iv}, lists, {struct}, {map}). The typed form says what the reader
// returned, not what the Parquet column is; the column's schema, read here
// from the file's footer (a small Thrift decoder: a few kilobytes, whatever
// the reader), says how to print it: a JS number of a FLOAT column as the
// shortest float32 text, of an INT32 column as an integer, a timestamp in
// the column's unit when the reader's value converts to it exactly, "Z" when
// the column is adjusted to UTC, a decimal the reader hands out as a JS
// number as that number (which the runner's comparison accepts only when it
// is the double nearest the decimal). What the reader lost (a timestamp
// read at a coarser unit, a decimal further than that) stays lost: the
// adapter prints the reader's value, never colcheck's.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

// ---- the footer's schema ----------------------------------------------------

// Thrift compact protocol, enough for FileMetaData: every field decoded to
// {fieldId: value}; integers as JS numbers (exact to 2^53, plenty for a
// schema), binaries as Uint8Array.
function thriftStruct(r) {
  const out = {};
  let last = 0;
  for (;;) {
    const byte = r.bytes[r.pos++];
    if (byte === undefined) throw new Error('footer ends inside a struct');
    const type = byte & 0x0f;
    if (type === 0) return out;
    const delta = byte >> 4;
    const id = delta === 0 ? zigzag(varint(r)) : last + delta;
    last = id;
    out[id] = thriftValue(r, type);
  }
}

function varint(r) {
  let result = 0;
  let scale = 1;
  for (;;) {
    const byte = r.bytes[r.pos++];
    if (byte === undefined) throw new Error('footer ends inside a varint');
    result += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return result;
    scale *= 128;
    if (scale > 2 ** 70) throw new Error('varint too long');
  }
}

function zigzag(n) {
  return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
}

function thriftValue(r, type) {
  switch (type) {
    case 1: return true;
    case 2: return false;
    case 3: { const b = r.bytes[r.pos++]; return b > 127 ? b - 256 : b; }
    case 4: case 5: case 6: return zigzag(varint(r));
    case 7: r.pos += 8; return 0;
    case 8: {
      const n = varint(r);
      const b = r.bytes.subarray(r.pos, r.pos + n);
      r.pos += n;
      return b;
    }
    case 9: case 10: {
      const head = r.bytes[r.pos++];
      const size = (head >> 4) === 15 ? varint(r) : head >> 4;
      const elem = head & 0x0f;
      const list = [];
      for (let k = 0; k < size; ++k) {
        list.push(elem === 1 || elem === 2 ? r.bytes[r.pos++] === 1 : thriftValue(r, elem));
      }
      return list;
    }
    case 11: {
      const size = varint(r);
      if (size === 0) return [];
      const kv = r.bytes[r.pos++];
      for (let k = 0; k < size; ++k) {
        thriftValue(r, kv >> 4);
        thriftValue(r, kv & 0x0f);
      }
      return [];
    }
    case 12: return thriftStruct(r);
    default: throw new Error(`thrift type ${type}`);
  }
}

const kPhysical = ['BOOLEAN', 'INT32', 'INT64', 'INT96', 'FLOAT', 'DOUBLE', 'BYTE_ARRAY',
  'FIXED_LEN_BYTE_ARRAY'];
const kRepetition = ['REQUIRED', 'OPTIONAL', 'REPEATED'];
const kConverted = ['UTF8', 'MAP', 'MAP_KEY_VALUE', 'LIST', 'ENUM', 'DECIMAL', 'DATE',
  'TIME_MILLIS', 'TIME_MICROS', 'TIMESTAMP_MILLIS', 'TIMESTAMP_MICROS', 'UINT_8', 'UINT_16',
  'UINT_32', 'UINT_64', 'INT_8', 'INT_16', 'INT_32', 'INT_64', 'JSON', 'BSON', 'INTERVAL'];
const kLogical = {
  1: 'STRING', 2: 'MAP', 3: 'LIST', 4: 'ENUM', 5: 'DECIMAL', 6: 'DATE', 7: 'TIME',
  8: 'TIMESTAMP', 10: 'INTEGER', 11: 'UNKNOWN', 12: 'JSON', 13: 'BSON', 14: 'UUID',
  15: 'FLOAT16', 16: 'VARIANT', 17: 'GEOMETRY', 18: 'GEOGRAPHY',
};

function timeUnit(u) {
  if (u?.[2]) return 'us';
  if (u?.[3]) return 'ns';
  return 'ms';
}

function logicalOf(l) {
  if (!l) return null;
  for (const [id, v] of Object.entries(l)) {
    const name = kLogical[id];
    if (!name) continue;
    const out = { name };
    if (name === 'DECIMAL') { out.scale = v[1]; out.precision = v[2]; }
    if (name === 'TIME' || name === 'TIMESTAMP') { out.utc = v[1] === true; out.unit = timeUnit(v[2]); }
    if (name === 'INTEGER') { out.bitWidth = v[1]; out.signed = v[2] !== false; }
    return out;
  }
  return null;
}

// The schema elements of FILE's footer, or null when the footer does not
// decode (the reader will say why, or read it anyway).
export function readSchema(file) {
  let fd;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    if (size < 12) return null;
    const tail = Buffer.alloc(8);
    readSync(fd, tail, 0, 8, size - 8);
    if (tail.toString('latin1', 4) !== 'PAR1') return null;
    const length = tail.readUInt32LE(0);
    if (length > size - 12) return null;
    const footer = Buffer.alloc(length);
    readSync(fd, footer, 0, length, size - 8 - length);
    const md = thriftStruct({ bytes: footer, pos: 0 });
    return (md[2] ?? []).map((e) => ({
      physical: kPhysical[e[1]],
      typeLength: e[2],
      repetition: kRepetition[e[3]] ?? 'REQUIRED',
      name: e[4] ? new TextDecoder().decode(e[4]) : '',
      children: e[5],
      converted: kConverted[e[6]],
      scale: e[7],
      precision: e[8],
      logical: logicalOf(e[10]),
    }));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// ---- guides: how colcheck shapes each column (rows_parquet.cc) --------------

// A guide is {kind: 'struct', fields: [[name, guide]...]},
// {kind: 'list', element: guide}, {kind: 'map', key, value, names} or a leaf
// {kind: 'leaf', type, ...} whose type is ParquetValue's (inspect_values.cc):
// bool, int, uint, float (single or not), decimal (scale), date, time and
// timestamp (unit, utc), string, bytes, uuid, int96.

function leafType(e) {
  const l = e.logical;
  const lname = l?.name ?? '';
  const isDecimal = lname === 'DECIMAL' || (!l && e.converted === 'DECIMAL');
  const scale = lname === 'DECIMAL' ? l.scale : e.scale;
  const decimalOk = isDecimal && scale >= 0 && scale <= 1000;
  const unsignedInt = lname === 'INTEGER' ? !l.signed
      : ['UINT_8', 'UINT_16', 'UINT_32'].includes(e.converted);
  switch (e.physical) {
    case 'BOOLEAN': return { type: 'bool' };
    case 'INT32':
      if (decimalOk) return { type: 'decimal', scale };
      if (lname === 'DATE' || e.converted === 'DATE') return { type: 'date' };
      if (lname === 'TIME') return { type: 'time', unit: l.unit, utc: l.utc };
      if (!l && e.converted === 'TIME_MILLIS') return { type: 'time', unit: 'ms', utc: true };
      return { type: unsignedInt ? 'uint' : 'int' };
    case 'INT64':
      if (decimalOk) return { type: 'decimal', scale };
      if (lname === 'TIMESTAMP') return { type: 'timestamp', unit: l.unit, utc: l.utc };
      if (lname === 'TIME') return { type: 'time', unit: l.unit, utc: l.utc };
      if (!l && e.converted === 'TIMESTAMP_MILLIS') return { type: 'timestamp', unit: 'ms', utc: true };
      if (!l && e.converted === 'TIMESTAMP_MICROS') return { type: 'timestamp', unit: 'us', utc: true };
      if (!l && e.converted === 'TIME_MICROS') return { type: 'time', unit: 'us', utc: true };
      return { type: (lname === 'INTEGER' ? !l.signed : e.converted === 'UINT_64') ? 'uint' : 'int' };
    case 'INT96': return { type: 'timestamp', unit: 'ns', utc: false, int96: true };
    case 'FLOAT': return { type: 'float', single: true };
    case 'DOUBLE': return { type: 'float', single: false };
    case 'BYTE_ARRAY':
    case 'FIXED_LEN_BYTE_ARRAY': {
      const fixed = e.physical === 'FIXED_LEN_BYTE_ARRAY';
      if (isDecimal) return decimalOk ? { type: 'decimal', scale } : { type: 'bytes' };
      if (fixed && lname === 'UUID' && e.typeLength === 16) return { type: 'uuid' };
      if (fixed && lname === 'FLOAT16' && e.typeLength === 2) return { type: 'float', single: true, half: true };
      const text = ['STRING', 'ENUM', 'JSON'].includes(lname) ||
          (!l && ['UTF8', 'ENUM', 'JSON'].includes(e.converted));
      return { type: text ? 'string' : 'bytes', interval: e.converted === 'INTERVAL' };
    }
    default: return { type: 'bytes' };
  }
}

// The schema elements as a tree: {e, children: [node...]}.
function schemaTree(elements) {
  let at = 0;
  const node = () => {
    const e = elements[at++];
    if (!e) throw new Error('schema ends early');
    const n = { e, children: [] };
    for (let k = 0; k < (e.children ?? 0); ++k) n.children.push(node());
    return n;
  };
  return node();
}

const isList = (e) => e.logical?.name === 'LIST' || e.converted === 'LIST';
const isMap = (e) => e.logical?.name === 'MAP' || e.converted === 'MAP' ||
    e.converted === 'MAP_KEY_VALUE';

// The guide of node `n` as one value (its own repetition aside).
function valueGuide(n) {
  const e = n.e;
  if (n.children.length === 0 && e.physical) return { kind: 'leaf', ...leafType(e) };
  if (n.children.length === 1 && n.children[0].e.repetition === 'REPEATED') {
    const r = n.children[0];
    if (isList(e)) {
      const elementIsRepeated = r.children.length !== 1 || r.e.name === 'array' ||
          r.e.name === `${e.name}_tuple`;
      // `repeated` and `unwrap` name the groups, for readers that return
      // them as they are (parquet.js).
      if (elementIsRepeated) return { kind: 'list', element: valueGuide(r), repeated: r.e.name };
      return {
        kind: 'list', element: fieldGuide(r.children[0]), repeated: r.e.name,
        unwrap: r.children[0].e.name,
      };
    }
    if (isMap(e)) {
      if (r.children.length === 0) return { kind: 'list', element: valueGuide(r), repeated: r.e.name };
      const names = r.children.map((c, k) => (k === 0 ? 'key' : k === 1 ? 'value' : c.e.name));
      return {
        kind: 'map',
        key: fieldGuide(r.children[0]),
        value: r.children[1] ? fieldGuide(r.children[1]) : null,
        names,
        repeated: r.e.name,
        entry: {
          kind: 'struct', fields: r.children.map((c, k) => [names[k], fieldGuide(c)]),
          sourceNames: r.children.map((c) => c.e.name),
        },
      };
    }
  }
  return { kind: 'struct', fields: n.children.map((c) => [c.e.name, fieldGuide(c)]) };
}

// The guide of a field: a list of its values when it repeats.
function fieldGuide(n) {
  const g = valueGuide(n);
  return n.e.repetition === 'REPEATED' ? { kind: 'list', element: g, bare: true } : g;
}

// The guide of a file's rows ({kind: 'struct'}), or null.
export function fileGuide(file) {
  const elements = readSchema(file);
  if (!elements || elements.length === 0) return null;
  try {
    const root = schemaTree(elements);
    return { kind: 'struct', fields: root.children.map((c) => [c.e.name, fieldGuide(c)]) };
  } catch {
    return null;
  }
}

// ---- canonical text of scalars (reports/values.cc, reports/rows.cc) ---------

// JSON string as reports/json_writer.cc writes it: printable ASCII as is,
// \" \\ \n \r \t, every other code point as \u00xx (lowercase hex),
// astral ones as a surrogate pair.
export function jsonString(s) {
  let out = '"';
  for (let k = 0; k < s.length; ++k) {
    const c = s.charCodeAt(k);
    if (c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c) {
      out += s[k];
    } else if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c >= 0xd800 && c < 0xdc00 && k + 1 < s.length &&
             s.charCodeAt(k + 1) >= 0xdc00 && s.charCodeAt(k + 1) < 0xe000) {
      out += `\\u${c.toString(16).padStart(4, '0')}\\u${s.charCodeAt(k + 1).toString(16)}`;
      ++k;
    } else if (c >= 0xd800 && c < 0xe000) {
      out += '\\ufffd';  // A lone surrogate is no UTF-8 either.
    } else out += `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

// UTF-8 bytes as colcheck decodes them (reports/utf8_decode.h): strict
// RFC 3629, each byte outside a valid sequence one U+FFFD (TextDecoder
// replaces maximal subparts instead, which can differ).
export function utf8Text(bytes) {
  let out = '';
  let k = 0;
  while (k < bytes.length) {
    const b = bytes[k];
    if (b < 0x80) { out += String.fromCharCode(b); ++k; continue; }
    let len = 0; let lo = 0x80; let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) { len = 3; if (b === 0xe0) lo = 0xa0; if (b === 0xed) hi = 0x9f; }
    else if (b >= 0xf0 && b <= 0xf4) { len = 4; if (b === 0xf0) lo = 0x90; if (b === 0xf4) hi = 0x8f; }
    let ok = len > 0 && k + len <= bytes.length && bytes[k + 1] >= lo && bytes[k + 1] <= hi;
    for (let j = 2; ok && j < len; ++j) ok = bytes[k + j] >= 0x80 && bytes[k + j] <= 0xbf;
    if (!ok) { out += '\ufffd'; ++k; continue; }
    let cp = b & (0x7f >> len);
    for (let j = 1; j < len; ++j) cp = (cp << 6) | (bytes[k + j] & 0x3f);
    out += String.fromCodePoint(cp);
    k += len;
  }
  return out;
}

export function base64(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function fromHex(h) {
  return Uint8Array.from(Buffer.from(h, 'hex'));
}

function bitsToNumber(h) {
  return Buffer.from(h, 'hex').readDoubleBE(0);
}

// std::to_chars(value) of the shortest digits: fixed or scientific,
// whichever is shorter (fixed on a tie), exponent of at least two digits.
function shortestText(digits, exp, negative) {
  const sign = negative ? '-' : '';
  let fixed;
  if (exp >= 0) {
    fixed = digits.length <= exp + 1 ? digits + '0'.repeat(exp + 1 - digits.length)
        : `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  } else {
    fixed = `0.${'0'.repeat(-exp - 1)}${digits}`;
  }
  const e = Math.abs(exp);
  const sci = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${exp < 0 ? '-' : '+'}` +
      `${e < 10 ? '0' : ''}${e}`;
  return sign + (sci.length < fixed.length ? sci : fixed);
}

// Digits and exponent of x.toExponential(...) ("1.2345e+3").
function splitExponential(s) {
  const [mantissa, exponent] = s.split('e');
  return [mantissa.replace('.', '').replace(/0+$/, '') || '0', Number(exponent)];
}

// The exact value of a finite double as A / 10^q (BigInts).
function exactDecimal(a) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, a);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mant = bits & 0xfffffffffffffn;
  let exp;
  if (biased === 0) exp = -1074;
  else { mant |= 1n << 52n; exp = biased - 1075; }
  if (exp >= 0) return [mant << BigInt(exp), 0n];
  return [mant * 5n ** BigInt(-exp), BigInt(-exp)];
}

// The p-digit decimal nearest the float32 `a` among those that read back
// as `a` (ties to an even last digit, as std::to_chars), as
// toExponential text, or null.
function shortestSingle(a, p) {
  const [mantissa, exponent] = a.toExponential(p - 1).split('e');
  const m = BigInt(mantissa.replace('.', ''));
  const k = BigInt(Number(exponent) - p + 1);  // The candidate is c * 10^k.
  const [num, q] = exactDecimal(a);
  let best = null;
  for (const c of [m - 1n, m, m + 1n]) {
    if (c <= 0n) continue;
    const text = `${c}e${k}`;
    if (Math.fround(Number(text)) !== a) continue;
    // |c * 10^k - num / 10^q| at the scale 10^(q + max(0, -k)).
    const shift = k < 0n ? -k : 0n;
    const lhs = c * 10n ** (k + q + shift);
    const rhs = num * 10n ** shift;
    const d = lhs > rhs ? lhs - rhs : rhs - lhs;
    if (best === null || d < best.d || (d === best.d && c % 2n === 0n)) best = { c, d };
  }
  if (best === null) return null;
  const digits = best.c.toString();
  const e = Number(k) + digits.length - 1;
  return `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${e >= 0 ? '+' : ''}${e}`;
}

// The canonical text of a float: shortest round-trip for a double, or for
// `single` for a float32; -0.0; "NaN", "Infinity", "-Infinity" (quoted).
export function floatJson(x, single) {
  if (Number.isNaN(x)) return '"NaN"';
  if (x === Infinity) return '"Infinity"';
  if (x === -Infinity) return '"-Infinity"';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0';
  const negative = x < 0;
  const a = Math.abs(x);
  let text = null;
  if (single && Math.fround(a) === a) {
    for (let p = 1; p <= 9 && text === null; ++p) text = shortestSingle(a, p);
  }
  const [digits, exp] = splitExponential(text ?? a.toExponential());
  return shortestText(digits, exp, negative);
}

// "-1234" with scale 2 is "-12.34"; 5 with scale 3 is "0.005".
export function placeDecimal(unscaled, scale) {
  let digits = String(unscaled);
  let sign = '';
  if (digits.startsWith('-')) { sign = '-'; digits = digits.slice(1); }
  const s = Math.max(scale, 0);
  if (digits.length <= s) digits = '0'.repeat(s + 1 - digits.length) + digits;
  return sign + (s > 0 ? `${digits.slice(0, digits.length - s)}.${digits.slice(digits.length - s)}` : digits);
}

// A big-endian two's-complement integer's value.
export function signedBigEndian(bytes) {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  if (bytes.length > 0 && bytes[0] & 0x80) v -= 1n << BigInt(8 * bytes.length);
  return v;
}

const kPerSecond = { ms: 1000n, us: 1000000n, ns: 1000000000n };
const kDigits = { ms: 3, us: 6, ns: 9 };
const kNanos = { s: 1000000000n, ms: 1000000n, us: 1000n, ns: 1n };

function floorDiv(a, b) {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

export function dateText(days) {
  const d = BigInt(days);
  if (d > 2n ** 50n || d < -(2n ** 50n)) return d.toString();
  const z = d + 719468n;
  const era = floorDiv(z, 146097n);
  const doe = z - era * 146097n;
  const yoe = (doe - doe / 1460n + doe / 36524n - doe / 146096n) / 365n;
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
  const mp = (5n * doy + 2n) / 153n;
  const day = doy - (153n * mp + 2n) / 5n + 1n;
  const month = mp < 10n ? mp + 3n : mp - 9n;
  const year = yoe + era * 400n + (month <= 2n ? 1n : 0n);
  const p2 = (v) => v.toString().padStart(2, '0');
  const y = year >= 0n && year <= 9999n ? year.toString().padStart(4, '0')
      : (year < 0n ? '-' : '+') + (year < 0n ? -year : year).toString().padStart(4, '0');
  return `${y}-${p2(month)}-${p2(day)}`;
}

function clockText(seconds, fraction, unit) {
  const p2 = (v) => v.toString().padStart(2, '0');
  return `${p2(seconds / 3600n)}:${p2(seconds / 60n % 60n)}:${p2(seconds % 60n)}.` +
      fraction.toString().padStart(kDigits[unit], '0');
}

export function timestampText(value, unit, utc) {
  const v = BigInt(value);
  const per = kPerSecond[unit];
  const seconds = floorDiv(v, per);
  const rem = v % per;
  const fraction = rem < 0n ? rem + per : rem;
  const days = floorDiv(seconds, 86400n);
  return `${dateText(days)}T${clockText(seconds - days * 86400n, fraction, unit)}${utc ? 'Z' : ''}`;
}

export function timeText(value, unit, utc) {
  const v = BigInt(value);
  const per = kPerSecond[unit];
  if (v < 0n || v / per >= 86400n) return v.toString();
  return clockText(v / per, v % per, unit) + (utc ? 'Z' : '');
}

// `value` in reader unit `from` (s, ms, us, ns) as the column's unit `to`
// when that is no finer than the reader's and the value converts exactly,
// else in the reader's own unit (seconds as milliseconds): a reader that read nanoseconds as
// microseconds prints microseconds, so the runner sees a coarser unit
// rather than a different instant.
function convertUnit(value, from, to) {
  const n = BigInt(value) * kNanos[from];
  if (to && kNanos[to] >= kNanos[from] && n % kNanos[to] === 0n) return [n / kNanos[to], to];
  if (to && from === 's') return [n / kNanos.ms, 'ms'];
  const unit = from === 's' ? 'ms' : from;
  return [n / kNanos[unit], unit];
}

function uuidText(h) {
  const x = h.toLowerCase();
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// IEEE 754 binary16 (little-endian bytes) as a number.
function halfValue(bytes) {
  const h = bytes[0] | (bytes[1] << 8);
  const exponent = (h >> 10) & 0x1f;
  const mantissa = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 31) return mantissa === 0 ? sign * Infinity : NaN;
  return sign * (mantissa + 1024) * 2 ** (exponent - 25);
}

// INT96 bytes (nanos of the day, then the Julian day, little-endian) as
// nanoseconds since the epoch.
function int96Nanos(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (BigInt(view.getInt32(8, true)) - 2440588n) * 86400000000000n + view.getBigInt64(0, true);
}

// ---- canonical JSON of typed values -----------------------------------------

const has = (v, key) => v !== null && typeof v === 'object' && Object.hasOwn(v, key);
const leafOf = (g) => (g && g.kind === 'leaf' ? g : null);

function integerText(x) {
  return Number.isInteger(x) ? BigInt(x).toString() : floatJson(x, false);
}

function bytesJson(bytes, leaf) {
  switch (leaf?.type) {
    case 'string': return jsonString(utf8Text(bytes));
    case 'uuid': return bytes.length === 16 ? JSON.stringify(uuidText(Buffer.from(bytes).toString('hex')))
        : JSON.stringify(base64(bytes));
    case 'decimal': return JSON.stringify(placeDecimal(signedBigEndian(bytes).toString(), leaf.scale));
    case 'float': return leaf.half && bytes.length === 2 ? floatJson(halfValue(bytes), true)
        : JSON.stringify(base64(bytes));
    case 'timestamp':
      return leaf.int96 && bytes.length === 12
        ? JSON.stringify(timestampText(int96Nanos(bytes), 'ns', false)) : JSON.stringify(base64(bytes));
    default: return JSON.stringify(base64(bytes));
  }
}

// A JS number the reader returned, printed as the column reads.
function numberJson(x, leaf) {
  switch (leaf?.type) {
    case 'float': return floatJson(x, leaf.single && (Math.fround(x) === x || Number.isNaN(x)));
    case 'int': case 'uint': return integerText(x);
    case 'decimal': return floatJson(x, false);
    case 'time': return Number.isInteger(x) ? JSON.stringify(timeText(x, leaf.unit, leaf.utc)) : floatJson(x, false);
    case 'timestamp': return Number.isInteger(x) ? JSON.stringify(timestampText(x, leaf.unit, leaf.utc)) : floatJson(x, false);
    case 'date': return Number.isInteger(x) ? JSON.stringify(dateText(x)) : floatJson(x, false);
    case 'bool': return x === 0 || x === 1 ? String(x === 1) : floatJson(x, false);
    default: return Number.isInteger(x) && !Object.is(x, -0) ? integerText(x) : floatJson(x, false);
  }
}

function bigintJson(s, leaf) {
  switch (leaf?.type) {
    case 'time': return JSON.stringify(timeText(s, leaf.unit, leaf.utc));
    case 'timestamp': return JSON.stringify(timestampText(s, leaf.unit, leaf.utc));
    case 'decimal': return JSON.stringify(placeDecimal(s, leaf.scale));
    case 'date': return JSON.stringify(dateText(s));
    case 'float': return floatJson(Number(s), leaf.single);
    default: return s;
  }
}

function stringJson(s, leaf) {
  switch (leaf?.type) {
    case 'bytes': return JSON.stringify(base64(Buffer.from(s, 'utf8')));
    case 'uuid': return JSON.stringify(/^[0-9a-fA-F-]{32,36}$/.test(s)
        ? uuidText(s.replaceAll('-', '')) : s);
    default: return jsonString(s);
  }
}

function objectJson(entries) {
  return `{${entries.map(([k, v]) => `${jsonString(k)}:${v}`).join(',')}}`;
}

// The fields of a struct value in the guide's order, then any others.
function orderedFields(obj, guide) {
  const names = Object.keys(obj);
  if (!guide || guide.kind !== 'struct') return names.map((n) => [n, null]);
  const out = [];
  const seen = new Set();
  // A field the reader left out of the object is null.
  for (const [name, g] of guide.fields) {
    if (!seen.has(name)) { out.push([name, g]); seen.add(name); }
  }
  for (const n of names) if (!seen.has(n)) out.push([n, null]);
  return out;
}

// Whether `obj` is a MAP's repeated group as it is in the file: its one
// field is the group, a list of entry structs.
function rawGroup(obj, guide) {
  const keys = Object.keys(obj);
  if (keys.length !== 1 || keys[0] !== guide.repeated) return false;
  const items = obj[keys[0]];
  return Array.isArray(items) && items.every((e) => e === null || has(e, 'struct'));
}

function mapEntries(pairs, guide) {
  const kg = guide?.kind === 'map' ? guide.key : null;
  const vg = guide?.kind === 'map' ? guide.value : null;
  return `[${pairs.map(([k, v]) => objectJson([['key', canonical(k, kg)], ['value', canonical(v, vg)]]))
      .join(',')}]`;
}

// The canonical JSON of typed value `v` (read_values.mjs's form), printed
// as `guide` (the column's shape and type; null when unknown) reads.
export function canonical(v, guide) {
  // A bare repeated field has no null: a reader's null there is no values.
  if ((v === null || v === undefined) && guide?.bare) return '[]';
  if (v === null || v === undefined) return 'null';
  const leaf = leafOf(guide);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) {
    if (guide?.kind === 'map') {
      // A map read as a list of entry structs (Polars): entries in order.
      return `[${v.map((e) => canonical(e, guide.entry)).join(',')}]`;
    }
    const eg = guide?.kind === 'list' ? guide.element : null;
    return `[${v.map((e) => canonical(e, eg)).join(',')}]`;
  }
  if (typeof v !== 'object') throw new Error(`no canonical form for ${typeof v} ${String(v)}`);
  if (has(v, 'n')) return numberJson(bitsToNumber(v.n), leaf);
  if (has(v, 'i')) return bigintJson(v.i, leaf);
  if (has(v, 's')) return stringJson(v.s, leaf);
  if (has(v, 'x')) return bytesJson(fromHex(v.x), leaf);
  if (has(v, 'date')) return JSON.stringify(dateText(v.date));
  if (has(v, 'ts') && leaf?.type === 'date') {
    // A DATE read as a timestamp (parquet.js: a Date at midnight UTC).
    const ns = BigInt(v.ts) * kNanos[v.unit];
    if (ns % 86400000000000n === 0n) return JSON.stringify(dateText(ns / 86400000000000n));
  }
  if (has(v, 'ts')) {
    const t = leaf?.type === 'timestamp' ? leaf : null;
    const [value, unit] = convertUnit(v.ts, v.unit, t?.unit);
    return JSON.stringify(timestampText(value, unit, t ? t.utc : v.utc === true));
  }
  if (has(v, 'time')) {
    const t = leaf?.type === 'time' ? leaf : null;
    const [value, unit] = convertUnit(v.time, v.unit, t?.unit);
    return JSON.stringify(timeText(value, unit, t ? t.utc : v.utc === true));
  }
  if (has(v, 'dec')) return JSON.stringify(placeDecimal(v.dec, v.scale));
  if (has(v, 'uuid')) return JSON.stringify(uuidText(v.uuid));
  if (has(v, 'iv')) {
    // INTERVAL: colcheck prints its 12 bytes (months, days, millis).
    const [months, days, micros] = v.iv;
    const m = BigInt(micros);
    if (m % 1000n !== 0n) return JSON.stringify(`${months} months ${days} days ${micros} us`);
    const b = Buffer.alloc(12);
    b.writeUInt32LE(months >>> 0, 0);
    b.writeUInt32LE(days >>> 0, 4);
    b.writeUInt32LE(Number(BigInt.asUintN(32, m / 1000n)), 8);
    return JSON.stringify(b.toString('base64'));
  }
  if (has(v, 'map')) return mapEntries(v.map, guide);
  if (has(v, 'struct')) {
    if (guide?.kind === 'map' && rawGroup(v.struct, guide)) {
      // The MAP's groups as they are (a reader that did not take it for a
      // map): print them as the reader gave them.
      return objectJson(Object.keys(v.struct).map((n) => [n, canonical(v.struct[n], null)]));
    }
    if (guide?.kind === 'map') {
      // A map read as an object keyed by its keys' text (hyparquet).
      const kl = leafOf(guide.key);
      const keyOf = (k) => (kl && ['int', 'uint'].includes(kl.type) && /^-?\d+$/.test(k)
        ? { i: k } : { s: k });
      return mapEntries(Object.entries(v.struct).map(([k, x]) => [keyOf(k), x]), guide);
    }
    if (guide?.kind === 'list') {
      // The reader made a struct of what the schema makes a list: print it
      // as the reader gave it, with no guide.
      return objectJson(Object.keys(v.struct).map((n) => [n, canonical(v.struct[n], null)]));
    }
    return objectJson(orderedFields(v.struct, guide).map(([n, g]) => [n, canonical(v.struct[n], g)]));
  }
  throw new Error(`no canonical form for ${JSON.stringify(v).slice(0, 80)}`);
}

// One row ({column: typed value}) as a line of canonical JSON.
export function canonicalRow(row, guide) {
  return objectJson(orderedFields(row, guide).map(([n, g]) => [n, canonical(row[n], g)]));
}

// ---- the adapter's contract -------------------------------------------------

// Whether `error` is the reader failing rather than rejecting the file: a
// Rust panic, a WebAssembly trap, an internal assertion or error, a JS
// TypeError or ReferenceError or stack overflow in the reader's code.
export function isCrash(error) {
  const text = String(error?.stack ?? error?.message ?? error);
  if (error instanceof WebAssembly.RuntimeError) return true;
  if (error?.name === 'RuntimeError') return true;
  if (error instanceof TypeError || error instanceof ReferenceError) return true;
  return /panicked at|called `(Result|Option)::unwrap\(\)`|called `Option::expect|index out of bounds: the len is|attempt to (add|subtract|multiply|negate|shift left|shift right) with overflow|slice index starts at|range (start|end) index .* out of range|RuntimeError|unreachable executed|^unreachable|memory access out of bounds|Maximum call stack size exceeded|INTERNAL Error|[Aa]ssertion( `[^`]*`)? failed|internal error|stack overflow/m
      .test(text);
}

function oneLine(error) {
  return String(error?.message ?? error).replace(/\s+/g, ' ').trim().slice(0, 2000) || 'error';
}

// What a reader's native code writes to stderr when it fails: a Rust
// panic's hook, a WebAssembly trap.
const kCrashText = /panicked at|RuntimeError: |wasm-function\[|Aborted|Assertion .*failed|INTERNAL Error|Segmentation fault/;

// The adapter runs itself as a child, so that what native code writes to
// stderr (a Rust panic's hook prints several lines before the error reaches
// JS) is seen and summed up: one line on stderr, exit 3 on a panic.
async function runAsParent(name) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, COLCHECK_CONFORMANCE_CHILD: '1', RUST_BACKTRACE: '0' },
  });
  let err = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => { if (err.length < 1 << 20) err += d; });
  const [code, signal] = await new Promise((resolve) => {
    child.on('close', (c, s) => resolve([c, s]));
  });
  const lines = err.split('\n').filter((l) => l.trim());
  const own = lines.filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name} adapter:`));
  let message = (own.at(-1) ?? lines[0] ?? '').trim();
  if (signal) {
    process.stderr.write(`${name}: killed by ${signal}${message ? `: ${message}` : ''}\n`);
    process.kill(process.pid, signal);
    return;
  }
  let status = code;
  if (status !== 0 && status !== 2 && kCrashText.test(err)) {
    status = 3;
    const panic = lines.find((l) => kCrashText.test(l));
    if (panic && !message.includes(panic.trim())) message = `${message} [${panic.trim()}]`;
  }
  if (status !== 0) process.stderr.write(`${message.slice(0, 2000) || `${name}: exit ${status}`}\n`);
  process.exitCode = status;
}

// Runs an adapter: `setup()` loads the reader (in the child only) and
// returns `read(file, guide)`, which returns the rows in the typed form (an
// array, or any iterable); each row becomes a canonical JSON line.
export async function runAdapter(name, setup) {
  const file = process.argv[2];
  if (!file || process.argv.length !== 3) {
    process.stderr.write(`usage: node peers/conformance/${name}.mjs FILE\n`);
    process.exit(2);
  }
  if (!process.env.COLCHECK_CONFORMANCE_CHILD) {
    await runAsParent(name);
    return;
  }
  let read;
  try {
    read = await setup();
  } catch (e) {
    process.stderr.write(`${name} adapter: cannot load the reader: ${oneLine(e)}\n`);
    process.exitCode = 2;
    return;
  }
  const guide = fileGuide(file);
  let rows;
  try {
    rows = await read(file, guide);
  } catch (e) {
    if (/no typed form/.test(String(e?.message))) {
      process.stderr.write(`${name} adapter: ${oneLine(e)}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`${name}: ${oneLine(e)}\n`);
    process.exitCode = isCrash(e) ? 3 : 1;
    return;
  }
  let out;
  try {
    const lines = [];
    for (const row of rows) lines.push(canonicalRow(row, guide));
    out = lines.length ? `${lines.join('\n')}\n` : '';
  } catch (e) {
    process.stderr.write(`${name} adapter: ${oneLine(e)}\n`);
    process.exitCode = 2;
    return;
  }
  await writeAll(out);
}

function writeAll(text) {
  return new Promise((resolve) => {
    if (!text) { resolve(); return; }
    process.stdout.write(text, () => resolve());
  });
}
