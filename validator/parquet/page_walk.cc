// The page walk. See page_walk.h for the layout; data_page.cc decodes the
// inside of a data page.
// https://github.com/apache/parquet-format/blob/master/README.md (Column
// chunks, Data Pages, Checksumming); parquet.thrift (PageHeader)

#include "parquet/page_walk.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "codec/codec.h"
#include "core/decode_counts.h"
#include "core/limits.h"
#include "core/ordered_runner.h"
#include "core/strings.h"
#include "parquet/bloom_filter.h"
#include "parquet/column_values.h"
#include "parquet/data_page.h"
#include "parquet/encryption.h"
#include "parquet/metadata_decoder.h"
#include "parquet/page_index.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

// PLAIN_DICTIONARY and RLE_DICTIONARY name the same thing in
// ColumnMetaData.encodings (writers list either for either). A dictionary
// page counts as listed by either as well: Arrow lists its PLAIN, parquet-mr
// PLAIN_DICTIONARY, and DuckDB only the data pages' RLE_DICTIONARY.
bool Listed(const ColumnMetaData& m, int32_t encoding, bool dictionary_page) {
  const bool dictionary = dictionary_page || IsDictionaryEncoding(encoding);
  for (const Spanned<int32_t>& e : m.encodings.value) {
    if (e.value == encoding) return true;
    if (dictionary && IsDictionaryEncoding(e.value)) return true;
  }
  return false;
}

class ChunkWalker {
 public:
  ChunkWalker(const RuleContext& ctx, const ByteReader& file, size_t rg,
              size_t column, WalkDepth depth, codec::Decompressor& codecs,
              const PassHooks& hooks)
      : ctx_(ctx),
        file_(file),
        rg_(rg),
        column_(column),
        depth_(depth),
        chunk_(ctx.md.row_groups.value[rg].value.columns.value[column].value),
        md_(chunk_.meta_data.value),
        codecs_(codecs),
        hooks_(hooks) {}

  // Walks the chunk if its metadata lets it be found. Returns whether it
  // was walked.
  bool Run(ChunkWalk* walk);

  // Rows in the chunk are known: every page's levels were counted.
  bool rows_known() const { return rows_known_; }

 private:
  std::string ChunkField(std::string_view field) const {
    return FieldPath("row_groups", rg_, "columns", column_, field);
  }
  std::string PageField(size_t ordinal) const {
    return FieldPath("row_groups", rg_, "columns", column_, "pages", ordinal);
  }
  bool Setup();
  bool ReadHeader(uint64_t pos, uint64_t end, size_t ordinal, PageHeader* h,
                  ByteSpan* header);
  bool DecryptHeader(uint64_t pos, uint64_t end, size_t ordinal,
                     PageHeader* h, ByteSpan* header);
  bool DecryptBody(const PageHeader& h, ByteSpan body, size_t ordinal,
                   Module* out);
  bool LooksLikePage(uint64_t pos, uint64_t end) const;
  uint64_t ReadLimit(uint64_t end) const;
  void FetchHeader(uint64_t pos, uint64_t end) const;
  bool MayRelease(ByteSpan page) const;
  bool CheckSizes(const PageHeader& h, ByteSpan header, uint64_t end,
                  size_t ordinal);
  void CheckTypeHeaders(const PageHeader& h, PageScope& scope);
  void CheckCrc(const PageHeader& h, ByteSpan stored, PageScope& scope,
                const ByteReader& bytes);
  void CheckDictionaryOffset(ByteSpan header);
  void DictionaryPage(const PageHeader& h, ByteSpan header, PageScope& scope,
                      const ByteReader& bytes);
  void DataPageHeaders(const PageHeader& h, ByteSpan header, size_t ordinal,
                       PageScope& scope, const ByteReader& bytes,
                       ChunkWalk* walk);
  void CheckEncodingListed(int32_t encoding, bool dictionary_page,
                           ByteSpan span, PageScope& scope,
                           std::string_view field);
  void Finish(uint64_t pos, uint64_t end, ChunkWalk* walk);

  const RuleContext& ctx_;
  const ByteReader& file_;
  const size_t rg_;
  const size_t column_;
  const WalkDepth depth_;
  const ColumnChunk& chunk_;
  const ColumnMetaData& md_;
  codec::Decompressor& codecs_;
  const PassHooks& hooks_;

  ColumnShape shape_;
  std::optional<ColumnValueChecker> values_;
  std::optional<BloomFilterCheck> bloom_;
  Dictionary dictionary_;
  PageBuffer buffer_;
  // An encrypted chunk's key (null for a plaintext chunk), the data pages
  // its walk has met (the page ordinal of the AADs), and the plaintexts
  // of the page it reads. The dictionary's stays while later pages read
  // its entries.
  const ModuleKey* key_ = nullptr;
  uint32_t data_pages_ = 0;
  std::vector<std::byte> header_plaintext_;
  std::vector<std::byte> page_plaintext_;
  std::vector<std::byte> dictionary_plaintext_;

