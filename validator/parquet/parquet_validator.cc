#include "parquet/parquet_validator.h"

#include "core/strings.h"
#include "parquet/column_names.h"
#include "parquet/metadata_decoder.h"
#include "parquet/page_walk.h"
#include "parquet/rules.h"
#include "parquet/schema.h"
#include "parquet/tail.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

constexpr uint32_t kGcmNonceSize = 12;
constexpr uint32_t kGcmTagSize = 16;

// An encrypted footer (Encryption.md 5.4): FileCryptoMetaData in plaintext,
// then the FileMetaData as an AES-GCM module: 4-byte length, 12-byte nonce,
// ciphertext, 16-byte tag. Only the plaintext part can be checked.
void CheckEncryptedFooter(const ByteReader& footer, DiagnosticSink& sink) {
  thrift::Decoder d(footer, &sink);
  FileCryptoMetaData crypto;
  if (!DecodeFileCryptoMetaData(d, &crypto)) return;
  ByteReader rest = d.reader();
  const ByteSpan module{rest.position(), rest.remaining()};
  uint32_t length = 0;
  const bool has_length = rest.ReadU32LE(&length);
  if (!has_length) {
    sink.Report(Code::kEncryptionModuleLength, module, "",
                StrCat("the encrypted footer module needs a 4-byte length; ",
                       module.length, " bytes follow FileCryptoMetaData"));
    return;
  }
  if (length != rest.remaining() || length < kGcmNonceSize + kGcmTagSize) {
    sink.Report(Code::kEncryptionModuleLength, {module.offset, 4}, "",
                StrCat("the encrypted footer module declares ", length,
                       " bytes after its length; ", rest.remaining(),
                       " follow, and a module needs 12 + 16 at least"));
    return;
  }
  sink.Report(Code::kEncryptionEncryptedFooter, module, "",
              "the FileMetaData is encrypted; it was not checked");
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

// Looks for a start near the declared one from which FileMetaData decodes
// without an error and ends exactly at the footer's end. Returns 0 when
// there is none. A misplaced start almost always fails within a few bytes,
// and the budget bounds the rest.
uint64_t FindFooterStart(const ByteReader& file, const Tail& tail) {
  const uint64_t end = tail.footer.end();
  uint64_t spent = 0;
  const auto try_start = [&](uint64_t start) {
    // Writers put FileMetaData's fields in id order, so it opens with
    // version, field 1, an i32: the header byte 0x15. Trying only such
    // starts keeps the search cheap on garbage.
    const std::span<const std::byte> first = file.Bytes({start, 1});
    if (first.empty() || first[0] != kFirstFieldHeader) return false;
    DiagnosticSink scratch(1);
    const MetadataDecode m = DecodeAt(file, start, end, scratch);
    spent += m.rest.position() - start;
    return EndsAtFooterEnd(m) && !scratch.has_errors();
  };
  for (uint64_t shift = 1; shift <= kMaxFooterShift; ++shift) {
    if (spent > kFooterSearchBudget) return 0;
    if (shift < tail.footer.length && try_start(tail.footer.offset + shift)) {
      return tail.footer.offset + shift;
    }
    if (tail.footer.offset >= kMagicSize + shift &&
        try_start(tail.footer.offset - shift)) {
      return tail.footer.offset - shift;
    }
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
  DiagnosticSink scratch;
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
              DiagnosticSink& sink) {
  const SchemaTree tree = BuildSchemaTree(md, sink);
  if (hooks.parquet_observer != nullptr)
    hooks.parquet_observer->Footer(md, tree, layout);
  const RuleContext ctx{md, tree, layout, sink};
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

}  // namespace

PassOutcome ValidateParquet(const ByteReader& file, Level level,
                            DiagnosticSink& sink, const PassHooks& hooks) {
  PassOutcome outcome;
  Tail tail;
  if (!ReadTail(file, sink, &tail)) {
    outcome.unrecognized = sink.Has(Code::kFileUnrecognized);
    return outcome;
  }
  ByteReader footer;
  if (!file.Sub(tail.footer.offset, tail.footer.length, &footer)) {
    return outcome;  // Unreachable: ReadTail bounds the footer.
  }
  if (tail.magic_mismatch) ResolveMagicMismatch(file, sink, &tail);
  if (tail.encrypted_footer) {
    outcome.encrypted = true;
    CheckEncryptedFooter(footer, sink);
    return outcome;
  }
  MetadataDecode m = DecodeFooter(file, tail, sink, hooks.parquet_observer);
  if (!m.decoded) return outcome;
  const FileMetaData& md = m.md;
  const bool signed_footer = md.encryption_algorithm.present;
  if (signed_footer) {
    outcome.encrypted = true;
    sink.Report(Code::kEncryptionPlaintextFooter,
                md.encryption_algorithm.whole(), "encryption_algorithm",
                "encrypted file with a plaintext footer; encrypted column "
                "metadata was not checked");
  }
  CheckFooterEnd(m.rest, signed_footer, tail, sink);
  FileLayout layout;
  layout.file_size = file.size();
  layout.metadata = {m.start, m.rest.position() - m.start};
  layout.encrypted = signed_footer;
  RunRules(md, layout, file, level, hooks, sink);
  return outcome;
}

}  // namespace colcheck::parquet
