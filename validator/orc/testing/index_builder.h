// Test support for the statistics, row index, bloom filter and encryption
// rules: files with real index stream bytes, Footer and Metadata
// statistics, and optionally "compressed" framing made of original chunks
// (legal under every codec), with the file span of every marked field.
//
//   IndexFile f;
//   f.types = {StructOf({"a"}), TypeMessage(kInt)};
//   f.file_stats = {Stats(3), IntStats(3, 1, 5, 9)};
//   IndexStripe& s = f.AddStripe(3);
//   s.Add(kRowIndex, 1, RowIndexBytes(...));
//   std::string bytes = f.Build();
//   ByteSpan at = f.FooterMark("statistics[1].int_statistics.minimum");

#ifndef COLCHECK_ORC_TESTING_INDEX_BUILDER_H_
#define COLCHECK_ORC_TESTING_INDEX_BUILDER_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/strings.h"
#include "orc/metadata.h"
#include "orc/testing/orc_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc::testing {

inline ProtoWriter StructOf(const std::vector<std::string>& names) {
  ProtoWriter t = TypeMessage(kStruct);
  std::string packed;
  for (size_t i = 1; i <= names.size(); ++i) ProtoWriter::PutVarint(packed, i);
  if (!names.empty()) t.Bytes(2, packed);
  for (const std::string& n : names) t.Bytes(3, n);
  return t;
}

// ColumnStatistics with number_of_values and has_null.
inline ProtoWriter Stats(uint64_t values, bool has_null = false) {
  ProtoWriter s;
  s.Varint(1, values, "number_of_values").Varint(10, has_null, "has_null");
  return s;
}

inline ProtoWriter IntStats(uint64_t values, int64_t min, int64_t max,
                            int64_t sum, bool has_null = false) {
  ProtoWriter i;
  i.Sint(1, min, "minimum").Sint(2, max, "maximum").Sint(3, sum, "sum");
  ProtoWriter s = Stats(values, has_null);
  s.Message(2, i, "int_statistics");
  return s;
}

inline ProtoWriter StringStats(uint64_t values, std::string_view min,
                               std::string_view max, int64_t sum,
                               bool has_null = false) {
  ProtoWriter i;
  i.Bytes(1, min, "minimum").Bytes(2, max, "maximum").Sint(3, sum, "sum");
  ProtoWriter s = Stats(values, has_null);
  s.Message(4, i, "string_statistics");
  return s;
}

// A RowIndexEntry with packed positions and statistics.
inline ProtoWriter Entry(std::initializer_list<uint64_t> positions,
                         const ProtoWriter& stats) {
  ProtoWriter e;
  if (positions.size() > 0) e.Packed(1, positions, "positions");
  e.Message(2, stats, "statistics");
  return e;
}

inline std::string RowIndexBytes(const std::vector<ProtoWriter>& entries,
                                 ProtoWriter* marks = nullptr) {
  ProtoWriter r;
  for (size_t i = 0; i < entries.size(); ++i) {
    r.Message(1, entries[i], StrCat("entry[", i, "]"));
  }
  if (marks != nullptr) *marks = r;
  return r.bytes();
}

// One BloomFilter in the UTF8 form: k hash functions, `words` LE words.
inline ProtoWriter Utf8Filter(uint32_t k, const std::vector<uint64_t>& words) {
  std::string bits;
  for (uint64_t w : words) {
    for (int i = 0; i < 8; ++i) bits.push_back(static_cast<char>(w >> (8 * i)));
  }
  ProtoWriter f;
  f.Varint(1, k, "num_hash_functions").Bytes(3, bits, "utf8bitset");
  return f;
}

inline std::string BloomBytes(const std::vector<ProtoWriter>& filters,
                              ProtoWriter* marks = nullptr) {
  ProtoWriter b;
  for (size_t i = 0; i < filters.size(); ++i) {
    b.Message(1, filters[i], StrCat("bloom_filter[", i, "]"));
  }
  if (marks != nullptr) *marks = b;
  return b.bytes();
}

struct IndexStream {
  int64_t kind;
  uint32_t column;
  std::string bytes;
  uint64_t declared = UINT64_MAX;  // Length in the footer; default: bytes.
  // With compression and no bytes: one chunk of length 0 (3 header bytes),
  // as Hive writes a stream of a column of nulls, instead of no chunk.
  bool empty_chunk = false;
};

struct IndexStripe {
  uint64_t rows = 1;
  std::vector<IndexStream> streams;  // Index area first.
  std::vector<ProtoWriter> encodings;
  std::vector<ProtoWriter> encryption;  // StripeFooter.encryption
  ProtoWriter info_extra;               // Appended to StripeInformation.

  IndexStripe& Add(int64_t kind, uint32_t column, std::string bytes) {
    streams.push_back({kind, column, std::move(bytes)});
    return *this;
  }
};

