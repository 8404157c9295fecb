// The compact protocol tree: a lenient reader and an exact writer.

#include "thrift_tree.h"

#include <cstring>
#include <utility>

namespace colcheck::fuzz {
namespace {

// Deep enough for any Parquet struct (LogicalType inside SchemaElement
// inside FileMetaData is 4), shallow enough that a hostile nesting cannot
// exhaust the stack.
constexpr int kMaxDepth = 64;
// Every node costs a ThriftValue; this bounds a parse at a few hundred MiB
// even for inputs of a million empty structs.
constexpr size_t kMaxNodes = 1 << 20;

class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  size_t pos() const { return pos_; }

  bool Byte(uint8_t* out) {
    if (pos_ >= bytes_.size()) return false;
    *out = bytes_[pos_++];
    return true;
  }

  // ULEB128, at most 10 bytes. `extra` receives how many bytes the
  // encoding spends beyond the shortest one.
  bool Varint(uint64_t* out, uint8_t* extra) {
    uint64_t v = 0;
    const size_t start = pos_;
    for (int shift = 0; shift < 70; shift += 7) {
      uint8_t b;
      if (!Byte(&b)) return false;
      if (shift < 64) v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        *out = v;
        const size_t used = pos_ - start;
        size_t minimal = 1;
        for (uint64_t r = v >> 7; r != 0; r >>= 7) ++minimal;
        *extra = used > minimal ? static_cast<uint8_t>(used - minimal) : 0;
        return true;
      }
    }
    return false;
  }

  bool Bytes(size_t n, std::string* out) {
    if (n > bytes_.size() - pos_) return false;
    out->assign(reinterpret_cast<const char*>(bytes_.data() + pos_), n);
    pos_ += n;
    return true;
  }

  size_t remaining() const { return bytes_.size() - pos_; }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

int64_t Unzigzag(uint64_t v) {
  return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
}

uint64_t Zigzag(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}

bool ValidNibble(uint8_t t) { return t >= kWireTrue && t <= kWireStruct; }

class Parser {
 public:
  explicit Parser(std::span<const uint8_t> bytes) : r_(bytes) {}

  Reader& reader() { return r_; }

  bool Struct(ThriftValue* out, int depth) {
    out->type = kWireStruct;
    out->begin = r_.pos();
    if (depth > kMaxDepth) return false;
    int16_t last = 0;
    for (;;) {
      uint8_t b;
      if (!r_.Byte(&b)) return false;
      if (b == 0) break;
      ThriftField f;
      f.header_type = b & 0x0f;
      const int delta = b >> 4;
      if (!ValidNibble(f.header_type)) return false;
      if (delta == 0) {
        uint64_t raw;
        uint8_t extra;
        if (!r_.Varint(&raw, &extra)) return false;
        f.id = static_cast<int16_t>(Unzigzag(raw));
        f.long_header = true;
      } else {
        f.id = static_cast<int16_t>(last + delta);
      }
      last = f.id;
      if (f.header_type == kWireTrue || f.header_type == kWireFalse) {
        f.value.type = f.header_type;
        f.value.i = f.header_type == kWireTrue;
        f.value.begin = f.value.end = r_.pos();
      } else if (!Value(f.header_type, &f.value, depth)) {
        return false;
      }
      out->fields.push_back(std::move(f));
    }
    out->end = r_.pos();
    return true;
  }

 private:
  bool Count() { return ++nodes_ <= kMaxNodes; }

