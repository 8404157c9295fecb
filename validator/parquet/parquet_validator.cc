#include "parquet/parquet_validator.h"

#include <string.h>  // memrchr

#include <algorithm>
#include <cstring>
#include <deque>
#include <memory>
#include <vector>

#include "core/column_path.h"
#include "core/strings.h"
#include "core/varint.h"
#include "parquet/column_names.h"
#include "parquet/encryption.h"
#include "parquet/metadata_decoder.h"
#include "parquet/page_walk.h"
#include "parquet/rules.h"
#include "parquet/schema.h"
#include "parquet/tail.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

// An encrypted footer (Encryption.md 5.4): FileCryptoMetaData in plaintext,
// then the FileMetaData as an AES-GCM module: 4-byte length, 12-byte nonce,
// ciphertext, 16-byte tag. Returns false, after reporting why, when the
// module cannot be placed; else sets `module` to its slot.
bool ReadEncryptedFooter(const ByteReader& footer, DiagnosticSink& sink,
                         FileCryptoMetaData* crypto, ModuleSlot* module) {
  thrift::Decoder d(footer, &sink);
  if (!DecodeFileCryptoMetaData(d, crypto)) return false;
  ByteReader rest = d.reader();
  const ByteSpan bytes{rest.position(), rest.remaining()};
  uint32_t length = 0;
  const bool has_length = rest.ReadU32LE(&length);
  if (!has_length) {
    sink.Report(Code::kEncryptionModuleLength, bytes, "",
                StrCat("the encrypted footer module needs a 4-byte length; ",
                       bytes.length, " bytes follow FileCryptoMetaData"));
    return false;
  }
  if (length != rest.remaining() || length < kNonceSize + kTagSize) {
    sink.Report(Code::kEncryptionModuleLength, {bytes.offset, 4}, "",
                StrCat("the encrypted footer module declares ", length,
                       " bytes after its length; ", rest.remaining(),
                       " follow, and a module needs 12 + 16 at least"));
    return false;
  }
  *module = {bytes.offset, bytes.end(), /*fills=*/true};
  return true;
}

// Checks the bytes after a plaintext FileMetaData: nothing, or exactly the
// 28-byte signature when the file is encrypted with a plaintext footer.
// Trailing bytes mean either junk after the metadata or a footer length
// that is too large, so their span runs on through the footer length.
void CheckFooterEnd(const ByteReader& rest, bool signed_footer,
                    const Tail& tail, DiagnosticSink& sink) {
  const uint64_t expected = signed_footer ? kFooterSignatureSize : 0;
  const uint64_t left = rest.remaining();
  if (left < expected) {
    sink.Report(Code::kEncryptionSignatureMissing,
                {rest.position(), left}, "",
                StrCat("the footer has ", left,
                       " bytes after FileMetaData; the signature needs ",
                       expected));
  } else if (left > expected) {
    const uint64_t junk = left - expected;
    const ByteSpan length_field{tail.footer.end(), 4};
    sink.Report(Code::kFileMetadataTrailingBytes,
                Join({rest.position(), junk}, length_field), "footer_length",
                StrCat("FileMetaData ends ", junk,
                       " bytes before the footer does"));
  }
}

// FileMetaData decoded from one start offset.
struct MetadataDecode {
  bool decoded = false;  // No structural fault stopped decoding.
  uint64_t start = 0;
  FileMetaData md;
  ByteReader rest;  // The footer bytes after FileMetaData.
};

MetadataDecode DecodeAt(const ByteReader& file, uint64_t start, uint64_t end,
                        DiagnosticSink& sink, FieldTrace* trace = nullptr) {
  MetadataDecode m;
  m.start = start;
  m.rest = ByteReader({}, start);
  ByteReader bytes;
  if (start > end || !file.Sub(start, end - start, &bytes)) return m;
  thrift::Decoder d(bytes, &sink);
  d.set_trace(trace);
  m.decoded = DecodeFileMetaData(d, &m.md);
  m.rest = d.reader();
  return m;
}

// Whether `m` ends where the footer does, less the signature of a signed
// plaintext footer.
bool EndsAtFooterEnd(const MetadataDecode& m) {
  const uint64_t expected =
      m.md.encryption_algorithm.present ? kFooterSignatureSize : 0;
  return m.decoded && m.rest.remaining() == expected;
}

