// Mutations over the lenient Parquet model.

#include "parquet_mutator.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "page_codecs.h"
#include "parquet_model.h"
#include "thrift_tree.h"

namespace colcheck::fuzz {
namespace {

// Copies made by duplications and insertions stay small, so repeated
// mutation of one input grows it slowly.
constexpr size_t kMaxCopy = 4096;
// A schema subtree taken in crossover.
constexpr size_t kMaxSubtree = 256;
// Byte runs written or inserted into a page body.
constexpr uint64_t kMaxRun = 64;

// std::mt19937_64 is specified bit for bit, unlike the distributions, so
// reduction is done here to keep outputs identical across standard
// libraries.
class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  uint64_t Next() { return engine_(); }
  uint64_t Below(uint64_t n) { return n == 0 ? 0 : engine_() % n; }
  bool OneIn(uint64_t n) { return Below(n) == 0; }
  template <typename T>
  T& Pick(std::vector<T>& v) {
    return v[Below(v.size())];
  }

 private:
  std::mt19937_64 engine_;
};

int64_t Wrap(uint64_t v) { return static_cast<int64_t>(v); }

int64_t Boundary(int64_t v, Rng& rng) {
  const uint64_t u = static_cast<uint64_t>(v);
  switch (rng.Below(16)) {
    case 0:
      return 0;
    case 1:
      return -1;
    case 2:
      return 1;
    case 3:
      return std::numeric_limits<int32_t>::min();
    case 4:
      return std::numeric_limits<int32_t>::max();
    case 5:
      return std::numeric_limits<int64_t>::min();
    case 6:
      return std::numeric_limits<int64_t>::max();
    case 7:
      return Wrap(u + 1);
    case 8:
      return Wrap(u - 1);
    case 9:
      return Wrap(u + rng.Below(33) - 16);
    case 10:
      return Wrap(u ^ uint64_t{1} << rng.Below(64));
    case 11:
      return Wrap(0 - u);
    case 12:
      return Wrap(u * 2);
    case 13:
      return std::numeric_limits<int16_t>::max();
    case 14:
      return std::numeric_limits<uint32_t>::max();
    default:
      return std::numeric_limits<int8_t>::min();
  }
}

void MutateBytes(std::string* s, Rng& rng) {
  switch (s->empty() ? 3 : rng.Below(5)) {
    case 0:
      (*s)[rng.Below(s->size())] ^= static_cast<char>(1 << rng.Below(8));
      break;
    case 1:
      s->resize(rng.Below(s->size()));
      break;
    case 2:
      s->clear();
      break;
    case 3:
      s->insert(rng.Below(s->size() + 1), 1 + rng.Below(kMaxRun),
                static_cast<char>(rng.OneIn(2) ? 0xff : rng.Next()));
      break;
    default:
      // Invalid UTF-8 in a string field.
      (*s)[rng.Below(s->size())] = static_cast<char>(0xc0 | rng.Below(2));
  }
}

void MutateScalar(ThriftValue* v, Rng& rng) {
  switch (v->type) {
    case kWireTrue:
    case kWireFalse:
      // The raw element byte: 1 true, 0 or 2 false, 3 neither.
      v->i = static_cast<int64_t>(rng.Below(4));
      break;
    case kWireBinary:
      MutateBytes(&v->bin, rng);
      break;
    case kWireDouble: {
      static constexpr uint64_t kSpecial[] = {
          0x7ff8000000000000,  // NaN
          0x7ff0000000000000,  // +inf
          0xfff0000000000000,  // -inf
          0x8000000000000000,  // -0.0
          0x0000000000000001,  // smallest subnormal
          0x7fefffffffffffff,  // largest finite
      };
      v->i =
          rng.OneIn(3)
              ? Wrap(static_cast<uint64_t>(v->i) ^ uint64_t{1} << rng.Below(64))
              : Wrap(kSpecial[rng.Below(std::size(kSpecial))]);
      break;
    }
    default:
      v->i = Boundary(v->i, rng);
  }
  v->pinned = true;
}

size_t ValueSize(const ThriftValue& v) {
  std::string s;
  SerializeValue(v, false, &s);
  return s.size();
}

size_t VarintSize(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

// The nodes of one tree, by what a mutation can do with them.
struct Nodes {
  // Struct and index of each field.
  std::vector<std::pair<ThriftValue*, size_t>> fields;
  std::vector<ThriftValue*> structs;
  std::vector<ThriftValue*> lists;  // list and set
  std::vector<ThriftValue*> scalars;
  std::vector<ThriftValue*> varints;  // ints, binaries, collections
};

void Collect(ThriftValue* v, Nodes* n) {
  switch (v->type) {
    case kWireStruct:
      n->structs.push_back(v);
      for (size_t k = 0; k < v->fields.size(); ++k) {
        n->fields.emplace_back(v, k);
        ThriftValue& child = v->fields[k].value;
        if (child.type == kWireTrue || child.type == kWireFalse) {
          // A bool field's value is its header nibble, handled as a field.
          continue;
        }
        Collect(&child, n);
      }
      return;
    case kWireList:
    case kWireSet:
      n->lists.push_back(v);
      n->varints.push_back(v);
      for (ThriftValue& e : v->elems) Collect(&e, n);
      return;
    case kWireMap:
      n->varints.push_back(v);
      for (ThriftValue& e : v->elems) Collect(&e, n);
      return;
    case kWireBinary:
    case kWireI16:
    case kWireI32:
    case kWireI64:
      n->varints.push_back(v);
      n->scalars.push_back(v);
      return;
    default:
      n->scalars.push_back(v);
  }
}

std::vector<size_t> PageIndexes(const ParquetModel& m) {
  std::vector<size_t> out;
  for (size_t k = 0; k < m.segments.size(); ++k) {
    if (m.segments[k].is_page) out.push_back(k);
  }
  return out;
}

// The footer; one time in three a page header; one time in eight an
// OffsetIndex.
ThriftValue* PickTree(ParquetModel& m, Rng& rng) {
  std::vector<size_t> pages = PageIndexes(m);
  if (!pages.empty() && rng.OneIn(3)) {
    return &m.segments[rng.Pick(pages)].header;
  }
  std::vector<size_t> indexes;
  for (size_t k = 0; k < m.segments.size(); ++k) {
    if (m.segments[k].is_offset_index) indexes.push_back(k);
  }
  if (!indexes.empty() && rng.OneIn(8)) {
    return &m.segments[rng.Pick(indexes)].header;
  }
  return &m.footer;
}

ThriftValue* Schema(ParquetModel& m) {
  ThriftField* f = FindField(&m.footer, field::kFileSchema);
  return f != nullptr &&
                 (f->value.type == kWireList || f->value.type == kWireSet)
             ? &f->value
             : nullptr;
}

bool FieldValue(ThriftValue* tree, Rng& rng) {
  Nodes n;
  Collect(tree, &n);
  std::vector<ThriftField*> bools;
  for (auto [s, k] : n.fields) {
    const uint8_t t = s->fields[k].value.type;
    if (t == kWireTrue || t == kWireFalse) bools.push_back(&s->fields[k]);
  }
  const size_t total = n.scalars.size() + bools.size();
  if (total == 0) return false;
  const size_t pick = rng.Below(total);
  if (pick < n.scalars.size()) {
    MutateScalar(n.scalars[pick], rng);
  } else {
    ThriftField* f = bools[pick - n.scalars.size()];
    f->header_type = f->header_type == kWireTrue ? kWireFalse : kWireTrue;
    f->value.type = f->header_type;
    f->value.i = f->header_type == kWireTrue;
  }
  return true;
}

bool DropField(ThriftValue* tree, Rng& rng) {
  Nodes n;
  Collect(tree, &n);
  if (n.fields.empty()) return false;
  auto [s, k] = rng.Pick(n.fields);
  s->fields.erase(s->fields.begin() + k);
  return true;
}

bool DuplicateField(ThriftValue* tree, Rng& rng) {
  Nodes n;
  Collect(tree, &n);
  if (n.fields.empty()) return false;
  auto [s, k] = rng.Pick(n.fields);
  if (ValueSize(s->fields[k].value) > kMaxCopy) return false;
  ThriftField copy = s->fields[k];
  s->fields.insert(s->fields.begin() + rng.Below(s->fields.size() + 1),
                   std::move(copy));
  return true;
}

ThriftValue DefaultElement(uint8_t type) {
  ThriftValue v;
  v.type = type;
  if (type == kWireTrue || type == kWireFalse) v.i = 1;
  return v;
}

bool ListInsert(ThriftValue* list, Rng& rng) {
  ThriftValue e = list->elems.empty() ? DefaultElement(list->elem_type)
                                      : rng.Pick(list->elems);
  if (ValueSize(e) > kMaxCopy) return false;
  list->elems.insert(list->elems.begin() + rng.Below(list->elems.size() + 1),
                     std::move(e));
  return true;
}

bool ListRemove(ThriftValue* list, Rng& rng) {
  if (list->elems.empty()) return false;
  list->elems.erase(list->elems.begin() + rng.Below(list->elems.size()));
  return true;
}

bool AnyList(ThriftValue* tree, Rng& rng, bool insert) {
  Nodes n;
  Collect(tree, &n);
  if (!insert) {
    std::erase_if(n.lists,
                  [](const ThriftValue* l) { return l->elems.empty(); });
  }
  if (n.lists.empty()) return false;
  ThriftValue* list = rng.Pick(n.lists);
  return insert ? ListInsert(list, rng) : ListRemove(list, rng);
}

bool SchemaReorder(ThriftValue* schema, Rng& rng) {
  std::vector<ThriftValue>& e = schema->elems;
  if (e.size() < 2) return false;
  size_t i = rng.Below(e.size());
  size_t j = rng.Below(e.size() - 1);
  if (j >= i) ++j;
  if (i > j) std::swap(i, j);
  if (rng.OneIn(2)) {
    std::swap(e[i], e[j]);
  } else {
    std::rotate(e.begin() + i, e.begin() + i + 1, e.begin() + j + 1);
  }
  return true;
}

bool NumChildren(ThriftValue* schema, Rng& rng) {
  if (schema->elems.empty()) return false;
  ThriftValue& e = rng.Pick(schema->elems);
  if (e.type != kWireStruct) return false;
  ThriftField* f = FindField(&e, field::kSchemaNumChildren);
  if (f == nullptr) {
    // Turns a leaf into a group; fields stay in id order so only this
    // change is visible.
    auto at = std::find_if(
        e.fields.begin(), e.fields.end(),
        [](const ThriftField& g) { return g.id > field::kSchemaNumChildren; });
    ThriftField n = MakeField(field::kSchemaNumChildren,
                              MakeInt(kWireI32, 1 + rng.Below(3)));
    n.value.pinned = true;
    e.fields.insert(at, std::move(n));
    return true;
  }
  if (rng.OneIn(5)) {
    e.fields.erase(e.fields.begin() + (f - e.fields.data()));
    return true;
  }
  const int64_t count = static_cast<int64_t>(schema->elems.size());
  switch (rng.Below(4)) {
    case 0:  // Wrapping: a value may already be at a boundary.
      f->value.i = Wrap(static_cast<uint64_t>(f->value.i) + 1);
      break;
    case 1:
      f->value.i = Wrap(static_cast<uint64_t>(f->value.i) - 1);
      break;
    case 2:
      f->value.i = rng.OneIn(2) ? count : 0;
      break;
    default:
      f->value.i = Boundary(f->value.i, rng);
  }
  f->value.pinned = true;
  return true;
}

bool OverlongVarint(ThriftValue* tree, Rng& rng) {
  Nodes n;
  Collect(tree, &n);
  // Within 10 bytes every reader should take it; past that, a strict one
  // must refuse, so one time in eight the limit is ignored.
  const bool hostile = rng.OneIn(8);
  switch (rng.Below(3)) {
    case 0: {
      if (n.fields.empty()) return false;
      auto [s, k] = rng.Pick(n.fields);
      s->fields[k].long_header = true;
      return true;
    }
    case 1:
      if (!n.lists.empty()) {
        rng.Pick(n.lists)->long_list_header = true;
        return true;
      }
      [[fallthrough]];
    default: {
      if (n.varints.empty()) return false;
      ThriftValue* v = rng.Pick(n.varints);
      uint64_t raw = v->elems.size();
      if (v->type == kWireBinary) raw = v->bin.size();
      if (IsVarintType(v->type)) {
        raw = (static_cast<uint64_t>(v->i) << 1) ^
              static_cast<uint64_t>(v->i >> 63);
      }
      const size_t room = 10 - VarintSize(raw);
      if (room == 0 && !hostile) return false;
      v->overlong =
          static_cast<uint8_t>(1 + rng.Below(hostile ? room + 4 : room));
      return true;
    }
  }
}

bool TypeNibble(ThriftValue* tree, Rng& rng) {
  Nodes n;
  Collect(tree, &n);
  if (!n.lists.empty() && rng.OneIn(4)) {
    ThriftValue* l = rng.Pick(n.lists);
    l->elem_type = static_cast<uint8_t>(1 + rng.Below(15));
    return true;
  }
  if (n.fields.empty()) return false;
  auto [s, k] = rng.Pick(n.fields);
  ThriftField& f = s->fields[k];
  const uint8_t old = f.header_type;
  f.header_type = static_cast<uint8_t>(1 + rng.Below(14));
  if (f.header_type >= old) ++f.header_type;
  return true;
}

bool ShiftOffset(ParquetModel& m, Rng& rng, uint64_t file_size) {
  // RowGroup file_offset, total_compressed_size; ColumnChunk file_offset,
  // offset and column index offsets and lengths; ColumnMetaData totals,
  // page offsets, bloom filter offset and length.
  static constexpr int16_t kGroupFields[] = {5, 6};
  static constexpr int16_t kChunkFields[] = {2, 4, 5, 6, 7};
  static constexpr int16_t kMetaFields[] = {6, 7, 9, 10, 11, 14, 15};
  std::vector<ThriftValue*> targets;
  auto add = [&](ThriftValue* s, std::span<const int16_t> ids) {
    for (int16_t id : ids) {
      ThriftField* f = FindField(s, id);
      if (f != nullptr && IsVarintType(f->value.type)) {
        targets.push_back(&f->value);
      }
    }
  };
  ThriftField* groups = FindField(&m.footer, field::kFileRowGroups);
  if (groups != nullptr) {
    for (ThriftValue& g : groups->value.elems) {
      if (g.type == kWireStruct) add(&g, kGroupFields);
    }
  }
  for (ThriftValue* chunk : ColumnChunks(&m.footer)) {
    add(chunk, kChunkFields);
    if (ThriftValue* meta = ChunkMetaData(chunk)) add(meta, kMetaFields);
  }
  if (targets.empty()) return false;
  ThriftValue* v = rng.Pick(targets);
  static constexpr int64_t kSteps[] = {1, 2, 4, 8, 16, 64, 4096};
  const uint64_t u = static_cast<uint64_t>(v->i);
  switch (rng.Below(4)) {
    case 0:
      v->i = Wrap(u + kSteps[rng.Below(std::size(kSteps))]);
      break;
    case 1:
      v->i = Wrap(u - kSteps[rng.Below(std::size(kSteps))]);
      break;
    case 2:
      v->i = rng.OneIn(2) ? 0 : Wrap(file_size + rng.Below(16));
      break;
    default:
      v->i = Boundary(v->i, rng);
  }
  v->pinned = true;
  return true;
}

bool PageHeaderField(ParquetModel& m, Rng& rng) {
  std::vector<size_t> pages = PageIndexes(m);
  if (pages.empty()) return false;
  Nodes n;
  Collect(&m.segments[rng.Pick(pages)].header, &n);
  std::erase_if(n.scalars, [](const ThriftValue* v) {
    return !IsVarintType(v->type) && v->type != kWireI8;
  });
  if (n.scalars.empty()) return false;
  ThriftValue* v = rng.Pick(n.scalars);
  v->i = Boundary(v->i, rng);
  v->pinned = true;
  return true;
}

bool PageBody(ParquetModel& m, Rng& rng) {
  std::vector<size_t> pages = PageIndexes(m);
  if (pages.empty()) return false;
  std::string& b = m.segments[rng.Pick(pages)].bytes;
  const char fill = static_cast<char>(rng.OneIn(3)   ? 0
                                      : rng.OneIn(2) ? 0xff
                                                     : rng.Next());
  switch (b.empty() ? 2 : rng.Below(5)) {
    case 0:
      for (uint64_t k = 1 + rng.Below(8); k > 0; --k) {
        b[rng.Below(b.size())] ^= static_cast<char>(1 << rng.Below(8));
      }
      break;
    case 1: {
      const size_t at = rng.Below(b.size());
      const size_t len =
          std::min<size_t>(1 + rng.Below(kMaxRun), b.size() - at);
      std::memset(b.data() + at, fill, len);
      break;
    }
    case 2:
      b.insert(rng.Below(b.size() + 1), 1 + rng.Below(kMaxRun), fill);
      break;
    case 3:
      b.resize(rng.Below(b.size()));
      break;
    default: {
      const size_t at = rng.Below(b.size());
      b.erase(at, 1 + rng.Below(b.size() - at));
    }
  }
  return true;
}

bool PageDuplicateOrDrop(ParquetModel& m, Rng& rng) {
  std::vector<size_t> pages = PageIndexes(m);
  if (pages.empty()) return false;
  const size_t k = rng.Pick(pages);
  if (rng.OneIn(2)) {
    m.segments.erase(m.segments.begin() + k);
    return true;
  }
  Segment copy = m.segments[k];
  if (copy.bytes.size() > 16 * kMaxCopy) return false;
  // The copy is new bytes: no offset points into it, and all of it counts
  // as growth of the chunk.
  copy.source_size = 0;
  copy.source_compressed = copy.source_uncompressed = 0;
  m.segments.insert(m.segments.begin() + k + 1, std::move(copy));
  return true;
}

// The part of a page body the codec covers: DataPageHeaderV2 keeps its
// levels uncompressed in front, and may say the values are not
// compressed at all.
bool CompressedPart(const ThriftValue& header, size_t body_size,
                    size_t* prefix) {
  *prefix = 0;
  const ThriftField* v2 = FindField(header, field::kPageDataHeaderV2);
  if (v2 == nullptr || v2->value.type != kWireStruct) return true;
  const ThriftField* compressed = FindField(v2->value, field::kV2IsCompressed);
  if (compressed != nullptr && compressed->header_type == kWireFalse) {
    return false;
  }
  int64_t def = 0;
  int64_t rep = 0;
  GetInt(v2->value, field::kV2DefinitionLength, &def);
  GetInt(v2->value, field::kV2RepetitionLength, &rep);
  if (def < 0 || rep < 0 || static_cast<uint64_t>(def) + rep > body_size) {
    return false;
  }
  *prefix = def + rep;
  return true;
}

bool CodecSwap(ParquetModel& m, Rng& rng) {
  std::vector<ThriftValue*> chunks;
  for (ThriftValue* c : ColumnChunks(&m.footer)) {
    ThriftValue* meta = ChunkMetaData(c);
    int64_t codec;
    if (meta == nullptr || !GetInt(*meta, field::kMetaCodec, &codec) ||
        !CodecSupported(codec)) {
      continue;
    }
    const bool has_pages = std::any_of(
        m.segments.begin(), m.segments.end(),
        [&](const Segment& s) { return s.is_page && s.chunk == c->tag; });
    if (has_pages) chunks.push_back(c);
  }
  if (chunks.empty()) return false;
  ThriftValue* chunk = rng.Pick(chunks);
  ThriftValue* meta = ChunkMetaData(chunk);
  int64_t from = 0;
  GetInt(*meta, field::kMetaCodec, &from);
  static constexpr int64_t kCodecs[] = {0, 1, 2, 4, 5, 6, 7};
  int64_t to = from;
  while (to == from) to = kCodecs[rng.Below(std::size(kCodecs))];

  // Every page must decode before any is changed, so a failed swap leaves
  // the chunk as it was.
  std::vector<std::pair<size_t, std::string>> bodies;
  for (size_t k = 0; k < m.segments.size(); ++k) {
    const Segment& s = m.segments[k];
    if (!s.is_page || s.chunk != chunk->tag) continue;
    size_t prefix;
    if (!CompressedPart(s.header, s.bytes.size(), &prefix)) continue;
    int64_t uncompressed = 0;
    if (!GetInt(s.header, field::kPageUncompressedSize, &uncompressed) ||
        uncompressed < static_cast<int64_t>(prefix)) {
      return false;
    }
    const auto* body = reinterpret_cast<const uint8_t*>(s.bytes.data());
    std::string plain;
    std::string packed;
    if (!Decompress(from, {body + prefix, s.bytes.size() - prefix},
                    uncompressed - prefix, &plain) ||
        !Compress(
            to, {reinterpret_cast<const uint8_t*>(plain.data()), plain.size()},
            &packed)) {
      return false;
    }
    bodies.emplace_back(k, s.bytes.substr(0, prefix) + packed);
  }
  for (auto& [k, body] : bodies) {
    Segment& s = m.segments[k];
    s.bytes = std::move(body);
    FindField(&s.header, field::kPageCompressedSize)->value.i =
        static_cast<int64_t>(s.bytes.size());
  }
  FindField(meta, field::kMetaCodec)->value.i = to;
  return true;
}

bool EncodingSwap(ParquetModel& m, Rng& rng) {
  std::vector<ThriftValue*> targets;
  for (Segment& s : m.segments) {
    if (!s.is_page) continue;
    // The value encoding of each header kind, and DataPageHeader's
    // definition (3) and repetition (4) level encodings.
    static constexpr std::pair<int16_t, int16_t> kEncodingFields[] = {
        {field::kPageDataHeader, field::kDataEncoding},
        {field::kPageDataHeader, 3},
        {field::kPageDataHeader, 4},
        {field::kPageDictionaryHeader, field::kDictionaryEncoding},
        {field::kPageDataHeaderV2, field::kV2Encoding},
    };
    for (auto [header, id] : kEncodingFields) {
      ThriftField* h = FindField(&s.header, header);
      if (h == nullptr || h->value.type != kWireStruct) continue;
      ThriftField* e = FindField(&h->value, id);
      if (e != nullptr && IsVarintType(e->value.type)) {
        targets.push_back(&e->value);
      }
    }
  }
  if (targets.empty()) return false;
  // The valid encodings, plus 1 (never used) and one past the end.
  static constexpr int64_t kEncodings[] = {0, 2, 3, 4, 5, 6, 7, 8, 9, 1, 10};
  ThriftValue* v = rng.Pick(targets);
  const int64_t old = v->i;
  while (v->i == old) v->i = kEncodings[rng.Below(std::size(kEncodings))];
  return true;
}

bool Apply(Mutation kind, ParquetModel& m, Rng& rng, uint64_t file_size) {
  ThriftValue* schema = Schema(m);
  switch (kind) {
    case Mutation::kFieldValue:
      return FieldValue(PickTree(m, rng), rng);
    case Mutation::kDropField:
      return DropField(PickTree(m, rng), rng);
    case Mutation::kDuplicateField:
      return DuplicateField(PickTree(m, rng), rng);
    case Mutation::kListInsert:
      return AnyList(PickTree(m, rng), rng, /*insert=*/true);
    case Mutation::kListRemove:
      return AnyList(PickTree(m, rng), rng, /*insert=*/false);
    case Mutation::kSchemaInsert:
      return schema != nullptr && ListInsert(schema, rng);
    case Mutation::kSchemaRemove:
      return schema != nullptr && ListRemove(schema, rng);
    case Mutation::kSchemaReorder:
      return schema != nullptr && SchemaReorder(schema, rng);
    case Mutation::kNumChildren:
      return schema != nullptr && NumChildren(schema, rng);
    case Mutation::kOverlongVarint:
      return OverlongVarint(PickTree(m, rng), rng);
    case Mutation::kTypeNibble:
      return TypeNibble(PickTree(m, rng), rng);
    case Mutation::kShiftOffset:
      return ShiftOffset(m, rng, file_size);
    case Mutation::kPageHeaderField:
      return PageHeaderField(m, rng);
    case Mutation::kPageBody:
      return PageBody(m, rng);
    case Mutation::kPageDuplicateOrDrop:
      return PageDuplicateOrDrop(m, rng);
    case Mutation::kCodecSwap:
      return CodecSwap(m, rng);
    case Mutation::kEncodingSwap:
      return EncodingSwap(m, rng);
  }
  return false;
}

// Parses `input`, or the seed when it does not parse.
ParquetModel Load(std::span<const uint8_t> input, uint64_t* size) {
  ParquetModel m;
  if (ParseParquet(input, &m)) {
    *size = input.size();
    return m;
  }
  const std::string& seed = SeedParquet();
  ParseParquet({reinterpret_cast<const uint8_t*>(seed.data()), seed.size()},
               &m);
  *size = seed.size();
  return m;
}

// First index of the subtree rooted at schema element `i`, past its end.
size_t SubtreeEnd(const std::vector<ThriftValue>& schema, size_t i) {
  int64_t open = 1;
  size_t k = i;
  while (open > 0 && k < schema.size() && k - i < kMaxSubtree) {
    int64_t children = 0;
    GetInt(schema[k], field::kSchemaNumChildren, &children);
    open += std::clamp<int64_t>(children, 0, schema.size()) - 1;
    ++k;
  }
  return k;
}

bool CrossRowGroup(ParquetModel& a, const ParquetModel& b, Rng& rng) {
  ThriftField* to = FindField(&a.footer, field::kFileRowGroups);
  const ThriftField* from = FindField(b.footer, field::kFileRowGroups);
  if (to == nullptr || from == nullptr || from->value.elems.empty()) {
    return false;
  }
  ThriftValue group = from->value.elems[rng.Below(from->value.elems.size())];
  std::vector<std::pair<int, int>> retag;
  ThriftField* columns = FindField(&group, field::kRowGroupColumns);
  if (group.type != kWireStruct || columns == nullptr) return false;
  for (ThriftValue& chunk : columns->value.elems) {
    if (chunk.tag == 0) continue;
    retag.emplace_back(chunk.tag, a.next_tag);
    chunk.tag = a.next_tag++;
  }
  for (const Segment& s : b.segments) {
    for (auto [old_tag, new_tag] : retag) {
      if (!s.is_page || s.chunk != old_tag) continue;
      Segment copy = s;
      copy.chunk = new_tag;
      // No offset of `a` points into these bytes.
      copy.source_size = 0;
      a.segments.push_back(std::move(copy));
    }
  }
  std::vector<ThriftValue>& groups = to->value.elems;
  if (groups.empty() || rng.OneIn(2)) {
    groups.push_back(std::move(group));
  } else {
    rng.Pick(groups) = std::move(group);
  }
  return true;
}

bool CrossSchema(ParquetModel& a, ParquetModel& b, Rng& rng) {
  ThriftValue* to = Schema(a);
  ThriftValue* from = Schema(b);
  if (to == nullptr || from == nullptr || from->elems.empty() ||
      to->elems.empty()) {
    return false;
  }
  // Element 0 is the root; a subtree below it keeps the tree's shape.
  auto pick = [&](const std::vector<ThriftValue>& e) {
    return e.size() > 1 ? 1 + rng.Below(e.size() - 1) : 0;
  };
  const size_t j = pick(from->elems);
  const size_t j_end = SubtreeEnd(from->elems, j);
  const size_t i = pick(to->elems);
  const size_t i_end = SubtreeEnd(to->elems, i);
  std::vector<ThriftValue> subtree(from->elems.begin() + j,
                                   from->elems.begin() + j_end);
  to->elems.erase(to->elems.begin() + i, to->elems.begin() + i_end);
  to->elems.insert(to->elems.begin() + i, subtree.begin(), subtree.end());
  return true;
}

bool CrossPage(ParquetModel& a, const ParquetModel& b, Rng& rng) {
  std::vector<size_t> to = PageIndexes(a);
  std::vector<size_t> from = PageIndexes(b);
  if (to.empty() || from.empty()) return false;
  Segment& s = a.segments[rng.Pick(to)];
  const Segment& t = b.segments[rng.Pick(from)];
  s.header = t.header;
  s.bytes = t.bytes;
  return true;
}

size_t CopyOut(const std::string& bytes, uint8_t* out, size_t max) {
  const size_t n = std::min(bytes.size(), max);
  std::memcpy(out, bytes.data(), n);
  return n;
}

}  // namespace

std::string_view MutationName(Mutation kind) {
  static constexpr std::string_view kNames[] = {
      "field-value",       "drop-field",     "duplicate-field",
      "list-insert",       "list-remove",    "schema-insert",
      "schema-remove",     "schema-reorder", "num-children",
      "overlong-varint",   "type-nibble",    "shift-offset",
      "page-header-field", "page-body",      "page-duplicate-or-drop",
      "codec-swap",        "encoding-swap",
  };
  return kNames[static_cast<int>(kind)];
}

std::string MutateWith(std::span<const uint8_t> input, Mutation kind,
                       bool repair, uint64_t seed, bool* applied) {
  uint64_t size;
  ParquetModel m = Load(input, &size);
  Rng rng(seed);
  *applied = Apply(kind, m, rng, size);
  return SerializeParquet(std::move(m), repair);
}

std::string RepairParquet(std::span<const uint8_t> input) {
  ParquetModel m;
  if (!ParseParquet(input, &m)) return {};
  return SerializeParquet(std::move(m), /*repair=*/true);
}

size_t MutateParquet(uint8_t* data, size_t size, size_t max_size,
                     unsigned seed) {
  Rng rng(seed);
  // A kind without a target in this file, or an output past max_size,
  // gets another draw; four are plenty for files with pages.
  for (int attempt = 0; attempt < 4; ++attempt) {
    const auto kind = static_cast<Mutation>(rng.Below(kMutationCount));
    const bool repair = !rng.OneIn(8);
    bool applied;
    const std::string out =
        MutateWith({data, size}, kind, repair, rng.Next(), &applied);
    if (applied && out.size() <= max_size) return CopyOut(out, data, max_size);
  }
  // Still a change, so the fuzzer does not run the same input twice.
  if (size > 0)
    data[rng.Below(size)] ^= static_cast<uint8_t>(1 + rng.Below(255));
  return size;
}

size_t CrossOverParquet(const uint8_t* a, size_t na, const uint8_t* b,
                        size_t nb, uint8_t* out, size_t max_out,
                        unsigned seed) {
  Rng rng(seed);
  uint64_t size;
  const ParquetModel first = Load({a, na}, &size);
  ParquetModel second = Load({b, nb}, &size);
  for (int attempt = 0; attempt < 4; ++attempt) {
    ParquetModel child = first;
    bool applied = false;
    switch (rng.Below(3)) {
      case 0:
        applied = CrossRowGroup(child, second, rng);
        break;
      case 1:
        applied = CrossSchema(child, second, rng);
        break;
      default:
        applied = CrossPage(child, second, rng);
    }
    if (!applied) continue;
    const std::string bytes =
        SerializeParquet(std::move(child), /*repair=*/!rng.OneIn(8));
    if (bytes.size() <= max_out) return CopyOut(bytes, out, max_out);
  }
  return CopyOut(std::string(reinterpret_cast<const char*>(a), na), out,
                 max_out);
}

}  // namespace colcheck::fuzz
