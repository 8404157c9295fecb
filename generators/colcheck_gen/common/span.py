"""A byte range of a file: where a field landed, or where colcheck must
point for a broken rule."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    offset: int
    length: int

    @property
    def end(self):
        return self.offset + self.length

    def shifted(self, base):
        return Span(self.offset + base, self.length)

    def join(self, other):
        begin = min(self.offset, other.offset)
        return Span(begin, max(self.end, other.end) - begin)
