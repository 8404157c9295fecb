"""The ORC run-length encoders (ORCv1.md §Run Length Encoding), written the
way the Java writer decides its runs, so the bytes match what real files
hold and the row-index positions are the ones a Java writer records.

    enc = IntRleV2(signed=True)
    for v in values:
        enc.write(v)
    enc.position()     # [bytes emitted so far, values buffered] (RI3)
    data = enc.finish()

Every encoder is streaming: `write` buffers values until a run is decided,
`position` returns what a row-index entry records at that moment (the
byte offset of the next run within the uncompressed stream, then the
values to skip inside it; the boolean writer adds the bits used of the
current byte), and `finish` flushes and returns the stream's bytes.

Decisions follow RunLengthByteWriter, RunLengthIntegerWriter (v1) and
RunLengthIntegerWriterV2 of the Java writer (facts, not code: the state
machine below is this project's own). IntRleV2(force=...) bypasses the
choice and writes every run in one sub-encoding, for coverage.
"""

from colcheck_gen.common.varint import uvarint, zigzag

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1
_U64 = (1 << 64) - 1

SHORT_REPEAT, DIRECT, PATCHED_BASE, DELTA = 0, 1, 2, 3
SUB_ENCODINGS = {"SHORT_REPEAT": SHORT_REPEAT, "DIRECT": DIRECT,
                 "PATCHED_BASE": PATCHED_BASE, "DELTA": DELTA}


# ---- varints ---------------------------------------------------------------

def svarint(value):
    return uvarint(zigzag(value))


def _wrap64(value):
    value &= _U64
    return value - (1 << 64) if value >> 63 else value


def _zigzag64(value):
    return ((value << 1) ^ (value >> 63)) & _U64


# ---- byte and boolean RLE --------------------------------------------------

class _Runs:
    """What byte RLE and integer RLE v1 share: runs of 3..130 values,
    literal groups of 1..128, and how a tail of literals becomes a run.
    Subclasses keep _literals, _repeat and _tail (the length of the
    literals' repeating tail) and write a group in _flush_group."""

    _MIN_REPEAT = 3
    _MAX_LITERAL = 128
    _MAX_REPEAT = 130

    def __init__(self):
        self.out = bytearray()
        self._new_group()

    def _new_group(self):
        self._literals = []
        self._repeat = False
        self._tail = 0

    def _start_or_repeat(self, value, repeats):
        """Starts the literals with `value`, or, in a run, adds it when
        `repeats` (it continues the run) or starts a new group with it.
        False when `value` is for the literals' tail."""
        lits = self._literals
        if not lits:
            lits.append(value)
            self._tail = 1
        elif self._repeat:
            if repeats:
                lits.append(value)
                if len(lits) == self._MAX_REPEAT:
                    self._flush_group()
            else:
                self._flush_group()
                self._literals.append(value)
                self._tail = 1
        else:
            return False
        return True

    def _extend(self, value, run):
        """Appends `value` to the literals; when the repeating tail reaches
        _MIN_REPEAT, the tail turns into a run whose values are `run`."""
        lits = self._literals
        if self._tail == self._MIN_REPEAT:
            if len(lits) + 1 == self._MIN_REPEAT:
                lits.append(value)
                self._repeat = True
            else:
                # The last two literals start the run: emit the rest.
                del lits[-(self._MIN_REPEAT - 1):]
                self._flush_group()
                self._literals = run
                self._repeat = True
        else:
            lits.append(value)
            if len(lits) == self._MAX_LITERAL:
                self._flush_group()

    def position(self):
        return [len(self.out), len(self._literals)]

    def finish(self):
        self._flush_group()
        return bytes(self.out)


class ByteRle(_Runs):
    """Byte RLE: runs of 3..130 copies, literal lists of 1..128 bytes."""

    def _flush_group(self):
        if not self._literals:
            return
        if self._repeat:
            self.out.append(len(self._literals) - self._MIN_REPEAT)
            self.out.append(self._literals[0])
        else:
            self.out.append(256 - len(self._literals))
            self.out.extend(self._literals)
        self._new_group()

    def write(self, value):
        value &= 0xFF
        lits = self._literals
        if not self._start_or_repeat(value, lits and value == lits[0]):
            self._tail = self._tail + 1 if value == lits[-1] else 1
            self._extend(value, [value] * self._MIN_REPEAT)