class IndexFile {
 public:
  std::vector<ProtoWriter> types;
  std::vector<ProtoWriter> file_stats;
  std::vector<std::vector<ProtoWriter>> stripe_stats;  // Empty: no Metadata.
  std::vector<IndexStripe> stripes;
  uint64_t stride = 0;
  uint32_t writer = 0;
  uint32_t writer_version = 9;
  std::string software_version;
  int64_t compression = kNone;
  uint64_t block_size = 0;  // With compression: chunk size of streams.
  bool has_encryption = false;
  ProtoWriter encryption;
  uint64_t stripe_statistics_length = 0;
  bool stripe_statistics_length_present = false;

  IndexStripe& AddStripe(uint64_t rows) {
    stripes.push_back({});
    stripes.back().rows = rows;
    return stripes.back();
  }

  std::string Build() {
    out_ = "ORC";
    std::vector<ProtoWriter> infos;
    stream_offsets_.assign(stripes.size(), {});
    stripe_footer_offsets_.assign(stripes.size(), 0);
    uint64_t rows = 0;
    for (size_t si = 0; si < stripes.size(); ++si) {
      const IndexStripe& s = stripes[si];
      const uint64_t offset = out_.size();
      uint64_t areas[2] = {0, 0};
      ProtoWriter footer;
      for (size_t i = 0; i < s.streams.size(); ++i) {
        const IndexStream& st = s.streams[i];
        stream_offsets_[si].push_back(out_.size());
        const std::string framed =
            st.empty_chunk && compression != kNone
                ? std::string("\x01\x00\x00", 3)
                : Frame(st.bytes,
                        StripeBuilder::IndexArea(st.kind) ? 0 : block_size);
        out_ += framed;
        const uint64_t length =
            st.declared == UINT64_MAX ? framed.size() : st.declared;
        areas[StripeBuilder::IndexArea(st.kind) ? 0 : 1] += length;
        ProtoWriter w;
        w.Varint(1, static_cast<uint64_t>(st.kind), "kind")
            .Varint(2, st.column, "column")
            .Varint(3, length, "length");
        footer.Message(1, w, StrCat("streams[", i, "]"));
      }
      for (size_t i = 0; i < s.encodings.size(); ++i) {
        footer.Message(2, s.encodings[i], StrCat("columns[", i, "]"));
      }
      footer.Bytes(3, "UTC");
      for (size_t i = 0; i < s.encryption.size(); ++i) {
        footer.Message(4, s.encryption[i], StrCat("encryption[", i, "]"));
      }
      stripe_footers_.push_back(footer);
      stripe_footer_offsets_[si] = out_.size() + Header();
      const std::string framed_footer = Frame(footer.bytes(), 0);
      out_ += framed_footer;
      ProtoWriter info;
      info.Varint(1, offset, "offset")
          .Varint(2, areas[0], "index_length")
          .Varint(3, areas[1], "data_length")
          .Varint(4, framed_footer.size(), "footer_length")
          .Varint(5, s.rows, "number_of_rows")
          .Raw(s.info_extra.bytes());
      infos.push_back(info);
      rows += s.rows;
    }
    const uint64_t content = out_.size();
    out_ += std::string(stripe_statistics_length, '\0');
    // Metadata.
    metadata_offset_ = out_.size() + Header();
    uint64_t metadata_length = 0;
    if (!stripe_stats.empty()) {
      metadata_ = ProtoWriter();
      for (size_t s = 0; s < stripe_stats.size(); ++s) {
        ProtoWriter ss;
        for (size_t c = 0; c < stripe_stats[s].size(); ++c) {
          ss.Message(1, stripe_stats[s][c], StrCat("col_stats[", c, "]"));
        }
        metadata_.Message(1, ss, StrCat("stripe_stats[", s, "]"));
      }
      const std::string framed = Frame(metadata_.bytes(), 0);
      metadata_length = framed.size();
      out_ += framed;
    }
    // Footer.
    footer_ = ProtoWriter();
    footer_.Varint(1, 3).Varint(2, content, "content_length");
    for (size_t i = 0; i < infos.size(); ++i) {
      footer_.Message(3, infos[i], StrCat("stripes[", i, "]"));
    }
    for (size_t i = 0; i < types.size(); ++i) {
      footer_.Message(4, types[i], StrCat("types[", i, "]"));
    }
    footer_.Varint(6, rows, "number_of_rows");
    for (size_t i = 0; i < file_stats.size(); ++i) {
      footer_.Message(7, file_stats[i], StrCat("statistics[", i, "]"));
    }
    footer_.Varint(8, stride, "row_index_stride").Varint(9, writer, "writer");
    if (has_encryption) footer_.Message(10, encryption, "encryption");
    if (!software_version.empty()) {
      footer_.Bytes(12, software_version, "software_version");
    }
    footer_offset_ = out_.size() + Header();
    const std::string framed_footer = Frame(footer_.bytes(), 0);
    out_ += framed_footer;
    // PostScript.
    postscript_ = ProtoWriter();
    postscript_.Varint(1, framed_footer.size(), "footer_length")
        .Varint(2, static_cast<uint64_t>(compression), "compression");
    if (compression != kNone) postscript_.Varint(3, kBlock, "block_size");
    postscript_.Packed(4, {0, 12}, "version")
        .Varint(5, metadata_length, "metadata_length")
        .Varint(6, writer_version, "writer_version");
    if (stripe_statistics_length > 0 || stripe_statistics_length_present) {
      postscript_.Varint(7, stripe_statistics_length,
                         "stripe_statistics_length");
    }
    postscript_.Bytes(8000, "ORC", "magic");
    postscript_offset_ = out_.size();
    out_ += postscript_.bytes();
    out_.push_back(static_cast<char>(postscript_.bytes().size()));
    return out_;
  }

