"""Canonical JSON of values and rows, as reports/rows.h defines it.

Computed from the values the generators write, never from colcheck:

    float_text(0.1)              "0.1"  (shortest round trip, std::to_chars
                                         style: fixed or scientific,
                                         whichever is shorter, fixed on ties)
    float_text(x, single=True)   the shortest text that reads back as the
                                 same float32
    json_string("caf\u00e9")      "caf\\u00e9" (pure ASCII, JsonWriter's escapes)

ParquetRows renders writer rows (dicts keyed by field name, as
writer.FileSpec takes them) by the writer's schema description (Leaf,
Group, ListOf, MapOf); OrcRows renders orc writer rows by their OrcType.
"""

import base64
import math
import struct
from decimal import Decimal as _D

from colcheck_gen.parquet import writer as pw

_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def json_string(text):
    """A JSON string as colcheck's JsonWriter writes it."""
    out = ['"']
    for ch in text:
        cp = ord(ch)
        if ch in _SHORT:
            out.append(_SHORT[ch])
        elif 0x20 <= cp < 0x7F:
            out.append(ch)
        elif cp > 0xFFFF:
            off = cp - 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (off >> 10),
                                           0xDC00 + (off & 0x3FF)))
        else:
            out.append("\\u%04x" % cp)
    out.append('"')
    return "".join(out)


def utf8_text(data):
    """Bytes as the string colcheck holds: invalid UTF-8 bytes become
    U+FFFD one by one (the writers here only write valid UTF-8)."""
    if isinstance(data, str):
        return data
    return bytes(data).decode("utf-8", errors="replace")


def _f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def _digits(text):
    """(digit string without trailing zeros, exponent) of a positive
    decimal text: value = int(digits) * 10**exponent."""
    sign, digits, exp = _D(text).as_tuple()
    d = "".join(map(str, digits)).lstrip("0") or "0"
    # Leading zeros removed do not change the value.
    while len(d) > 1 and d.endswith("0"):
        d = d[:-1]
        exp += 1
    return d, exp


def _chars(d, exp):
    """std::to_chars's shortest form of int(d) * 10**exp: %f or %e,
    whichever is shorter (%f on a tie)."""
    n = len(d)
    sci_exp = exp + n - 1
    sci = d[0] + ("." + d[1:] if n > 1 else "") + "e" + (
        "-" if sci_exp < 0 else "+") + "%02d" % abs(sci_exp)
    if exp >= 0:
        fixed = d + "0" * exp
    elif n + exp > 0:
        fixed = d[:n + exp] + "." + d[n + exp:]
    else:
        fixed = "0." + "0" * (-exp - n) + d
    return fixed if len(fixed) <= len(sci) else sci