  bool seen_dictionary_ = false;
  bool dictionary_at_data_offset_ = false;
  bool seen_data_ = false;
  bool seen_dictionary_encoded_ = false;
  bool reported_fallback_ = false;
  bool rows_known_ = true;
  int64_t values_seen_ = 0;
  uint64_t uncompressed_total_ = 0;
  std::vector<int32_t> unlisted_reported_;
};

bool ChunkWalker::Setup() {
  if (!chunk_.meta_data.present || chunk_.file_path.present) {
    return false;  // Elsewhere: nothing here to walk.
  }
  if (chunk_.crypto_metadata.present) {
    key_ = ctx_.crypto == nullptr ? nullptr
                                  : ctx_.crypto->chunk_key(rg_, column_);
    if (key_ == nullptr) return false;  // Encrypted, and no key opens it.
  }
  const int32_t element = ctx_.LeafElement(column_);
  if (element < 0) return false;
  const SchemaElement& leaf = ctx_.md.schema.value[element].value;
  const SchemaNode& node = ctx_.tree.nodes[element];
  // A type or codec the footer rules rejected would only cascade here.
  if (!leaf.type.present || !md_.type.present ||
      md_.type.value != leaf.type.value || leaf.type.value < kBoolean ||
      leaf.type.value > kFixedLenByteArray || !md_.codec.present ||
      md_.codec.value < kUncompressed || md_.codec.value > kLz4Raw ||
      (leaf.type.value == kFixedLenByteArray &&
       (!leaf.type_length.present || leaf.type_length.value <= 0))) {
    return false;
  }
  shape_.type = {leaf.type.value, leaf.type_length.value};
  shape_.max_definition_level = node.max_definition_level;
  shape_.max_repetition_level = node.max_repetition_level;
  shape_.codec = md_.codec.value;
  if (depth_ == WalkDepth::kFull) {
    values_.emplace(ctx_, column_);
    bloom_ = BloomFilterCheck::Load(ctx_, file_, rg_, column_, hooks_);
  }
  return true;
}

// Decodes the PageHeader at `pos`. Its Thrift fields report under
// "pages[i].header".
bool ChunkWalker::ReadHeader(uint64_t pos, uint64_t end, size_t ordinal,
                             PageHeader* h, ByteSpan* header) {
  ByteReader bytes;
  if (!file_.Sub(pos, end - pos, &bytes)) return false;
  thrift::Decoder d(bytes, &ctx_.sink);
  const std::string name = StrCat(PageField(ordinal), ".header");
  d.PushName(name);
  const bool ok = DecodePageHeader(d, h);
  *header = {pos, d.reader().position() - pos};
  // Without its type and sizes (thrift.missing-required-field said so)
  // the page cannot be placed, so neither can anything after it.
  return ok && !d.failed() && h->type.present &&
         h->uncompressed_page_size.present && h->compressed_page_size.present;
}

// Decrypts and decodes the PageHeader module at `pos` (EC 4.4.2): a
// dictionary page header when the chunk's metadata names a dictionary
// page and no page came before, else the header of the next data page.
// `header` is the whole module.
bool ChunkWalker::DecryptHeader(uint64_t pos, uint64_t end, size_t ordinal,
                                PageHeader* h, ByteSpan* header) {
  const bool dictionary =
      !seen_dictionary_ && !seen_data_ && HasDictionaryPage(md_);
  const std::string name = StrCat(PageField(ordinal), ".header");
  if (!dictionary && data_pages_ > kMaxModuleOrdinal) {
    ctx_.sink.Report(Code::kEncryptionOrdinalOverflow, {pos, 0}, name,
                     StrCat("data page ", data_pages_, " of an encrypted "
                            "chunk; AADs name at most 32768 pages"));
    return false;
  }
  const ModulePlace place{dictionary ? ModuleType::kDictionaryPageHeader
                                     : ModuleType::kDataPageHeader,
                          static_cast<uint32_t>(rg_),
                          static_cast<uint32_t>(column_), data_pages_};
  Module module;
  if (!ctx_.crypto->Open(file_, {pos, end, false}, *key_, place, name,
                         ctx_.sink, &header_plaintext_, &module)) {
    return false;
  }
  thrift::Decoder d(module.plaintext, &ctx_.sink);
  d.PushName(name);
  const bool ok = DecodePageHeader(d, h);
  if (ok && !d.reader().empty()) {
    ctx_.crypto->NotePadding(place.type,
                             {d.reader().position(), d.reader().remaining()},
                             name);
  }
  *header = module.whole;
  return ok && !d.failed() && h->type.present &&
         h->uncompressed_page_size.present && h->compressed_page_size.present;
}

