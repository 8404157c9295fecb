"""Serializes Thrift structs with TCompactProtocol and records where every
field landed.

`serialize(obj)` returns the bytes and a `Spans` map from a field path to
its header and value spans. Paths use the validator's notation:
"schema[0].num_children", "row_groups[1].columns[0].meta_data.statistics".
List elements are recorded as "path[i]" with an empty header. A bool
field's value lives in its header byte, so both spans are that byte.

The encoding itself is python3-thrift's; this module only watches the
transport position around each write.
"""

from dataclasses import dataclass

from thrift.Thrift import TType
from thrift.protocol.TCompactProtocol import TCompactProtocol
from thrift.transport.TTransport import TMemoryBuffer

from colcheck_gen.common.span import Span


@dataclass(frozen=True)
class FieldSpan:
    header: Span  # Empty (length 0) for list elements.
    value: Span

    @property
    def whole(self):
        if self.header.length == 0:
            return self.value
        return self.header.join(self.value)

    def shifted(self, base):
        return FieldSpan(self.header.shifted(base), self.value.shifted(base))


class Spans(dict):
    """path -> FieldSpan, relative to the start of the serialized struct
    unless shifted."""

    def shifted(self, base):
        return Spans({k: v.shifted(base) for k, v in self.items()})


class _Field:
    def __init__(self, path, start, header_end, is_bool):
        self.path, self.start = path, start
        self.header_end, self.is_bool = header_end, is_bool


class _List:
    def __init__(self, path):
        self.path, self.index = path, -1


class _Element:
    def __init__(self, path, start):
        self.path, self.start = path, start


class _Struct:
    pass


class RecordingCompactProtocol(TCompactProtocol):
    """A TCompactProtocol that records the span of every field and list
    element it writes. Generated `write()` methods drive it as usual."""

    def __init__(self, trans):
        super().__init__(trans)
        self.spans = Spans()
        self._frames = []

    def _pos(self):
        return self.trans._buffer.tell()

    def _prefix(self):
        for frame in reversed(self._frames):
            if isinstance(frame, (_Field, _Element, _List)):
                return frame.path
        return ""

    def _child(self, name):
        prefix = self._prefix()
        return f"{prefix}.{name}" if prefix else name

    def writeFieldBegin(self, name, ttype, fid):
        start = self._pos()
        super().writeFieldBegin(name, ttype, fid)
        self._frames.append(_Field(self._child(name), start, self._pos(),
                                   ttype == TType.BOOL))

    def writeFieldEnd(self):
        frame = self._frames.pop()
        end = self._pos()
        if frame.is_bool:
            whole = Span(frame.start, end - frame.start)
            self.spans[frame.path] = FieldSpan(whole, whole)
        else:
            self.spans[frame.path] = FieldSpan(
                Span(frame.start, frame.header_end - frame.start),
                Span(frame.header_end, end - frame.header_end))
        super().writeFieldEnd()

    def writeListBegin(self, etype, size):
        super().writeListBegin(etype, size)
        self._frames.append(_List(self._prefix()))

    def writeListEnd(self):
        self._frames.pop()
        super().writeListEnd()

    def _begin_element(self):
        top = self._frames[-1] if self._frames else None
        if not isinstance(top, _List):
            return None
        top.index += 1
        return _Element(f"{top.path}[{top.index}]", self._pos())

    def _end_element(self, element):
        self.spans[element.path] = FieldSpan(
            Span(element.start, 0),
            Span(element.start, self._pos() - element.start))

    def writeStructBegin(self, name):
        element = self._begin_element()
        self._frames.append(element if element else _Struct())
        super().writeStructBegin(name)

    def writeStructEnd(self):
        super().writeStructEnd()
        frame = self._frames.pop()
        if isinstance(frame, _Element):
            self._end_element(frame)


def _wrap_primitive(name):
    base = getattr(TCompactProtocol, name)

    def write(self, value):
        element = self._begin_element()
        base(self, value)
        if element:
            self._end_element(element)
    write.__name__ = name
    return write


# writeString goes through writeBinary, so it is not wrapped twice.
for _name in ("writeBool", "writeByte", "writeI16", "writeI32", "writeI64",
              "writeDouble", "writeBinary"):
    setattr(RecordingCompactProtocol, _name, _wrap_primitive(_name))


def serialize(obj):
    """Returns (bytes, Spans) of `obj` written with TCompactProtocol."""
    buf = TMemoryBuffer()
    proto = RecordingCompactProtocol(buf)
    obj.write(proto)
    return buf.getvalue(), proto.spans


def deserialize(cls, data):
    """Reads an instance of `cls` from compact-protocol bytes."""
    obj = cls()
    obj.read(TCompactProtocol(TMemoryBuffer(data)))
    return obj