// A start that yields FileMetaData without its required fields is not
// where the writer put it, even when the bytes happen to decode.
bool HasRequiredFields(const FileMetaData& md) {
  return md.version.present && md.schema.present && md.num_rows.present &&
         md.row_groups.present;
}

// Faults that decoding survives but that well-placed metadata never has:
// bytes read from the wrong place make field ids and element types up.
bool HasMisalignmentSigns(const DiagnosticSink& sink) {
  return sink.Has(Code::kThriftInvalidFieldId) ||
         sink.Has(Code::kThriftElementType);
}

// How far from the declared start colcheck looks for the real one, and how
// many footer bytes all those tries may decode together.
constexpr uint64_t kMaxFooterShift = 4096;
constexpr std::byte kFirstFieldHeader{0x15};
constexpr uint64_t kFooterSearchBudget = uint64_t{64} << 20;

// A FileMetaData that ends at the footer's end, or before the signature
// of a signed footer, ends with its struct's stop byte there; without one
// no start can decode exactly.
bool HasStopByteBefore(const ByteReader& file, uint64_t end) {
  for (const uint64_t tail : {uint64_t{0}, kFooterSignatureSize}) {
    if (end < tail + 1) continue;
    const std::span<const std::byte> last = file.Bytes({end - tail - 1, 1});
    if (!last.empty() && last[0] == std::byte{0}) return true;
  }
  return false;
}

// Where the Thrift structs at the candidate starts end, found by skimming
// their fields without building a model. The skims of nearby starts run
// into each other: a skim that reaches a top-level field header another
// skim read goes on exactly as that one did (same bytes, same depth, same
// bound), so the outcome of each header in the search window is kept and
// shared, and a search over thousands of starts reads the window about
// once.
//
// For that a skim reads every top-level header as if it followed field 0,
// which changes one check only: a delta past field id 32767 is no fault.
// A skim thus ends wherever a decode from the same start can (and perhaps
// at more starts); DecodeAt has the last word.
class StructEnds {
 public:
  // Keeps the outcomes of the headers in [begin, begin + size).
  StructEnds(const ByteReader& file, uint64_t end, uint64_t begin,
             uint64_t size)
      : file_(file), end_(end), begin_(begin), known_(size, kUnknown) {}

  // Where the struct at `start` ends (past its STOP byte), or 0 when the
  // bytes from `start` to the footer's end do not hold one.
  uint64_t From(uint64_t start);
  // The bytes all skims have read.
  uint64_t spent() const { return spent_; }

 private:
  static constexpr uint64_t kUnknown = ~uint64_t{0};

  uint64_t* Known(uint64_t at) {
    return at >= begin_ && at - begin_ < known_.size() ? &known_[at - begin_]
                                                       : nullptr;
  }

  const ByteReader& file_;
  const uint64_t end_;
  const uint64_t begin_;
  uint64_t spent_ = 0;
  // Per header offset in the window: where its struct ends, 0, or kUnknown.
  std::vector<uint64_t> known_;
  std::vector<uint64_t*> read_;  // The window headers the current skim reads.
};

uint64_t StructEnds::From(uint64_t start) {
  ByteReader bytes;
  if (start > end_ || !file_.Sub(start, end_ - start, &bytes)) return 0;
  DiagnosticSink scratch = DiagnosticSink::Counting();
  thrift::Decoder d(bytes, &scratch);
  if (!d.Enter({start, 1})) return 0;  // The depth of a struct's fields.
  read_.clear();
  uint64_t result = 0;
  for (;;) {
    uint64_t* known = Known(d.reader().position());
    if (known != nullptr && *known != kUnknown) {
      result = *known;
      break;
    }
    if (known != nullptr) read_.push_back(known);
    int16_t id;
    const thrift::Decoder::HeaderResult r = d.SkipField(0, &id);
    if (r == thrift::Decoder::HeaderResult::kField) continue;
    if (r == thrift::Decoder::HeaderResult::kStop) {
      result = d.reader().position();
    }
    break;
  }
  spent_ += d.reader().position() - start;
  for (uint64_t* known : read_) *known = result;
  return result;
}