def float_text(x, single=False):
    """The canonical text of a float (before JSON quoting): NaN, Infinity
    and -Infinity as words, -0.0 with its ".0"."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0.0" if math.copysign(1, x) < 0 else "0"
    sign = "-" if x < 0 else ""
    a = abs(x)
    if single:
        a = _f32(a)
        for p in range(1, 10):
            s = "%.*e" % (p - 1, a)
            try:
                if _f32(float(s)) == a:
                    break
            except OverflowError:  # Past FLT_MAX: reads as infinity.
                continue
    else:
        s = repr(a)
    return sign + _chars(*_digits(s))


def float_json(x, single=False):
    text = float_text(x, single)
    if text in ("NaN", "Infinity", "-Infinity"):
        return '"' + text + '"'
    return text


def decimal_text(unscaled, scale):
    """PlaceDecimalPoint: -1234 with scale 2 is -12.34, 5 with 3 is 0.005."""
    digits = str(abs(unscaled))
    if scale > 0:
        if len(digits) <= scale:
            digits = "0" * (scale + 1 - len(digits)) + digits
        digits = digits[:-scale] + "." + digits[-scale:]
    return ("-" if unscaled < 0 else "") + digits


def date_text(days):
    """Days since 1970-01-01 as a proleptic Gregorian date (Hinnant)."""
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (1 if month <= 2 else 0)
    if 0 <= year <= 9999:
        return "%04d-%02d-%02d" % (year, month, day)
    return "%+05d-%02d-%02d" % (year, month, day)


PER_SECOND = {"MILLIS": 1000, "MICROS": 10 ** 6, "NANOS": 10 ** 9}
DIGITS = {"MILLIS": 3, "MICROS": 6, "NANOS": 9}


def _clock(seconds, fraction, unit):
    return "%02d:%02d:%02d.%0*d" % (seconds // 3600, seconds // 60 % 60,
                                    seconds % 60, DIGITS[unit], fraction)


def time_text(value, unit, utc):
    per = PER_SECOND[unit]
    if value < 0 or value // per >= 86400:
        return str(value)
    return _clock(value // per, value % per, unit) + ("Z" if utc else "")


def timestamp_text(value, unit, utc):
    per = PER_SECOND[unit]
    seconds, fraction = divmod(value, per)
    days, within = divmod(seconds, 86400)
    return (date_text(days) + "T" + _clock(within, fraction, unit) +
            ("Z" if utc else ""))


def uuid_text(b):
    h = bytes(b).hex()
    return "-".join((h[:8], h[8:12], h[12:16], h[16:20], h[20:]))


def b64(b):
    return base64.b64encode(bytes(b)).decode("ascii")


def dumps(value):
    """Canonical JSON of a rendered value: None, bool, int, str (already a
    JSON fragment when wrapped in Raw), list, or dict in order."""
    if value is None:
        return "null"
    if isinstance(value, Raw):
        return value.text
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json_string(value)
    if isinstance(value, list):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(json_string(k) + ":" + dumps(v)
                              for k, v in value.items()) + "}"
    raise TypeError(f"cannot render {value!r}")


class Raw:
    """A JSON fragment written as is (a float's number text)."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return f"Raw({self.text!r})"


def float_value(x, single):
    text = float_text(x, single)
    if text in ("NaN", "Infinity", "-Infinity"):
        return text
    return Raw(text)


# ---- Parquet ----------------------------------------------------------------

def parquet_scalar(leaf, value):
    """The rendered value of one non-null `value` of `leaf`, as the writer
    takes it (before Leaf.to_physical)."""
    lg, ph = leaf.logical, leaf.physical
    if isinstance(lg, pw.Decimal):
        return decimal_text(value, lg.scale)
    if isinstance(lg, (pw.String, pw.Enum, pw.Json)):
        return utf8_text(value)
    if isinstance(lg, pw.Date):
        return date_text(value)
    if isinstance(lg, pw.Time):
        return time_text(value, lg.unit, lg.utc)
    if isinstance(lg, pw.Timestamp):
        return timestamp_text(value, lg.unit, lg.utc)
    if isinstance(lg, pw.Uuid):
        return uuid_text(value)
    if isinstance(lg, pw.Float16):
        half = struct.unpack("<e", struct.pack("<e", value))[0]
        return float_value(half, True)
    if isinstance(lg, pw.Interval):
        return b64(struct.pack("<III", *value))
    if isinstance(lg, pw.Integer):
        return int(value)
    if ph == "BOOLEAN":
        return bool(value)
    if ph in ("INT32", "INT64"):
        return int(value)
    if ph == "INT96":
        return timestamp_text(value, "NANOS", False)
    if ph == "FLOAT":
        return float_value(_f32(value), True)
    if ph == "DOUBLE":
        return float_value(value, False)
    return b64(value)  # BYTE_ARRAY, FLBA, BSON.


def parquet_value(node, value):
    """The rendered value of field `node` (Leaf, Group, ListOf, MapOf)."""
    if getattr(node, "repetition", None) == pw.REPEATED and not isinstance(
            node, (pw.ListOf, pw.MapOf)):
        one = pw.list_element(node)
        return [parquet_value(one, v) for v in (value or [])]
    if value is None:
        return None
    if isinstance(node, pw.Leaf):
        return parquet_scalar(node, value)
    if isinstance(node, pw.Group):
        return {c.name: parquet_value(c, value.get(c.name))
                for c in node.children}
    if isinstance(node, pw.ListOf):
        return [parquet_value(node.element, v) for v in value]
    if isinstance(node, pw.MapOf):
        return [{"key": parquet_value(node.key, k),
                 "value": parquet_value(node.value, v)} for k, v in value]
    raise TypeError(node)


def parquet_rows(schema, rows):
    """The canonical JSON lines of `rows` of a writer schema."""
    return [dumps({n.name: parquet_value(n, row.get(n.name))
                   for n in schema}) for row in rows]


# ---- ORC --------------------------------------------------------------------

ORC_EPOCH = 1420070400


def orc_value(t, v):
    if v is None:
        return None
    k = t.kind
    if k == "BOOLEAN":
        return bool(v)
    if k in ("BYTE", "SHORT", "INT", "LONG"):
        return int(v)
    if k == "FLOAT":
        return float_value(_f32(v), True)
    if k == "DOUBLE":
        return float_value(v, False)
    if k in ("STRING", "VARCHAR", "CHAR"):
        if k == "CHAR":
            v = v.ljust(t.max_length)
        return v
    if k == "BINARY":
        return b64(v)
    if k == "DECIMAL":
        return decimal_text(v, t.scale)
    if k == "DATE":
        return date_text(v)
    if k in ("TIMESTAMP", "TIMESTAMP_INSTANT"):
        secs, nanos = v
        return timestamp_text(secs * 10 ** 9 + nanos, "NANOS",
                              k == "TIMESTAMP_INSTANT")
    if k == "STRUCT":
        return {n: orc_value(c, v.get(n))
                for n, c in zip(t.field_names, t.children)}
    if k == "LIST":
        return [orc_value(t.children[0], x) for x in v]
    if k == "MAP":
        return [{"key": orc_value(t.children[0], a),
                 "value": orc_value(t.children[1], b)} for a, b in v]
    if k == "UNION":
        tag, x = v
        return {"tag": tag, "value": orc_value(t.children[tag], x)}
    raise TypeError(k)


def orc_rows(schema, rows):
    return [dumps({n: orc_value(c, row.get(n))
                   for n, c in zip(schema.field_names, schema.children)})
            for row in rows]