// Decrypts the body module of a dictionary or data page, which fills the
// compressed_page_size bytes after its header.
bool ChunkWalker::DecryptBody(const PageHeader& h, ByteSpan body,
                              size_t ordinal, Module* out) {
  const bool dictionary = h.type.value == kDictionaryPage;
  const ModulePlace place{
      dictionary ? ModuleType::kDictionaryPage : ModuleType::kDataPage,
      static_cast<uint32_t>(rg_), static_cast<uint32_t>(column_),
      data_pages_};
  return ctx_.crypto->Open(
      file_, {body.offset, body.end(), true}, *key_, place,
      StrCat(PageField(ordinal), ".body"), ctx_.sink,
      dictionary && !seen_dictionary_ && !seen_data_ ? &dictionary_plaintext_
                                                     : &page_plaintext_,
      out);
}

// How far a full walk's fetches may read ahead: on through the column data,
// as the next chunk in the file is usually the next one walked.
uint64_t ChunkWalker::ReadLimit(uint64_t end) const {
  return std::max(end, ctx_.layout.data_end());
}

// Fetches the PageHeader at `pos`, for a pass over a ByteSource. A headers
// walk reads on only a little past it (the next pages' headers, when pages
// are small), a full one on through the column data.
void ChunkWalker::FetchHeader(uint64_t pos, uint64_t end) const {
  constexpr uint64_t kHeaderGuess = 1024;
  constexpr uint64_t kHeadersReadAhead = uint64_t{32} << 10;
  const uint64_t limit = depth_ == WalkDepth::kFull ? ReadLimit(end)
                         : end - pos < kHeadersReadAhead
                             ? end
                             : pos + kHeadersReadAhead;
  FetchDecodable(hooks_, file_, pos, end, kHeaderGuess, limit,
                 [](const ByteReader& window) {
                   return thrift::RunsOutOfBytes(window, DecodePageHeader);
                 });
}

// Whether the walk may give back `page` once past it: not while the bloom
// filter, which a hostile footer may place among the chunk's pages, is
// read from the same bytes.
bool ChunkWalker::MayRelease(ByteSpan page) const {
  if (!bloom_) return true;
  const ByteSpan bitset = bloom_->bitset_span();
  return page.end() <= bitset.offset || bitset.end() <= page.offset;
}

// Whether a whole page, header and body, decodes at `pos` without fault.
bool ChunkWalker::LooksLikePage(uint64_t pos, uint64_t end) const {
  ByteReader bytes;
  if (!file_.Sub(pos, end - pos, &bytes)) return false;
  DiagnosticSink scratch = DiagnosticSink::Counting();
  thrift::Decoder d(bytes, &scratch);
  PageHeader h;
  if (!DecodePageHeader(d, &h) || d.failed() || scratch.has_errors() ||
      !h.compressed_page_size.present || h.compressed_page_size.value < 0) {
    return false;
  }
  return static_cast<uint64_t>(h.compressed_page_size.value) <=
         d.reader().remaining();
}

// Sizes are non-negative and the body lies inside the chunk. Returns
// whether the walk can go on past this page.
bool ChunkWalker::CheckSizes(const PageHeader& h, ByteSpan header,
                             uint64_t end, size_t ordinal) {
  PageScope scope(ctx_.sink, PageField(ordinal), {}, /*exact=*/true);
  bool ok = true;
  for (const auto* size : {&h.compressed_page_size, &h.uncompressed_page_size}) {
    if (size->value < 0) {
      scope.ReportAt(Code::kPageNegativeSize, size->span,
                     size == &h.compressed_page_size
                         ? "header.compressed_page_size"
                         : "header.uncompressed_page_size",
                     StrCat("page size ", size->value, " is negative"));
      ok = false;
    }
  }
  if (!ok) return false;
  const uint64_t body = static_cast<uint64_t>(h.compressed_page_size.value);
  if (body > end - header.end()) {
    scope.ReportAt(Code::kPageOutOfChunk, h.compressed_page_size.span,
                   "header.compressed_page_size",
                   StrCat("the page body [", header.end(), ", +", body,
                          ") runs past the chunk's end at ", end));
    return false;
  }
  return true;
}

// Exactly the type header that `type` needs; others are ignored by
// readers, so they only warrant a warning.
void ChunkWalker::CheckTypeHeaders(const PageHeader& h, PageScope& scope) {
  struct Slot {
    int32_t type;
    bool present;
    ByteSpan span;
    std::string_view name;
  };
  const Slot slots[] = {
      {kDataPage, h.data_page_header.present, h.data_page_header.whole(),
       "data_page_header"},
      {kIndexPage, h.index_page_header.present, h.index_page_header.whole(),
       "index_page_header"},
      {kDictionaryPage, h.dictionary_page_header.present,
       h.dictionary_page_header.whole(), "dictionary_page_header"},
      {kDataPageV2, h.data_page_header_v2.present,
       h.data_page_header_v2.whole(), "data_page_header_v2"},
  };
  for (const Slot& slot : slots) {
    const std::string field = StrCat("header.", slot.name);
    if (slot.type == h.type.value && !slot.present &&
        slot.type != kIndexPage) {
      scope.ReportAt(Code::kPageMissingTypeHeader, h.type.whole(), field,
                     StrCat("page type ", h.type.value, " needs ", slot.name,
                            ", which is absent"));
    } else if (slot.type != h.type.value && slot.present) {
      scope.ReportAt(Code::kPageExtraTypeHeader, slot.span, field,
                     StrCat(slot.name, " is set on a page of type ",
                            h.type.value, "; readers ignore it"));
    }
  }
}