// The candidate starts of the footer search, in the order it tries them:
// the bytes 0x15 at distance 1, 2, ... up to kMaxFooterShift from the
// declared start, the one after it before the one before it at each
// distance. memchr finds them, so the bytes between cost no comparison of
// ours (which a fuzzing build traces one by one).
class FooterCandidates {
 public:
  FooterCandidates(const ByteReader& file, const Tail& tail) {
    const uint64_t offset = tail.footer.offset;
    const uint64_t below = std::min(
        kMaxFooterShift, offset >= kMagicSize ? offset - kMagicSize : 0);
    const uint64_t above = std::min(
        kMaxFooterShift,
        tail.footer.length > 0 ? tail.footer.length - 1 : uint64_t{0});
    base_ = offset - below;
    bytes_ = file.Bytes({base_, below + above + 1});
    if (bytes_.size() != below + above + 1) bytes_ = {};
    middle_ = below;
    up_ = Up(middle_ + 1);
    down_ = Down(middle_);
  }

  // The window the candidates lie in.
  uint64_t begin() const { return base_; }
  uint64_t size() const { return bytes_.size(); }

  // The next candidate's file offset, or 0 when none is left.
  uint64_t Next() {
    const uint64_t up = up_ < bytes_.size() ? up_ - middle_ : kNone;
    const uint64_t down = down_ < bytes_.size() ? middle_ - down_ : kNone;
    if (up == kNone && down == kNone) return 0;
    if (up <= down) {
      const uint64_t at = up_;
      up_ = Up(up_ + 1);
      return base_ + at;
    }
    const uint64_t at = down_;
    down_ = Down(down_);
    return base_ + at;
  }

 private:
  static constexpr uint64_t kNone = ~uint64_t{0};

  // The first candidate at or after index `from`, or kNone.
  uint64_t Up(uint64_t from) const {
    if (from >= bytes_.size()) return kNone;
    const void* hit = std::memchr(bytes_.data() + from,
                                  std::to_integer<int>(kFirstFieldHeader),
                                  bytes_.size() - from);
    return hit == nullptr ? kNone
                          : static_cast<const std::byte*>(hit) - bytes_.data();
  }
  // The last candidate before index `before`, or kNone.
  uint64_t Down(uint64_t before) const {
    if (before == 0 || bytes_.empty()) return kNone;
    const void* hit = memrchr(bytes_.data(),
                              std::to_integer<int>(kFirstFieldHeader), before);
    return hit == nullptr ? kNone
                          : static_cast<const std::byte*>(hit) - bytes_.data();
  }

  std::span<const std::byte> bytes_;
  uint64_t base_ = 0;    // The file offset of bytes_[0].
  uint64_t middle_ = 0;  // The declared start's index in bytes_.
  uint64_t up_ = kNone;
  uint64_t down_ = kNone;
};

// Whether the bytes at `start` open FileMetaData as writers write it, in
// field id order: version (field 1, an i32: header 0x15 and a varint of at
// most 5 bytes), then schema (field 2, a list: header 0x19). Both fields
// are required, so no other opening follows that order.
bool OpensWithVersionAndSchema(const ByteReader& file, uint64_t start,
                               uint64_t end) {
  constexpr uint8_t kSchemaHeader = 0x19;
  ByteReader head;
  if (start + 1 > end || !file.Sub(start + 1, end - start - 1, &head)) {
    return false;
  }
  uint8_t next = 0;
  return ReadUleb128(head, 5).status == VarintStatus::kOk &&
         head.ReadU8(&next) && next == kSchemaHeader;
}

// Looks for a start near the declared one from which FileMetaData decodes
// without an error and ends exactly at the footer's end. Returns 0 when
// there is none. Writers put FileMetaData's fields in id order, so it opens
// with version and schema (OpensWithVersionAndSchema), and only such starts
// are tried. Only those whose bytes form one struct ending there are
// decoded into a model, and the budget bounds the rest.
uint64_t FindFooterStart(const ByteReader& file, const Tail& tail) {
  const uint64_t end = tail.footer.end();
  if (!HasStopByteBefore(file, end)) return 0;
  FooterCandidates candidates(file, tail);
  StructEnds skim(file, end, candidates.begin(), candidates.size());
  uint64_t decoded = 0;
  for (uint64_t start = candidates.Next(); start != 0;
       start = candidates.Next()) {
    if (skim.spent() + decoded > kFooterSearchBudget) return 0;
    if (!OpensWithVersionAndSchema(file, start, end)) continue;
    // DecodeAt reads the same bytes as the skim, so it can only end at
    // the footer's end (or its signature) where the skim does.
    const uint64_t struct_end = skim.From(start);
    if (struct_end != end && struct_end + kFooterSignatureSize != end) {
      continue;
    }
    DiagnosticSink scratch = DiagnosticSink::Counting();
    const MetadataDecode m = DecodeAt(file, start, end, scratch);
    decoded += m.rest.position() - start;
    if (EndsAtFooterEnd(m) && !scratch.has_errors()) return start;
  }
  return 0;
}