  bool Value(uint8_t type, ThriftValue* out, int depth) {
    if (!Count()) return false;
    out->type = type;
    out->begin = r_.pos();
    uint64_t raw;
    uint8_t b;
    switch (type) {
      case kWireTrue:
      case kWireFalse:
      case kWireI8:
        if (!r_.Byte(&b)) return false;
        out->i = type == kWireI8 ? static_cast<int8_t>(b) : b;
        break;
      case kWireI16:
      case kWireI32:
      case kWireI64:
        if (!r_.Varint(&raw, &out->overlong)) return false;
        out->i = Unzigzag(raw);
        break;
      case kWireDouble: {
        std::string bits;
        if (!r_.Bytes(8, &bits)) return false;
        uint64_t v = 0;
        for (int k = 7; k >= 0; --k) v = v << 8 | static_cast<uint8_t>(bits[k]);
        out->i = static_cast<int64_t>(v);
        break;
      }
      case kWireBinary:
        if (!r_.Varint(&raw, &out->overlong) || raw > r_.remaining() ||
            !r_.Bytes(raw, &out->bin)) {
          return false;
        }
        break;
      case kWireList:
      case kWireSet:
        if (!Collection(out, depth)) return false;
        break;
      case kWireMap:
        if (!Map(out, depth)) return false;
        break;
      case kWireStruct:
        if (!Struct(out, depth + 1)) return false;
        break;
      default:
        return false;
    }
    out->end = r_.pos();
    return true;
  }

  bool Collection(ThriftValue* out, int depth) {
    uint8_t b;
    if (!r_.Byte(&b)) return false;
    out->elem_type = b & 0x0f;
    uint64_t size = b >> 4;
    if (size == 15) {
      if (!r_.Varint(&size, &out->overlong)) return false;
      out->long_list_header = size < 15;
    }
    if (!ValidNibble(out->elem_type) || depth > kMaxDepth) return false;
    // Each element takes at least one byte, so a size beyond what remains
    // is a lie and must not drive an allocation.
    if (size > r_.remaining()) return false;
    out->elems.reserve(size);
    for (uint64_t k = 0; k < size; ++k) {
      out->elems.emplace_back();
      if (!Value(out->elem_type, &out->elems.back(), depth + 1)) {
        out->elems.pop_back();
        return false;
      }
    }
    return true;
  }

  bool Map(ThriftValue* out, int depth) {
    uint64_t size;
    if (!r_.Varint(&size, &out->overlong)) return false;
    if (size == 0) return true;
    uint8_t kv;
    if (!r_.Byte(&kv)) return false;
    out->elem_type = kv >> 4;
    out->value_type = kv & 0x0f;
    if (!ValidNibble(out->elem_type) || !ValidNibble(out->value_type) ||
        depth > kMaxDepth || size > r_.remaining() / 2) {
      return false;
    }
    for (uint64_t k = 0; k < size; ++k) {
      for (const uint8_t t : {out->elem_type, out->value_type}) {
        out->elems.emplace_back();
        if (!Value(t, &out->elems.back(), depth + 1)) {
          out->elems.pop_back();
          return false;
        }
      }
    }
    return true;
  }

  Reader r_;
  size_t nodes_ = 0;
};

void PutVarint(uint64_t v, uint8_t overlong, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  if (overlong == 0) {
    out->push_back(static_cast<char>(v));
    return;
  }
  out->push_back(static_cast<char>(v | 0x80));
  for (int k = 1; k < overlong; ++k) out->push_back(static_cast<char>(0x80));
  out->push_back(0);
}

}  // namespace

bool IsVarintType(uint8_t type) {
  return type == kWireI16 || type == kWireI32 || type == kWireI64;
}

bool ParseStruct(std::span<const uint8_t> bytes, ThriftValue* out,
                 size_t* consumed) {
  *out = ThriftValue();
  Parser p(bytes);
  const bool ok = p.Struct(out, 0);
  *consumed = p.reader().pos();
  if (!ok) out->end = *consumed;
  return ok;
}