// PageHeader.crc: CRC-32 of the body as stored (after compression), the
// `stored` bytes. An encrypted body's CRC is over its module as stored,
// or, as parquet-mr writes it, over the plaintext of the module: the
// section `scope` reads in `bytes`.
void ChunkWalker::CheckCrc(const PageHeader& h, ByteSpan stored,
                           PageScope& scope, const ByteReader& bytes) {
  if (!h.crc.present || depth_ != WalkDepth::kFull) return;
  const uint32_t actual = codec::Crc32(file_.Bytes(stored));
  const uint32_t declared = static_cast<uint32_t>(h.crc.value);
  if (actual == declared) return;
  if (key_ != nullptr &&
      codec::Crc32(bytes.Bytes(scope.body())) == declared) {
    return;
  }
  scope.ReportAt(Code::kPageCrcMismatch, Join(h.crc.span, stored),
                 "header.crc",
                 StrCat("crc is ", declared, " but the ", stored.length,
                        "-byte body's CRC-32 is ", actual));
}

void ChunkWalker::CheckEncodingListed(int32_t encoding, bool dictionary_page,
                                      ByteSpan span,
                                      PageScope& scope,
                                      std::string_view field) {
  // An encoding the enum lacks is encoding.unknown's to report.
  const bool known = encoding >= kPlain && encoding <= kByteStreamSplit;
  if (!known || !md_.encodings.present || md_.encodings.value.empty() ||
      Listed(md_, encoding, dictionary_page)) {
    return;
  }
  for (int32_t e : unlisted_reported_) {
    if (e == encoding) return;
  }
  unlisted_reported_.push_back(encoding);
  scope.ReportAt(Code::kPageEncodingNotListed, span, field,
                 StrCat("encoding ", encoding,
                        " is not in the chunk's meta_data.encodings"));
}

// The chunk's first page is a dictionary page: dictionary_page_offset
// should name it. parquet-cpp and Impala left it unset and pointed
// data_page_offset at the dictionary instead, which readers accept.
void ChunkWalker::CheckDictionaryOffset(ByteSpan header) {
  if (HasDictionaryPage(md_)) {
    if (static_cast<uint64_t>(md_.dictionary_page_offset.value) !=
        header.offset) {
      ctx_.sink.Report(Code::kPageDictionaryPageOffset,
                       md_.dictionary_page_offset.span,
                       ChunkField("meta_data.dictionary_page_offset"),
                       StrCat("the chunk's dictionary page is at ",
                              header.offset, ", not at dictionary_page_offset ",
                              md_.dictionary_page_offset.value));
    }
    return;
  }
  if (md_.data_page_offset.present &&
      static_cast<uint64_t>(md_.data_page_offset.value) == header.offset) {
    dictionary_at_data_offset_ = true;
    ctx_.sink.Report(Code::kPageDictionaryAtDataPageOffset,
                     md_.data_page_offset.span,
                     ChunkField("meta_data.data_page_offset"),
                     "dictionary_page_offset is not set and data_page_offset "
                     "points at the dictionary page");
  }
}

void ChunkWalker::DictionaryPage(const PageHeader& h, ByteSpan header,
                                 PageScope& scope, const ByteReader& bytes) {
  if (seen_dictionary_) {
    scope.ReportAt(Code::kPageDuplicateDictionary, header, "header",
                   "a second dictionary page in one column chunk");
  } else if (seen_data_) {
    scope.ReportAt(Code::kPageDictionaryNotFirst, header, "header",
                   "a dictionary page after a data page");
  }
  const bool first = !seen_dictionary_ && !seen_data_;
  seen_dictionary_ = true;
  if (first) CheckDictionaryOffset(header);
  if (!h.dictionary_page_header.present) return;
  const DictionaryPageHeader& d = h.dictionary_page_header.value;
  if (d.num_values.value < 0) {
    scope.ReportAt(Code::kPageNegativeCount, d.num_values.span,
                   "header.dictionary_page_header.num_values",
                   StrCat("num_values ", d.num_values.value, " is negative"));
    return;
  }
  if (d.encoding.value != kPlain && d.encoding.value != kPlainDictionary) {
    scope.ReportAt(Code::kPageDictionaryEncoding, d.encoding.span,
                   "header.dictionary_page_header.encoding",
                   StrCat("a dictionary page must be PLAIN (0) or "
                          "PLAIN_DICTIONARY (2), not ",
                          d.encoding.value));
    return;
  }
  CheckEncodingListed(d.encoding.value, /*dictionary_page=*/true,
                      d.encoding.span, scope,
                      "header.dictionary_page_header.encoding");
  if (depth_ != WalkDepth::kFull || !first) return;
  DecodeDictionaryPage(h, shape_, bytes, codecs_, scope, &*values_,
                       bloom_ ? &*bloom_ : nullptr, &dictionary_, hooks_.tap,
                       rg_, column_);
}