// Whether `m` looks like FileMetaData read from where its writer put it:
// decoded to the footer's end, with its required fields, and without signs
// of misalignment. It may still have faults of its own (a duplicate or a
// wrong-typed field), reported into `sink`.
bool IsWhole(const MetadataDecode& m, const DiagnosticSink& sink) {
  return EndsAtFooterEnd(m) && HasRequiredFields(m.md) &&
         !HasMisalignmentSigns(sink);
}

FieldTrace* FooterTrace(Observer* observer) {
  return observer != nullptr ? observer->FooterTrace() : nullptr;
}

// Decodes FileMetaData where the footer length puts it. When that is not
// whole but a nearby start decodes exactly, the footer length is what is
// wrong: that alone is reported and the metadata is read from the start
// that works. The observer's trace sees the decode that is kept.
MetadataDecode DecodeFooter(const ByteReader& file, const Tail& tail,
                            DiagnosticSink& sink, Observer* observer) {
  const uint64_t end = tail.footer.end();
  DiagnosticSink local = sink.Sibling();
  MetadataDecode m =
      DecodeAt(file, tail.footer.offset, end, local, FooterTrace(observer));
  const uint64_t start = IsWhole(m, local) ? 0 : FindFooterStart(file, tail);
  if (start == 0) {
    sink.Absorb(local);
    return m;
  }
  sink.Report(Code::kFileFooterLengthMismatch, {end, 4}, "footer_length",
              StrCat("FileMetaData does not decode from offset ",
                     tail.footer.offset, " but decodes exactly from ", start,
                     ": the footer length should be ", end - start, ", not ",
                     tail.footer.length));
  return DecodeAt(file, start, end, sink, FooterTrace(observer));
}

// One magic says PAR1 and the other PARE. The footer decides which is
// wrong: if it decodes as a plaintext FileMetaData, the PARE one is.
void ResolveMagicMismatch(const ByteReader& file, DiagnosticSink& sink,
                          Tail* tail) {
  DiagnosticSink scratch = DiagnosticSink::Counting();
  const bool plain = IsWhole(
      DecodeAt(file, tail->footer.offset, tail->footer.end(), scratch),
      scratch);
  const ByteSpan lead{0, kMagicSize};
  const ByteSpan trail{file.size() - kMagicSize, kMagicSize};
  // tail->encrypted_footer follows the trailing magic.
  const bool blame_trailing = plain == tail->encrypted_footer;
  tail->encrypted_footer = !plain;
  sink.Report(Code::kFileMagicMismatch, blame_trailing ? trail : lead, "",
              StrCat("the file starts with ", AsChars(file.Bytes(lead)),
                     " but ends with ", AsChars(file.Bytes(trail)),
                     "; the footer ", plain ? "is" : "is not",
                     " a plaintext FileMetaData, so ",
                     plain ? "PAR1" : "PARE", " is right"));
}

void RunRules(const FileMetaData& md, const FileLayout& layout,
              const ByteReader& file, Level level, const PassHooks& hooks,
              DiagnosticSink& sink, const FileDecryption* crypto = nullptr) {
  const SchemaTree tree = BuildSchemaTree(md, sink);
  if (hooks.parquet_observer != nullptr)
    hooks.parquet_observer->Footer(md, tree, layout);
  const RuleContext ctx{md, tree, layout, sink, crypto};
  CheckFileMetaData(ctx);
  CheckSchema(ctx);
  CheckLogicalTypes(ctx);
  CheckRowGroups(ctx);
  CheckStatistics(ctx);
  if (level != Level::kFooter) {
    CheckPages(ctx, file,
               level == Level::kPages ? WalkDepth::kHeaders : WalkDepth::kFull,
               hooks);
  }
  // Last, so that every diagnostic, the footer decoder's too, is named.
  NameColumns(md, tree, sink.diagnostics());
  ExplainParquetBugs(ctx);
}


