"""A lenient protobuf wire model of ORC metadata, for mutations.

The python protobuf library refuses what the mutations must write (an
enum value the .proto does not declare, an overlong varint, a group tag, a
length that lies), so mutations edit this model instead and serialize it
again: every enclosing length is recomputed, so only the planted fault
remains, and `encode` reports where each marked field landed.

    msg = Msg.parse(footer_bytes)
    f = msg.get(3, 1).msg().get(1)    # footer.stripes[1].offset
    f.value = 0
    f.mark = "offset"
    data, marks = msg.encode()
    marks["offset"]                   # FieldSpan(tag, value, end)

Scalars are ints (varint, fixed32, fixed64); length-delimited values are
bytes until .msg() or .packed() decodes them in place.
"""

from dataclasses import dataclass, field
from typing import Optional

from colcheck_gen.common.varint import read_uvarint, uvarint

VARINT, FIXED64, LEN, GROUP_START, GROUP_END, FIXED32 = 0, 1, 2, 3, 4, 5


def tag(number, wire_type):
    return uvarint(number << 3 | wire_type)


@dataclass(frozen=True)
class FieldSpan:
    """Offsets of one encoded field, relative to the encoded message: its
    tag, its value (after the length prefix when length-delimited) and its
    end. `elements` are the (start, end) of a packed field's values."""
    tag: int
    value: int
    end: int
    elements: tuple = ()

    @property
    def whole(self):
        return (self.tag, self.end - self.tag)

    @property
    def body(self):
        return (self.value, self.end - self.value)

    def shifted(self, by):
        return FieldSpan(self.tag + by, self.value + by, self.end + by,
                         tuple((a + by, b + by) for a, b in self.elements))


@dataclass
class F:
    number: int
    wire_type: int
    value: object  # int, bytes, Msg or list of int (packed)
    mark: Optional[str] = None
    raw_tag: Optional[bytes] = None    # Replaces the encoded tag.
    raw_value: Optional[bytes] = None  # Replaces value (and length prefix).
    is_packed: bool = False

    def msg(self):
        """Decodes a length-delimited value as a message, in place."""
        if not isinstance(self.value, Msg):
            self.value = Msg.parse(self.value)
        return self.value

    def packed(self):
        """Decodes a length-delimited value as packed varints, in place."""
        if not self.is_packed:
            vals, pos, buf = [], 0, self.value
            while pos < len(buf):
                v, pos = read_uvarint(buf, pos)
                vals.append(v)
            self.value = vals
            self.is_packed = True
        return self.value


@dataclass
class Msg:
    fields: list = field(default_factory=list)

    @staticmethod
    def parse(buf):
        buf = bytes(buf)
        out, pos = [], 0
        while pos < len(buf):
            key, pos = read_uvarint(buf, pos)
            number, wt = key >> 3, key & 7
            if wt == VARINT:
                v, pos = read_uvarint(buf, pos)
            elif wt == FIXED64:
                v = int.from_bytes(buf[pos:pos + 8], "little")
                pos += 8
            elif wt == FIXED32:
                v = int.from_bytes(buf[pos:pos + 4], "little")
                pos += 4
            elif wt == LEN:
                n, pos = read_uvarint(buf, pos)
                v = buf[pos:pos + n]
                pos += n
            else:
                raise ValueError(f"wire type {wt} in a valid message")
            out.append(F(number, wt, v))
        return Msg(out)

    def all(self, number):
        return [f for f in self.fields if f.number == number]

    def get(self, number, k=0):
        """The k-th occurrence of field `number`."""
        return self.all(number)[k]

    def has(self, number):
        return any(f.number == number for f in self.fields)

    def remove(self, number, k=None):
        """Removes occurrence k of `number` (all when k is None)."""
        hits = [i for i, f in enumerate(self.fields) if f.number == number]
        if k is not None:
            hits = [hits[k]]
        for i in reversed(hits):
            del self.fields[i]

    def set(self, number, value, wire_type=VARINT):
        """Sets a singular field, appending it when absent."""
        if self.has(number):
            f = self.get(number)
            f.value = value
            return f
        f = F(number, wire_type, value)
        self.fields.append(f)
        return f

    def index(self, f):
        return next(i for i, g in enumerate(self.fields) if g is f)

    def encode(self):
        """(bytes, {mark: FieldSpan}) with offsets relative to the start."""
        out = bytearray()
        marks = {}
        for f in self.fields:
            start = len(out)
            out += f.raw_tag if f.raw_tag is not None else tag(f.number,
                                                                f.wire_type)
            inner, elements = {}, ()
            if f.raw_value is not None:
                value_start = len(out)
                out += f.raw_value
            elif f.wire_type == VARINT:
                value_start = len(out)
                out += uvarint(f.value)
            elif f.wire_type == FIXED64:
                value_start = len(out)
                out += f.value.to_bytes(8, "little")
            elif f.wire_type == FIXED32:
                value_start = len(out)
                out += f.value.to_bytes(4, "little")
            else:
                if isinstance(f.value, Msg):
                    body, inner = f.value.encode()
                elif f.is_packed:
                    parts = [uvarint(v) for v in f.value]
                    body = b"".join(parts)
                    pos, els = 0, []
                    for p in parts:
                        els.append((pos, pos + len(p)))
                        pos += len(p)
                    elements = tuple(els)
                else:
                    body = bytes(f.value)
                out += uvarint(len(body))
                value_start = len(out)
                out += body
            span = FieldSpan(start, value_start, len(out),
                             tuple((value_start + a, value_start + b)
                                   for a, b in elements))
            if f.mark:
                marks[f.mark] = span
            for name, s in inner.items():
                marks[name] = s.shifted(value_start)
        return bytes(out), marks