class BoolRle:
    """Booleans packed MSB first into bytes, the bytes byte-RLE coded."""

    def __init__(self):
        self._bytes = ByteRle()
        self._current = 0
        self._bits = 0

    def write(self, value):
        self._current = (self._current << 1) | (1 if value else 0)
        self._bits += 1
        if self._bits == 8:
            self._bytes.write(self._current)
            self._current = 0
            self._bits = 0

    def position(self):
        return self._bytes.position() + [self._bits]

    def finish(self):
        if self._bits:
            self._bytes.write(self._current << (8 - self._bits))
            self._current = 0
            self._bits = 0
        return self._bytes.finish()


# ---- integer RLE v1 --------------------------------------------------------

class IntRleV1(_Runs):
    """Runs of 3..130 values with a delta in -128..127, or 1..128 varint
    literals."""

    def __init__(self, signed):
        super().__init__()
        self.signed = signed
        self._delta = 0

    def _varint(self, value):
        return svarint(value) if self.signed else uvarint(value)

    def _flush_group(self):
        if not self._literals:
            return
        if self._repeat:
            self.out.append(len(self._literals) - self._MIN_REPEAT)
            self.out.append(self._delta & 0xFF)
            self.out += self._varint(self._literals[0])
        else:
            self.out.append(256 - len(self._literals))
            for v in self._literals:
                self.out += self._varint(v)
        self._new_group()

    def write(self, value):
        lits = self._literals
        if self._start_or_repeat(
                value, lits and value == lits[0] + self._delta * len(lits)):
            return
        if self._tail != 1 and value == lits[-1] + self._delta:
            self._tail += 1
        else:
            self._delta = value - lits[-1]
            self._tail = 2 if -128 <= self._delta <= 127 else 1
        base = value - 2 * self._delta
        self._extend(value, [base, base + self._delta, value])


# ---- integer RLE v2 --------------------------------------------------------

_FIXED_WIDTHS = list(range(1, 25)) + [26, 28, 30, 32, 40, 48, 56, 64]


def closest_fixed_bits(n):
    """The width RLEv2 can store that is ≥ n (1..24, 26, 28, 30, 32, 40,
    48, 56, 64); 0 rounds up to 1."""
    if n <= 1:
        return 1
    if n <= 24:
        return n
    for width in (26, 28, 30, 32, 40, 48, 56):
        if n <= width:
            return width
    return 64


def closest_aligned_bits(n):
    """The aligned widths the Java SPEED strategy uses for DIRECT/DELTA."""
    for width in (1, 2, 4, 8, 16, 24, 32, 40, 48, 56):
        if n <= width:
            return width
    return 64


def encode_width(n):
    """Width in bits -> the 5-bit code (ORCv1.md width table)."""
    n = closest_fixed_bits(n)
    if n <= 24:
        return n - 1
    return {26: 24, 28: 25, 30: 26, 32: 27, 40: 28, 48: 29, 56: 30,
            64: 31}[n]


def decode_width(code):
    if code <= 23:
        return code + 1
    return {24: 26, 25: 28, 26: 30, 27: 32, 28: 40, 29: 48, 30: 56,
            31: 64}[code]


def bits_needed(value):
    """findClosestNumBits of an unsigned 64-bit value."""
    return closest_fixed_bits((value & _U64).bit_length())


def percentile_bits(values, p):
    """The width that covers the p-quantile of `values` by width bucket."""
    hist = [0] * 32
    for v in values:
        hist[encode_width(bits_needed(v))] += 1
    budget = int(len(values) * (1.0 - p))
    for code in range(31, -1, -1):
        budget -= hist[code]
        if budget < 0:
            return decode_width(code)
    return 0


def pack_bits(values, width):
    """Big-endian, MSB-first bit packing, padded to a byte."""
    acc = 0
    nbits = 0
    out = bytearray()
    mask = (1 << width) - 1
    for v in values:
        acc = (acc << width) | (v & mask)
        nbits += width
        while nbits >= 8:
            nbits -= 8
            out.append((acc >> nbits) & 0xFF)
        acc &= (1 << nbits) - 1
    if nbits:
        out.append((acc << (8 - nbits)) & 0xFF)
    return bytes(out)


def _patched_base(lo):
    """PATCHED_BASE's base: sign-magnitude, big-endian, in the fewest
    bytes that leave the top bit for the sign. (The Java writer counts no
    sign bit for negative bases, which breaks a base like -128 whose
    magnitude fills its bytes; this writer always keeps one.)"""
    magnitude = -lo if lo < 0 else lo
    base_bytes = (bits_needed(magnitude) + 1 + 7) // 8
    if lo < 0:
        magnitude |= 1 << (base_bytes * 8 - 1)
    return magnitude, base_bytes