void SerializeValue(const ThriftValue& value, bool in_field, std::string* out) {
  switch (value.type) {
    case kWireTrue:
    case kWireFalse:
      if (!in_field) out->push_back(static_cast<char>(value.i));
      break;
    case kWireI8:
      out->push_back(static_cast<char>(value.i));
      break;
    case kWireI16:
    case kWireI32:
    case kWireI64:
      PutVarint(Zigzag(value.i), value.overlong, out);
      break;
    case kWireDouble:
      for (int k = 0; k < 8; ++k) {
        out->push_back(
            static_cast<char>(static_cast<uint64_t>(value.i) >> (8 * k)));
      }
      break;
    case kWireBinary:
      PutVarint(value.bin.size(), value.overlong, out);
      out->append(value.bin);
      break;
    case kWireList:
    case kWireSet: {
      const size_t n = value.elems.size();
      if (n < 15 && !value.long_list_header && value.overlong == 0) {
        out->push_back(static_cast<char>(n << 4 | (value.elem_type & 0x0f)));
      } else {
        out->push_back(static_cast<char>(0xf0 | (value.elem_type & 0x0f)));
        PutVarint(n, value.overlong, out);
      }
      for (const ThriftValue& e : value.elems) SerializeValue(e, false, out);
      break;
    }
    case kWireMap: {
      const size_t n = value.elems.size() / 2;
      PutVarint(n, value.overlong, out);
      if (n == 0) break;
      out->push_back(static_cast<char>((value.elem_type & 0x0f) << 4 |
                                       (value.value_type & 0x0f)));
      for (size_t k = 0; k < 2 * n; ++k) {
        SerializeValue(value.elems[k], false, out);
      }
      break;
    }
    case kWireStruct:
      SerializeStruct(value, out);
      break;
    default:
      break;
  }
}

void SerializeStruct(const ThriftValue& value, std::string* out) {
  int16_t last = 0;
  for (const ThriftField& f : value.fields) {
    const int delta = f.id - last;
    if (!f.long_header && delta > 0 && delta <= 15) {
      out->push_back(static_cast<char>(delta << 4 | (f.header_type & 0x0f)));
    } else {
      out->push_back(static_cast<char>(f.header_type & 0x0f));
      PutVarint(Zigzag(f.id), 0, out);
    }
    last = f.id;
    SerializeValue(f.value, true, out);
  }
  out->push_back(0);
}

size_t SerializedStructSize(const ThriftValue& value) {
  std::string s;
  SerializeStruct(value, &s);
  return s.size();
}

ThriftField* FindField(ThriftValue* value, int16_t id) {
  for (ThriftField& f : value->fields) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

const ThriftField* FindField(const ThriftValue& value, int16_t id) {
  for (const ThriftField& f : value.fields) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

bool GetInt(const ThriftValue& value, int16_t id, int64_t* out) {
  const ThriftField* f = FindField(value, id);
  if (f == nullptr ||
      !(IsVarintType(f->value.type) || f->value.type == kWireI8)) {
    return false;
  }
  *out = f->value.i;
  return true;
}

bool SetIntIfPresent(ThriftValue* value, int16_t id, int64_t v) {
  ThriftField* f = FindField(value, id);
  if (f == nullptr || f->value.pinned || !IsVarintType(f->value.type) ||
      f->value.i == v) {
    return false;
  }
  f->value.i = v;
  return true;
}

ThriftValue MakeInt(uint8_t type, int64_t v) {
  ThriftValue out;
  out.type = type;
  out.i = v;
  return out;
}

ThriftValue MakeBinary(std::string bytes) {
  ThriftValue out;
  out.type = kWireBinary;
  out.bin = std::move(bytes);
  return out;
}

ThriftValue MakeStruct(std::vector<ThriftField> fields) {
  ThriftValue out;
  out.type = kWireStruct;
  out.fields = std::move(fields);
  return out;
}

ThriftValue MakeList(uint8_t elem_type, std::vector<ThriftValue> elems) {
  ThriftValue out;
  out.type = kWireList;
  out.elem_type = elem_type;
  out.elems = std::move(elems);
  return out;
}

ThriftField MakeField(int16_t id, ThriftValue value) {
  ThriftField f;
  f.id = id;
  f.header_type = value.type;
  f.value = std::move(value);
  return f;
}

}  // namespace colcheck::fuzz