// The path a column key's path_in_schema names, dotted as docs/columns.md
// spells column paths ("a.b.c"), as --column-key takes it.
std::string KeyPath(const ColumnCryptoMetaData& crypto) {
  std::string path;
  for (const auto& part : crypto.path_in_schema.value) {
    if (!path.empty()) path += '.';
    AppendColumnName(part.value, &path);
  }
  return path;
}

// In a plaintext footer, an encrypted column's meta_data is its decrypted
// ColumnMetaData stripped of statistics (EC 5.5): readers without the key
// take its offsets and sizes, readers with it the decrypted ones.
void CheckStrippedMetaData(const ColumnMetaData& plain,
                           const ColumnMetaData& decrypted,
                           const std::string& field, DiagnosticSink& sink) {
  const auto differs = [](const auto& a, const auto& b) {
    return a.present != b.present || (a.present && a.value != b.value);
  };
  struct Compared {
    std::string_view name;
    bool differs;
    ByteSpan span;
  };
  const Compared fields[] = {
      {"type", differs(plain.type, decrypted.type), plain.type.whole()},
      {"codec", differs(plain.codec, decrypted.codec), plain.codec.whole()},
      {"num_values", differs(plain.num_values, decrypted.num_values),
       plain.num_values.whole()},
      {"total_uncompressed_size",
       differs(plain.total_uncompressed_size,
               decrypted.total_uncompressed_size),
       plain.total_uncompressed_size.whole()},
      {"total_compressed_size",
       differs(plain.total_compressed_size, decrypted.total_compressed_size),
       plain.total_compressed_size.whole()},
      {"data_page_offset",
       differs(plain.data_page_offset, decrypted.data_page_offset),
       plain.data_page_offset.whole()},
      {"dictionary_page_offset",
       differs(plain.dictionary_page_offset, decrypted.dictionary_page_offset),
       plain.dictionary_page_offset.whole()},
  };
  for (const Compared& f : fields) {
    if (!f.differs) continue;
    sink.Report(Code::kEncryptionPlaintextMetadataMismatch, f.span,
                StrCat(field, ".", f.name),
                StrCat("the plaintext meta_data's ", f.name,
                       " is not the decrypted column metadata's"));
  }
  if (plain.statistics.present) {
    sink.Report(Code::kEncryptionPlaintextStatistics,
                plain.statistics.whole(), StrCat(field, ".statistics"),
                "the encrypted column's plaintext meta_data keeps its "
                "statistics");
  }
}

// Decrypts a chunk's encrypted_column_metadata (EC 5.3) and puts what it
// holds in place of the chunk's meta_data, which is absent or stripped of
// its statistics. Returns false, after reporting why, when it cannot.
bool DecryptColumnMetaData(const ByteReader& bytes, const FileDecryption& crypto,
                           const ModuleKey& key, size_t rg, size_t c,
                           DiagnosticSink& sink,
                           std::deque<std::vector<std::byte>>* plaintexts,
                           ColumnChunk* cc) {
  const Spanned<Binary>& sealed = cc->encrypted_column_metadata;
  const std::string field =
      FieldPath("row_groups", rg, "columns", c, "encrypted_column_metadata");
  Module module;
  // The binary's span starts at its varint length; the module is its value.
  const uint64_t begin = sealed.span.end() - sealed.value.size();
  if (!crypto.Open(bytes, {begin, sealed.span.end(), true}, key,
                   {ModuleType::kColumnMetaData, static_cast<uint32_t>(rg),
                    static_cast<uint32_t>(c)},
                   field, sink, &plaintexts->emplace_back(), &module)) {
    return false;
  }
  thrift::Decoder d(module.plaintext, &sink);
  const std::string name = FieldPath("row_groups", rg, "columns", c,
                                     "meta_data");
  d.PushName(name);
  Spanned<ColumnMetaData> meta;
  if (!DecodeColumnMetaData(d, &meta.value) || d.failed()) return false;
  if (!d.reader().empty()) {
    crypto.NotePadding(ModuleType::kColumnMetaData,
                       {d.reader().position(), d.reader().remaining()},
                       field);
  }
  meta.span = module.ciphertext;
  meta.header = sealed.header;
  meta.present = true;
  if (cc->meta_data.present) {
    CheckStrippedMetaData(cc->meta_data.value, meta.value,
                          FieldPath("row_groups", rg, "columns", c,
                                    "meta_data"),
                          sink);
  }
  cc->meta_data = std::move(meta);
  return true;
}