void ChunkWalker::DataPageHeaders(const PageHeader& h, ByteSpan header,
                                  size_t ordinal, PageScope& scope,
                                  const ByteReader& bytes, ChunkWalk* walk) {
  const bool v2 = h.type.value == kDataPageV2;
  if (!seen_data_ && !dictionary_at_data_offset_ &&
      (!md_.data_page_offset.present ||
       static_cast<uint64_t>(md_.data_page_offset.value) != header.offset)) {
    ctx_.sink.Report(Code::kPageDataPageOffset, md_.data_page_offset.span,
                     ChunkField("meta_data.data_page_offset"),
                     StrCat("the chunk's first data page is at ",
                            header.offset, ", not at data_page_offset ",
                            md_.data_page_offset.value));
  }
  seen_data_ = true;
  if (v2 ? !h.data_page_header_v2.present : !h.data_page_header.present) {
    rows_known_ = false;
    return;
  }
  const Spanned<int32_t>& num_values =
      v2 ? h.data_page_header_v2.value.num_values
         : h.data_page_header.value.num_values;
  const Spanned<int32_t>& encoding = v2 ? h.data_page_header_v2.value.encoding
                                        : h.data_page_header.value.encoding;
  const std::string header_name = v2 ? "header.data_page_header_v2"
                                     : "header.data_page_header";
  if (num_values.value < 0) {
    scope.ReportAt(Code::kPageNegativeCount, num_values.span,
                   StrCat(header_name, ".num_values"),
                   StrCat("num_values ", num_values.value, " is negative"));
    rows_known_ = false;
    return;
  }
  values_seen_ += num_values.value;
  CheckEncodingListed(encoding.value, /*dictionary_page=*/false,
                      encoding.span, scope,
                      StrCat(header_name, ".encoding"));
  if (IsDictionaryEncoding(encoding.value)) {
    seen_dictionary_encoded_ = true;
    if (!seen_dictionary_) {
      scope.ReportAt(Code::kPageMissingDictionary, encoding.span,
                     StrCat(header_name, ".encoding"),
                     "a dictionary-encoded data page with no dictionary page "
                     "before it");
    }
  } else if (seen_dictionary_encoded_ && !reported_fallback_) {
    reported_fallback_ = true;
    scope.ReportAt(Code::kPageDictionaryFallback, encoding.span,
                   StrCat(header_name, ".encoding"),
                   StrCat("the chunk falls back from dictionary encoding to "
                          "encoding ",
                          encoding.value));
  }

  DataPageSummary page;
  page.ordinal = ordinal;
  page.header = header;
  page.repetition_levels = scope.body();
  page.compressed_page_size = h.compressed_page_size.value;
  page.num_values = static_cast<uint64_t>(num_values.value);
  page.first_row = walk->num_rows;
  // A V2 page of a column without repetition holds one row per value.
  if (v2 && shape_.max_repetition_level == 0 &&
      h.data_page_header_v2.value.num_rows.value != num_values.value) {
    const Spanned<int32_t>& num_rows = h.data_page_header_v2.value.num_rows;
    scope.ReportAt(Code::kPageV2NumRows, num_rows.span,
                   "header.data_page_header_v2.num_rows",
                   StrCat("num_rows is ", num_rows.value, " but the column is "
                          "not repeated, so its ", num_values.value,
                          " values are as many rows"));
  }
  if (!CheckV2Header(h, scope)) {
    rows_known_ = false;
  } else if (depth_ == WalkDepth::kFull) {
    const DataPageInput in{.header = h,
                           .shape = shape_,
                           .file = bytes,
                           .codecs = codecs_,
                           .scope = scope,
                           .values = &*values_,
                           .bloom = bloom_ ? &*bloom_ : nullptr,
                           .dictionary = &dictionary_,
                           .buffer = &buffer_,
                           .first_page = walk->data_pages.empty(),
                           .tap = hooks_.tap,
                           .row_group = rg_,
                           .column = column_};
    DecodeDataPage(in, &page);
  }
  if (!page.decoded && shape_.max_repetition_level > 0) rows_known_ = false;
  if (shape_.max_repetition_level == 0) page.num_rows = page.num_values;
  walk->num_values += page.num_values;
  walk->num_nulls += page.num_nulls;
  walk->num_rows += page.num_rows;
  AddHistogram(page.repetition_histogram, &walk->repetition_histogram);
  AddHistogram(page.definition_histogram, &walk->definition_histogram);
  walk->data_pages.push_back(std::move(page));
}