  ByteSpan FooterMark(const std::string& name) const {
    return Shift(footer_.mark(name), footer_offset_);
  }
  ByteSpan MetadataMark(const std::string& name) const {
    return Shift(metadata_.mark(name), metadata_offset_);
  }
  ByteSpan PostScriptMark(const std::string& name) const {
    return Shift(postscript_.mark(name), postscript_offset_);
  }
  ByteSpan StripeFooterMark(size_t stripe, const std::string& name) const {
    return Shift(stripe_footers_[stripe].mark(name),
                 stripe_footer_offsets_[stripe]);
  }
  // The file span of stream `i` of `stripe` (framing included).
  ByteSpan StreamSpan(size_t stripe, size_t i) const {
    const uint64_t at = stream_offsets_[stripe][i];
    const uint64_t end = i + 1 < stream_offsets_[stripe].size()
                             ? stream_offsets_[stripe][i + 1]
                             : stripe_footer_offsets_[stripe] - Header();
    return {at, end - at};
  }
  // A mark of `marks` (a RowIndexBytes/BloomBytes writer) inside stream
  // `i`, for streams stored in one chunk.
  ByteSpan StreamMark(size_t stripe, size_t i, const ProtoWriter& marks,
                      const std::string& name) const {
    return Shift(marks.mark(name), stream_offsets_[stripe][i] + Header());
  }

 private:
  static constexpr uint64_t kBlock = 1 << 16;

  uint64_t Header() const { return compression == kNone ? 0 : 3; }

  // Original chunks of at most `chunk` bytes (0: one chunk); raw under NONE.
  std::string Frame(const std::string& bytes, uint64_t chunk) const {
    if (compression == kNone) return bytes;
    if (chunk == 0) chunk = kBlock;
    std::string out;
    for (size_t at = 0; at < bytes.size(); at += chunk) {
      const size_t n = std::min<size_t>(chunk, bytes.size() - at);
      const uint64_t v = (uint64_t{n} << 1) | 1;
      out.push_back(static_cast<char>(v & 0xff));
      out.push_back(static_cast<char>((v >> 8) & 0xff));
      out.push_back(static_cast<char>((v >> 16) & 0xff));
      out.append(bytes, at, n);
    }
    return out;
  }

  static ByteSpan Shift(ByteSpan s, uint64_t by) {
    return {s.offset + by, s.length};
  }

  std::string out_;
  ProtoWriter footer_;
  ProtoWriter metadata_;
  ProtoWriter postscript_;
  std::vector<ProtoWriter> stripe_footers_;
  std::vector<std::vector<uint64_t>> stream_offsets_;
  std::vector<uint64_t> stripe_footer_offsets_;
  uint64_t footer_offset_ = 0;
  uint64_t metadata_offset_ = 0;
  uint64_t postscript_offset_ = 0;
};

// RLEv1 literal of signed values (each a one-byte zigzag varint).
inline std::string SmallIntV1(const std::vector<int64_t>& values) {
  std::string out(1, static_cast<char>(256 - values.size()));
  for (int64_t v : values) ProtoWriter::PutVarint(out, ProtoWriter::Zigzag(v));
  return out;
}

// A valid file: struct<a:int>, one stripe of 3 rows a = 1, 5, 3 (RLEv1),
// with file and stripe statistics and no row index.
inline IndexFile BaseFile() {
  IndexFile f;
  f.types = {StructOf({"a"}), TypeMessage(kInt)};
  f.file_stats = {Stats(3), IntStats(3, 1, 5, 9)};
  f.stripe_stats = {{Stats(3), IntStats(3, 1, 5, 9)}};
  IndexStripe& s = f.AddStripe(3);
  s.encodings = {Encoding(kDirect), Encoding(kDirect)};
  s.Add(kData, 1, SmallIntV1({1, 5, 3}));
  return f;
}

}  // namespace colcheck::orc::testing

#endif  // COLCHECK_ORC_TESTING_INDEX_BUILDER_H_