// Sets the key of every encrypted chunk, and decrypts the column metadata
// of those that carry it. `bytes` holds the footer's bytes: the file, or
// the decrypted footer.
void DecryptColumns(const ByteReader& bytes,
                    const Spanned<Binary>& footer_key_metadata,
                    FileDecryption& crypto, FileMetaData& md,
                    DiagnosticSink& sink,
                    std::deque<std::vector<std::byte>>* plaintexts) {
  auto& row_groups = md.row_groups.value;
  uint64_t columns = 0;
  for (const auto& rg : row_groups) {
    columns = std::max<uint64_t>(columns, rg.value.columns.value.size());
  }
  crypto.SetShape(row_groups.size(), columns);
  for (size_t rg = 0; rg < row_groups.size() && rg <= kMaxModuleOrdinal;
       ++rg) {
    auto& chunks = row_groups[rg].value.columns.value;
    for (size_t c = 0; c < chunks.size() && c <= kMaxModuleOrdinal; ++c) {
      ColumnChunk& cc = chunks[c].value;
      if (!cc.crypto_metadata.present) continue;
      const ColumnCryptoMetaData& meta = cc.crypto_metadata.value;
      const std::string path = meta.id == 2 ? KeyPath(meta)
                                            : StrCat("column ", c);
      ModuleKey key = crypto.ChunkKey(meta, path, footer_key_metadata);
      if (key.bytes.empty()) {
        crypto.ReportKeyMissing(
            cc.crypto_metadata.span,
            FieldPath("row_groups", rg, "columns", c, "crypto_metadata"),
            meta.id == 2 ? StrCat("column ", path) : "the footer",
            meta.id == 2 ? meta.key_metadata : footer_key_metadata, sink);
        continue;
      }
      if (cc.encrypted_column_metadata.present &&
          !DecryptColumnMetaData(bytes, crypto, key, rg, c, sink, plaintexts,
                                 &cc)) {
        continue;
      }
      crypto.SetChunkKey(rg, c, std::move(key));
    }
  }
}

// An encrypted footer with keys: decrypts the FileMetaData and checks the
// file as if its footer were plaintext.
void ValidateEncryptedFooter(const ByteReader& file, const ByteReader& footer,
                             const Tail& tail, Level level,
                             const PassHooks& hooks, DiagnosticSink& sink,
                             PassOutcome* outcome) {
  FileCryptoMetaData meta;
  ModuleSlot slot;
  if (!ReadEncryptedFooter(footer, sink, &meta, &slot)) return;
  std::unique_ptr<FileDecryption> crypto =
      FileDecryption::Make(meta.encryption_algorithm, *hooks.keys, sink);
  if (crypto == nullptr) return;
  const ModuleKey key = crypto->FooterKey(meta.key_metadata);
  if (key.bytes.empty()) {
    crypto->ReportKeyMissing({slot.offset, slot.end - slot.offset}, "",
                             "the footer", meta.key_metadata, sink);
    return;
  }
  std::vector<std::byte> plaintext;
  Module module;
  if (!crypto->Open(footer, slot, key, {ModuleType::kFooter}, "", sink,
                    &plaintext, &module)) {
    return;
  }
  MetadataDecode m =
      DecodeAt(module.plaintext, module.ciphertext.offset,
               module.ciphertext.end(), sink,
               FooterTrace(hooks.parquet_observer));
  if (!m.decoded) return;
  if (!m.rest.empty()) {
    crypto->NotePadding(ModuleType::kFooter,
                        {m.rest.position(), m.rest.remaining()}, "");
  }
  CheckModuleOrdinals(m.md, sink);
  std::deque<std::vector<std::byte>> plaintexts;
  DecryptColumns(module.plaintext, meta.key_metadata, *crypto, m.md, sink,
                 &plaintexts);
  FileLayout layout;
  layout.file_size = file.size();
  layout.metadata = tail.footer;
  RunRules(m.md, layout, file, level, hooks, sink, crypto.get());
  crypto->Finish(sink);
  outcome->encrypted = crypto->unchecked();
}