// Whether the chunk's pages add up to what its metadata says.
void ChunkWalker::Finish(uint64_t pos, uint64_t end, ChunkWalk* walk) {
  if (!walk->complete) return;
  if (pos < end) {
    ctx_.sink.Report(
        Code::kPageChunkCompressedSize, md_.total_compressed_size.span,
        ChunkField("meta_data.total_compressed_size"),
        StrCat("the pages hold all ", values_seen_, " values and end at ",
               pos, ", but total_compressed_size puts the chunk's end at ",
               end));
  }
  if (md_.num_values.present && values_seen_ != md_.num_values.value) {
    ctx_.sink.Report(Code::kPageNumValuesMismatch, md_.num_values.span,
                     ChunkField("meta_data.num_values"),
                     StrCat("the data pages hold ", values_seen_,
                            " values, but num_values is ",
                            md_.num_values.value));
  }
  if (md_.total_uncompressed_size.present &&
      static_cast<uint64_t>(md_.total_uncompressed_size.value) !=
          uncompressed_total_) {
    ctx_.sink.Report(
        Code::kPageChunkUncompressedSize, md_.total_uncompressed_size.span,
        ChunkField("meta_data.total_uncompressed_size"),
        StrCat("the page headers and uncompressed bodies add up to ",
               uncompressed_total_, " bytes, but total_uncompressed_size is ",
               md_.total_uncompressed_size.value));
  }
  if (HasDictionaryPage(md_) && !seen_dictionary_) {
    ctx_.sink.Report(Code::kPageDictionaryPageOffset,
                     md_.dictionary_page_offset.span,
                     ChunkField("meta_data.dictionary_page_offset"),
                     "dictionary_page_offset is set, but the chunk has no "
                     "dictionary page");
  }
  if (values_ && walk->decoded) {
    values_->CheckChunkStatistics(md_, ChunkField("meta_data"),
                                  walk->num_nulls, ctx_.sink,
                                  walk->definition_histogram);
  }
}

bool ChunkWalker::Run(ChunkWalk* walk) {
  if (!Setup()) return false;
  const Spanned<int64_t>* start = ChunkStartField(md_);
  const Spanned<int64_t>& size = md_.total_compressed_size;
  if (start == nullptr || start->value < 0 || !size.present ||
      size.value < 0) {
    return false;
  }
  const uint64_t begin = static_cast<uint64_t>(start->value);
  const uint64_t length = static_cast<uint64_t>(size.value);
  if (begin < ctx_.layout.data_begin() || begin > ctx_.layout.data_end() ||
      length > ctx_.layout.data_end() - begin) {
    return false;  // metadata.offset-out-of-bounds or chunk-out-of-bounds.
  }
  const uint64_t end = begin + length;
  uint64_t pos = begin;
  walk->decoded = depth_ == WalkDepth::kFull;
  walk->complete = true;
  const int64_t expected =
      md_.num_values.present ? md_.num_values.value : INT64_MAX;
  for (size_t ordinal = 0; pos < end; ++ordinal) {
    // Readers stop once num_values values are read. Bytes the chunk still
    // holds are walked on only if they are a page (a stray dictionary page
    // or surplus data page is worth naming); else they are reported as a
    // size mismatch.
    FetchHeader(pos, end);
    // An encrypted page cannot be tried without reporting its failure.
    if (seen_data_ && values_seen_ >= expected &&
        (key_ != nullptr || !LooksLikePage(pos, end))) {
      break;
    }
    PageHeader h;
    ByteSpan header;
    if (!(key_ != nullptr ? DecryptHeader(pos, end, ordinal, &h, &header)
                          : ReadHeader(pos, end, ordinal, &h, &header))) {
      walk->complete = false;
      break;
    }
    const ByteSpan body{header.end(),
                        static_cast<uint64_t>(
                            h.compressed_page_size.value < 0
                                ? 0
                                : h.compressed_page_size.value)};
    if (!CheckSizes(h, header, end, ordinal)) {
      walk->complete = false;
      break;
    }
    if (depth_ == WalkDepth::kFull) hooks_.Fetch(body, ReadLimit(end));
    // An encrypted page's body is read from its plaintext, whose offsets
    // are those of its ciphertext (encryption.h).
    const bool sealed = key_ != nullptr && (h.type.value == kDictionaryPage ||
                                            h.type.value == kDataPage ||
                                            h.type.value == kDataPageV2);
    Module module;
    if (sealed && !DecryptBody(h, body, ordinal, &module)) {
      walk->complete = false;
      break;
    }
    const ByteReader& bytes = sealed ? module.plaintext : file_;
    PageScope scope(ctx_.sink, PageField(ordinal),
                    sealed ? module.ciphertext : body, /*exact=*/true);
    uncompressed_total_ +=
        header.length + static_cast<uint64_t>(h.uncompressed_page_size.value);
    CheckTypeHeaders(h, scope);
    CheckCrc(h, body, scope, bytes);
    const size_t pages_before = walk->data_pages.size();
    switch (h.type.value) {
      case kDictionaryPage:
        DictionaryPage(h, header, scope, bytes);
        break;
      case kDataPage:
      case kDataPageV2:
        DataPageHeaders(h, header, ordinal, scope, bytes, walk);
        ++data_pages_;
        break;
      case kIndexPage:
        scope.ReportAt(Code::kPageIndexPage, h.type.whole(), "header.type",
                       "an INDEX_PAGE; skipped");
        break;
      default:
        scope.ReportAt(Code::kPageUnknownType, h.type.whole(), "header.type",
                       StrCat("page type ", h.type.value,
                              " is not defined; skipped"));
    }
    if (walk->data_pages.size() > pages_before &&
        !walk->data_pages.back().decoded) {
      walk->decoded = false;
    }
    if (hooks_.tap != nullptr &&
        (h.type.value == kDataPage || h.type.value == kDataPageV2)) {
      hooks_.tap->PageEnd(rg_, column_, Join(header, body),
                          walk->data_pages.size() > pages_before &&
                              walk->data_pages.back().decoded);
    }
    if (hooks_.parquet_observer != nullptr) {
      hooks_.parquet_observer->Page(rg_, column_, ordinal, h, header, body,
                                    walk->data_pages.size() > pages_before
                                        ? &walk->data_pages.back()
                                        : nullptr);
    }
    if (!h.data_page_header.present && !h.data_page_header_v2.present &&
        (h.type.value == kDataPage || h.type.value == kDataPageV2)) {
      walk->decoded = false;
    }
    pos = body.end();
    // The dictionary's entries are read again by later pages.
    if (hooks_.release && h.type.value != kDictionaryPage &&
        MayRelease(Join(header, body))) {
      hooks_.release(Join(header, body));
    }
  }
  if (!walk->complete) {
    walk->decoded = false;
    rows_known_ = false;
  }
  Finish(pos, end, walk);
  return true;
}