class IntRleV2:
    """RLEv2 with the Java writer's choice of SHORT_REPEAT, DIRECT,
    PATCHED_BASE and DELTA. `force` ("DIRECT", "DELTA", "PATCHED_BASE" or
    "SHORT_REPEAT") writes every run in that sub-encoding where the values
    allow it (see _write_forced); `aligned` False uses the deprecated
    exact widths for DIRECT and DELTA."""

    _MIN_REPEAT = 3
    _MAX_SHORT_REPEAT = 10
    _MAX_SCOPE = 512
    _BASE_VALUE_LIMIT = 1 << 56

    def __init__(self, signed, force=None, aligned=True):
        if force is not None and force not in SUB_ENCODINGS:
            raise ValueError(f"unknown RLEv2 sub-encoding {force}")
        self.signed = signed
        self.force = force
        self.aligned = aligned
        self.out = bytearray()
        self.runs = []  # Sub-encoding of every run written, for tests.
        self._lits = []
        self._fixed = 0
        self._variable = 0
        self._prev_delta = 0

    # -- the Java state machine ---------------------------------------------

    def write(self, value):
        if not (INT64_MIN <= value <= INT64_MAX):
            raise ValueError(f"{value} outside int64")
        if self.force is not None:
            self._lits.append(value)
            if len(self._lits) == self._forced_scope():
                self._write_forced()
            return
        lits = self._lits
        if not lits:
            self._start(value)
        elif len(lits) == 1:
            self._prev_delta = _wrap64(value - lits[0])
            lits.append(value)
            if value == lits[0]:
                self._fixed, self._variable = 2, 0
            else:
                self._fixed, self._variable = 0, 2
        else:
            delta = _wrap64(value - lits[-1])
            if self._prev_delta == 0 and delta == 0:
                lits.append(value)
                if self._variable > 0:
                    self._fixed = 2
                self._fixed += 1
                if self._fixed >= self._MIN_REPEAT and self._variable > 0:
                    # A repeat grew at the end of a variable run: emit the
                    # variable part, keep the repeat going.
                    tail = lits[-self._MIN_REPEAT:]
                    del lits[-self._MIN_REPEAT:]
                    self._variable -= self._MIN_REPEAT - 1
                    self._emit_variable()
                    self._lits.extend(tail)
                if self._fixed == self._MAX_SCOPE:
                    self._emit_variable()
            else:
                if self._fixed >= self._MIN_REPEAT:
                    if self._fixed <= self._MAX_SHORT_REPEAT:
                        self._emit_short_repeat()
                    else:
                        self._emit_fixed_delta()
                if 0 < self._fixed < self._MIN_REPEAT and value != lits[-1]:
                    self._variable = self._fixed
                    self._fixed = 0
                if not self._lits:
                    self._start(value)
                else:
                    self._prev_delta = _wrap64(value - self._lits[-1])
                    self._lits.append(value)
                    self._variable += 1
                    if self._variable == self._MAX_SCOPE:
                        self._emit_variable()

    def _start(self, value):
        self._lits.append(value)
        self._fixed = 1
        self._variable = 1

    def position(self):
        return [len(self.out), len(self._lits)]

    def finish(self):
        if self.force is not None:
            if self._lits:
                self._write_forced()
            return bytes(self.out)
        if self._lits:
            if self._variable:
                self._emit_variable()
            elif self._fixed < self._MIN_REPEAT:
                self._variable, self._fixed = self._fixed, 0
                self._emit_variable()
            elif self._fixed <= self._MAX_SHORT_REPEAT:
                self._emit_short_repeat()
            else:
                self._emit_fixed_delta()
        return bytes(self.out)

    # -- choosing the encoding of a variable run (determineEncoding) ---------

    def _zz(self, value):
        return _zigzag64(value) if self.signed else value

    def _emit_variable(self):
        lits = self._lits
        n = len(lits)
        zz = [self._zz(v) for v in lits]
        zz100 = percentile_bits(zz, 1.0)
        if n <= self._MIN_REPEAT:
            return self._finish_run(self._direct(zz, zz100))
        lo = hi = lits[0]
        increasing = decreasing = fixed_delta = True
        first_delta = _wrap64(lits[1] - lits[0])
        delta_max = 0
        for i in range(1, n):
            d = _wrap64(lits[i] - lits[i - 1])
            lo, hi = min(lo, lits[i]), max(hi, lits[i])
            increasing &= lits[i - 1] <= lits[i]
            decreasing &= lits[i - 1] >= lits[i]
            fixed_delta &= d == first_delta
            if i > 1:
                delta_max = max(delta_max, abs(d))
        if not INT64_MIN <= hi - lo <= INT64_MAX:
            return self._finish_run(self._direct(zz, zz100))
        if lo == hi or fixed_delta:
            return self._finish_run(self._delta(lits, first_delta, 0, True))
        if first_delta != 0 and (increasing or decreasing):
            return self._finish_run(self._delta(lits, first_delta,
                                                bits_needed(delta_max), False))
        zz90 = percentile_bits(zz, 0.9)
        if zz100 - zz90 > 1:
            reduced = [v - lo for v in lits]
            br95 = percentile_bits(reduced, 0.95)
            br100 = percentile_bits(reduced, 1.0)
            if br100 - br95 != 0 and abs(lo) < self._BASE_VALUE_LIMIT:
                return self._finish_run(
                    self._patched(reduced, lo, br95, br100))
        return self._finish_run(self._direct(zz, zz100))

    def _finish_run(self, encoded):
        kind, data = encoded
        self.out += data
        self.runs.append(kind)
        self._lits = []
        self._variable = 0
        self._prev_delta = 0

    def _emit_short_repeat(self):
        self.out += self._short_repeat(self._lits[0], len(self._lits))
        self.runs.append(SHORT_REPEAT)
        self._lits = []
        self._fixed = 0
        self._prev_delta = 0

    def _emit_fixed_delta(self):
        self.out += self._delta(self._lits, 0, 0, True)[1]
        self.runs.append(DELTA)
        self._lits = []
        self._fixed = 0
        self._prev_delta = 0

    # -- the four sub-encodings ----------------------------------------------

    def _short_repeat(self, value, count):
        v = self._zz(value)
        width = max(1, (bits_needed(v) + 7) // 8)
        return bytes([(SHORT_REPEAT << 6) | ((width - 1) << 3)
                      | (count - self._MIN_REPEAT)]) + v.to_bytes(width, "big")

    def _header2(self, kind, width_code, n):
        return bytes([(kind << 6) | (width_code << 1) | ((n - 1) >> 8),
                      (n - 1) & 0xFF])

    def _direct(self, zz, width):
        if self.aligned:
            width = closest_aligned_bits(width)
        return DIRECT, (self._header2(DIRECT, encode_width(width), len(zz))
                        + pack_bits(zz, width))

    def _delta(self, lits, first_delta, width, fixed):
        base = svarint(lits[0]) if self.signed else uvarint(lits[0])
        if fixed:
            return DELTA, (self._header2(DELTA, 0, len(lits)) + base
                           + svarint(first_delta if len(lits) > 1 else 0))
        if self.aligned:
            width = closest_aligned_bits(width)
        if width == 1:
            width = 2  # Width code 0 means "fixed delta" in DELTA.
        deltas = [abs(lits[i] - lits[i - 1]) for i in range(2, len(lits))]
        return DELTA, (self._header2(DELTA, encode_width(width), len(lits))
                       + base + svarint(first_delta)
                       + pack_bits(deltas, width))

    def _patched(self, reduced, lo, br95, br100):
        n = len(reduced)
        patch_width = closest_fixed_bits(br100 - br95)
        if patch_width == 64:
            patch_width, br95 = 56, 8
        mask = (1 << br95) - 1
        data = list(reduced)
        gaps, patches = [], []
        prev = 0
        for i, v in enumerate(data):
            if v > mask:
                gaps.append(i - prev)
                prev = i
                patches.append(v >> br95)
                data[i] = v & mask
        max_gap = max(gaps) if gaps else 0
        gap_width = 1 if max_gap == 0 else bits_needed(max_gap)
        gap_width = min(gap_width, 8)
        entries = []
        for gap, patch in zip(gaps, patches):
            while gap > 255:
                entries.append(255 << patch_width)
                gap -= 255
            entries.append((gap << patch_width) | patch)
        magnitude, base_bytes = _patched_base(lo)
        head = bytes([(PATCHED_BASE << 6) | (encode_width(br95) << 1)
                      | ((n - 1) >> 8), (n - 1) & 0xFF,
                      ((base_bytes - 1) << 5) | encode_width(patch_width),
                      ((gap_width - 1) << 5) | len(entries)])
        return PATCHED_BASE, (
            head + magnitude.to_bytes(base_bytes, "big")
            + pack_bits(data, closest_fixed_bits(br95))
            + pack_bits(entries, closest_fixed_bits(gap_width + patch_width)))

    # -- forced sub-encodings -------------------------------------------------

    def _forced_scope(self):
        # PATCHED_BASE runs stay short so the patch list (≤ 31 entries, one
        # per value over the data width) always fits.
        return {"SHORT_REPEAT": self._MAX_SHORT_REPEAT,
                "PATCHED_BASE": 20}.get(self.force, self._MAX_SCOPE)

    def _write_forced(self):
        """Writes the buffered values in the forced sub-encoding. Values it
        cannot express fall back to DIRECT for that run: SHORT_REPEAT needs
        3..10 equal values, DELTA a monotonic run whose first delta is
        non-zero (or a constant run), PATCHED_BASE a base below 2^56."""
        lits = self._lits
        self._lits = []
        zz = [self._zz(v) for v in lits]
        kind = self.force
        if kind == "SHORT_REPEAT":
            if len(lits) >= 3 and len(set(lits)) == 1:
                self.out += self._short_repeat(lits[0], len(lits))
                self.runs.append(SHORT_REPEAT)
                return
            kind = "DIRECT"
        if kind == "DELTA":
            encoded = self._forced_delta(lits)
            if encoded:
                self.out += encoded[1]
                self.runs.append(DELTA)
                return
            kind = "DIRECT"
        if kind == "PATCHED_BASE":
            lo = min(lits)
            if abs(lo) < self._BASE_VALUE_LIMIT and \
                    max(lits) - lo <= INT64_MAX:
                reduced = [v - lo for v in lits]
                width = percentile_bits(reduced, 1.0)
                # A one-entry patch list: the largest value's top bit.
                # The data width must be one RLEv2 can store: the widest
                # below the full width.
                br95 = max([w for w in _FIXED_WIDTHS if w < width] or [1])
                if width > 1:
                    kind_bytes = self._patched(reduced, lo, br95, width)
                else:
                    kind_bytes = self._patched_no_patch(reduced, lo)
                self.out += kind_bytes[1]
                self.runs.append(PATCHED_BASE)
                return
        self.out += self._direct(zz, percentile_bits(zz, 1.0))[1]
        self.runs.append(DIRECT)

    def _patched_no_patch(self, reduced, lo):
        """PATCHED_BASE needs ≥ 1 patch entry (PLL ≥ 1); with every value
        fitting 1 bit, write one gap-0 entry patching value 0 with 0."""
        magnitude, base_bytes = _patched_base(lo)
        n = len(reduced)
        head = bytes([(PATCHED_BASE << 6) | (encode_width(1) << 1)
                      | ((n - 1) >> 8), (n - 1) & 0xFF,
                      ((base_bytes - 1) << 5) | encode_width(1),
                      (0 << 5) | 1])
        return PATCHED_BASE, (head + magnitude.to_bytes(base_bytes, "big")
                              + pack_bits(reduced, 1) + pack_bits([0], 2))

    def _forced_delta(self, lits):
        if len(lits) == 1:
            return self._delta(lits, 0, 0, True)
        first = lits[1] - lits[0]
        diffs = [lits[i] - lits[i - 1] for i in range(1, len(lits))]
        if not all(INT64_MIN <= d <= INT64_MAX for d in diffs):
            return None
        if all(d == first for d in diffs):
            return self._delta(lits, first, 0, True)
        if first == 0:
            return None
        if not (all(d >= 0 for d in diffs) or all(d <= 0 for d in diffs)):
            return None
        return self._delta(lits, first,
                           bits_needed(max(abs(d) for d in diffs[1:])),
                           False)


def int_encoder(version, signed, force=None):
    """An integer RLE encoder: version 1 or 2."""
    if version == 1:
        return IntRleV1(signed)
    return IntRleV2(signed, force=force)


def encode_ints(values, version, signed, force=None):
    enc = int_encoder(version, signed, force)
    for v in values:
        enc.write(v)
    return enc.finish()


def encode_bytes(values):
    enc = ByteRle()
    for v in values:
        enc.write(v)
    return enc.finish()


def encode_bools(values):
    enc = BoolRle()
    for v in values:
        enc.write(v)
    return enc.finish()