// A plaintext footer's signature (EC 5.5), when keys were given: the
// footer key verifies it, and decrypts the column metadata that keys
// open. Returns the decryption, or null when the file cannot be.
std::unique_ptr<FileDecryption> VerifyPlaintextFooter(
    const ByteReader& file, MetadataDecode& m, const PassHooks& hooks,
    DiagnosticSink& sink, std::deque<std::vector<std::byte>>* plaintexts) {
  std::unique_ptr<FileDecryption> crypto =
      FileDecryption::Make(m.md.encryption_algorithm, *hooks.keys, sink);
  if (crypto == nullptr) return nullptr;
  const ModuleKey key = crypto->FooterKey(m.md.footer_signing_key_metadata);
  const ByteSpan signature{m.rest.position(), kFooterSignatureSize};
  if (m.rest.remaining() == kFooterSignatureSize) {
    if (key.bytes.empty()) {
      crypto->ReportKeyMissing(signature, "footer_signature",
                               "the footer signature",
                               m.md.footer_signing_key_metadata, sink);
    } else if (!crypto->VerifySignature(
                   file.Bytes({m.start, m.rest.position() - m.start}),
                   signature, file, key)) {
      sink.Report(Code::kEncryptionSignatureMismatch, signature,
                  "footer_signature",
                  StrCat("the footer's signature does not verify with ",
                         key.name, ": the FileMetaData was modified, or the "
                         "key is wrong"));
    }
  }
  CheckModuleOrdinals(m.md, sink);
  DecryptColumns(file, m.md.footer_signing_key_metadata, *crypto, m.md, sink,
                 plaintexts);
  return crypto;
}
}  // namespace

PassOutcome ValidateParquet(const ByteReader& file, Level level,
                            DiagnosticSink& sink, const PassHooks& hooks) {
  PassOutcome outcome;
  Tail tail;
  // The magics and the footer length.
  const uint64_t trailer = std::min(file.size(), 2 * kMagicSize);
  hooks.Fetch({0, kMagicSize});
  hooks.Fetch({file.size() - trailer, trailer});
  if (!ReadTail(file, sink, &tail)) {
    outcome.unrecognized = sink.Has(Code::kFileUnrecognized);
    return outcome;
  }
  ByteReader footer;
  if (!file.Sub(tail.footer.offset, tail.footer.length, &footer)) {
    return outcome;  // Unreachable: ReadTail bounds the footer.
  }
  // The footer, and what FindFooterStart searches below it.
  const uint64_t below = std::min(
      kMaxFooterShift,
      tail.footer.offset >= kMagicSize ? tail.footer.offset - kMagicSize : 0);
  hooks.Fetch({tail.footer.offset - below, tail.footer.length + below});
  if (tail.magic_mismatch) ResolveMagicMismatch(file, sink, &tail);
  if (tail.encrypted_footer) {
    outcome.encrypted = true;
    if (hooks.keys != nullptr) {
      ValidateEncryptedFooter(file, footer, tail, level, hooks, sink,
                              &outcome);
      return outcome;
    }
    FileCryptoMetaData meta;
    ModuleSlot slot;
    if (ReadEncryptedFooter(footer, sink, &meta, &slot)) {
      sink.Report(Code::kEncryptionEncryptedFooter,
                  {slot.offset, slot.end - slot.offset}, "",
                  "the FileMetaData is encrypted; it was not checked");
    }
    return outcome;
  }
  MetadataDecode m = DecodeFooter(file, tail, sink, hooks.parquet_observer);
  if (!m.decoded) return outcome;
  const bool signed_footer = m.md.encryption_algorithm.present;
  std::unique_ptr<FileDecryption> crypto;
  std::deque<std::vector<std::byte>> plaintexts;
  if (signed_footer) {
    outcome.encrypted = true;
    if (hooks.keys != nullptr) {
      crypto = VerifyPlaintextFooter(file, m, hooks, sink, &plaintexts);
    } else {
      sink.Report(Code::kEncryptionPlaintextFooter,
                  m.md.encryption_algorithm.whole(), "encryption_algorithm",
                  "encrypted file with a plaintext footer; encrypted column "
                  "metadata was not checked");
    }
  }
  CheckFooterEnd(m.rest, signed_footer, tail, sink);
  FileLayout layout;
  layout.file_size = file.size();
  layout.metadata = {m.start, m.rest.position() - m.start};
  layout.encrypted = signed_footer;
  RunRules(m.md, layout, file, level, hooks, sink, crypto.get());
  if (crypto != nullptr) {
    crypto->Finish(sink);
    outcome.encrypted = crypto->unchecked();
  }
  return outcome;
}

}  // namespace colcheck::parquet