// Every chunk of a row group holds RowGroup.num_rows rows. When all the
// counted chunks agree, num_rows is what is wrong, so it is reported once.
void CheckRowCounts(const RuleContext& ctx, size_t rg,
                    const std::vector<std::pair<size_t, uint64_t>>& rows) {
  const Spanned<int64_t>& num_rows = ctx.md.row_groups.value[rg].value.num_rows;
  if (!num_rows.present || num_rows.value < 0 || rows.empty()) return;
  const uint64_t declared = static_cast<uint64_t>(num_rows.value);
  bool agree = true;
  for (const auto& [column, count] : rows) agree &= count == rows[0].second;
  for (const auto& [column, count] : rows) {
    if (count == declared) continue;
    ctx.sink.Report(
        Code::kLevelsRowCountMismatch, num_rows.span,
        FieldPath("row_groups", rg, "num_rows"),
        agree ? StrCat("every column holds ", count,
                       " rows, but the row group's num_rows is ", declared)
              : StrCat("column ", column, " holds ", count,
                       " rows, but the row group's num_rows is ", declared));
    if (agree) return;
  }
}

// Walks chunk (rg, c) and checks what the walk found against the page
// index and the size statistics. Returns the rows it counted, when known.
std::optional<uint64_t> CheckChunk(const RuleContext& ctx,
                                   const ByteReader& file, size_t rg, size_t c,
                                   WalkDepth depth, codec::Decompressor& codecs,
                                   const PassHooks& hooks) {
  ChunkWalk walk;
  ChunkWalker walker(ctx, file, rg, c, depth, codecs, hooks);
  if (!walker.Run(&walk)) return std::nullopt;
  CheckPageIndex(ctx, file, rg, c, walk, hooks);
  CheckSizeStatistics(ctx, rg, c, walk);
  if (!walker.rows_known()) return std::nullopt;
  return walk.num_rows;
}

void CheckPagesInOrder(const RuleContext& ctx, const ByteReader& file,
                       WalkDepth depth, const PassHooks& hooks) {
  codec::Decompressor codecs;
  const auto& row_groups = ctx.md.row_groups.value;
  for (size_t rg = 0; rg < row_groups.size(); ++rg) {
    std::vector<std::pair<size_t, uint64_t>> rows;
    for (size_t c = 0; c < row_groups[rg].value.columns.value.size(); ++c) {
      const std::optional<uint64_t> n =
          CheckChunk(ctx, file, rg, c, depth, codecs, hooks);
      if (n) rows.emplace_back(c, *n);
    }
    CheckRowCounts(ctx, rg, rows);
  }
}

// What one chunk's check found, held until the chunks before it are in.
struct ChunkOutcome {
  DiagnosticSink sink;
  std::optional<uint64_t> rows;
  DecodeCounts work;  // The steps its decoders took (Report::work).
};

// Decompressors for the threads of one pass: a chunk takes one and gives
// it back, so each thread makes its codec contexts once, not per chunk.
class DecompressorPool {
 public:
  std::unique_ptr<codec::Decompressor> Take() {
    const std::lock_guard lock(mutex_);
    if (free_.empty()) return std::make_unique<codec::Decompressor>();
    std::unique_ptr<codec::Decompressor> codecs = std::move(free_.back());
    free_.pop_back();
    return codecs;
  }
  void Give(std::unique_ptr<codec::Decompressor> codecs) {
    const std::lock_guard lock(mutex_);
    free_.push_back(std::move(codecs));
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<codec::Decompressor>> free_;
};

// The chunks of every row group checked on hooks.threads threads. Each
// chunk reports into a sibling sink that is absorbed in file order, and
// rows are compared once a row group's chunks are all in, so the report
// is the one CheckPagesInOrder gives: the same findings in the same
// discovery order, cut at the same max_diagnostics.
void CheckPagesInParallel(const RuleContext& ctx, const ByteReader& file,
                          WalkDepth depth, const PassHooks& hooks) {
  std::vector<std::pair<size_t, size_t>> chunks;  // (row group, column)
  const auto& row_groups = ctx.md.row_groups.value;
  for (size_t rg = 0; rg < row_groups.size(); ++rg) {
    for (size_t c = 0; c < row_groups[rg].value.columns.value.size(); ++c) {
      chunks.emplace_back(rg, c);
    }
  }
  DecompressorPool pool;
  std::mutex release_mutex;
  const std::function<ChunkOutcome(size_t)> work = [&](size_t i) {
    const auto [rg, c] = chunks[i];
    ChunkOutcome outcome{ctx.sink.Sibling(), std::nullopt, {}};
    const RuleContext chunk_ctx{ctx.md, ctx.tree, ctx.layout, outcome.sink,
                                 ctx.crypto};
    // The chunk's pages are gathered here and handed to the caller's
    // release, which is not thread-safe, a batch at a time.
    ReleaseBatch released(
        [&](ByteSpan span) {
          const std::lock_guard lock(release_mutex);
          hooks.release(span);
        },
        kReleaseBatchBytes);
    PassHooks chunk_hooks;
    if (hooks.release) {
      chunk_hooks.release = [&released](ByteSpan span) { released.Add(span); };
    }
    chunk_hooks.fetch = hooks.fetch;
    std::unique_ptr<codec::Decompressor> codecs = pool.Take();
    const DecodeCounts before = ThreadDecodeCounts();
    outcome.rows =
        CheckChunk(chunk_ctx, file, rg, c, depth, *codecs, chunk_hooks);
    outcome.work = StepsSince(before);
    pool.Give(std::move(codecs));
    return outcome;
  };
  std::vector<std::pair<size_t, uint64_t>> rows;
  const std::function<void(size_t, ChunkOutcome)> emit =
      [&](size_t i, ChunkOutcome outcome) {
        const auto [rg, c] = chunks[i];
        ctx.sink.Absorb(outcome.sink);
        AddSteps(outcome.work);
        if (outcome.rows) rows.emplace_back(c, *outcome.rows);
        if (i + 1 == chunks.size() || chunks[i + 1].first != rg) {
          CheckRowCounts(ctx, rg, rows);
          rows.clear();
        }
      };
  RunOrdered<ChunkOutcome>(chunks.size(), hooks.threads,
                           WindowFor(hooks.threads), work, emit);
}

}  // namespace

void CheckPages(const RuleContext& ctx, const ByteReader& file, WalkDepth depth,
                const PassHooks& hooks) {
  // Observers and taps see pages and values in file order, and a single
  // chunk gains nothing from a thread of its own.
  size_t chunks = 0;
  for (const auto& rg : ctx.md.row_groups.value) {
    chunks += rg.value.columns.value.size();
  }
  // A source's image gives back released pages for good, so a thread
  // must not release pages of a chunk that another thread's chunk, which
  // a hostile footer may lay over it, is reading.
  const bool in_order = hooks.threads <= 1 || chunks < 2 ||
                        hooks.tap != nullptr ||
                        hooks.parquet_observer != nullptr || hooks.fetch;
  if (in_order) {
    CheckPagesInOrder(ctx, file, depth, hooks);
  } else {
    CheckPagesInParallel(ctx, file, depth, hooks);
  }
}

}  // namespace colcheck::parquet
