#include "parquet/parquet_validator.h"

#include "core/strings.h"
#include "parquet/footer.h"
#include "parquet/metadata_decoder.h"
#include "parquet/rules.h"
#include "parquet/schema.h"
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
  if (!has_length || length != rest.remaining() ||
      length < kGcmNonceSize + kGcmTagSize) {
    sink.Report(Code::kEncryptionModuleLength, {module.offset, 4}, "",
                StrCat("the encrypted footer module declares ", length,
                       " bytes; ", module.length,
                       " bytes follow FileCryptoMetaData and a module "
                       "needs 4 + 12 + 16 at least"));
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
                        DiagnosticSink& sink) {
  MetadataDecode m;
  m.start = start;
  ByteReader bytes;
  if (start > end || !file.Sub(start, end - start, &bytes)) return m;
  thrift::Decoder d(bytes, &sink);
  m.decoded = DecodeFileMetaData(d, &m.md);
  m.rest = d.reader();
  return m;
}

// Whether FileMetaData decodes from `start` without an error and ends where
// the footer does (less the signature of a signed plaintext footer).
bool DecodesExactly(const ByteReader& file, uint64_t start, uint64_t end) {
  DiagnosticSink scratch(1);
  const MetadataDecode m = DecodeAt(file, start, end, scratch);
  const uint64_t expected =
      m.md.encryption_algorithm.present ? kFooterSignatureSize : 0;
  return m.decoded && !scratch.has_errors() && m.rest.remaining() == expected;
}

// How far from the declared start colcheck looks for the real one, and the
// largest footer it looks in (each try decodes the footer again).
constexpr uint64_t kMaxFooterShift = 64;
constexpr uint64_t kMaxFooterSearchBytes = uint64_t{16} << 20;

// Looks for a start near the declared one from which FileMetaData decodes
// exactly. Returns 0 when there is none.
uint64_t FindFooterStart(const ByteReader& file, const Tail& tail) {
  if (tail.footer.length > kMaxFooterSearchBytes) return 0;
  const uint64_t end = tail.footer.end();
  for (uint64_t shift = 1; shift <= kMaxFooterShift; ++shift) {
    if (shift < tail.footer.length &&
        DecodesExactly(file, tail.footer.offset + shift, end)) {
      return tail.footer.offset + shift;
    }
    if (tail.footer.offset >= kMagicSize + shift &&
        DecodesExactly(file, tail.footer.offset - shift, end)) {
      return tail.footer.offset - shift;
    }
  }
  return 0;
}

// Decodes FileMetaData where the footer length puts it. When that fails but
// a nearby start decodes exactly, the footer length is what is wrong: that
// alone is reported and the metadata is read from the start that works.
MetadataDecode DecodeFooter(const ByteReader& file, const Tail& tail,
                            DiagnosticSink& sink) {
  const uint64_t end = tail.footer.end();
  DiagnosticSink local(sink.max_diagnostics());
  MetadataDecode m = DecodeAt(file, tail.footer.offset, end, local);
  const uint64_t start =
      m.decoded && !local.has_errors() ? 0 : FindFooterStart(file, tail);
  if (start == 0) {
    // Merging would lose the errors `local` dropped past the cap, and with
    // them the invalid verdict, so a failed decode is replayed into `sink`.
    if (local.has_errors()) {
      return DecodeAt(file, tail.footer.offset, end, sink);
    }
    sink.Absorb(local);
    return m;
  }
  sink.Report(Code::kFileFooterLengthMismatch, {end, 4}, "footer_length",
              StrCat("FileMetaData does not decode from offset ",
                     tail.footer.offset, " but decodes exactly from ", start,
                     ": the footer length should be ", end - start, ", not ",
                     tail.footer.length));
  return DecodeAt(file, start, end, sink);
}

void RunRules(const FileMetaData& md, const FileLayout& layout,
              DiagnosticSink& sink) {
  const SchemaTree tree = BuildSchemaTree(md, sink);
  const RuleContext ctx{md, tree, layout, sink};
  CheckFileMetaData(ctx);
  CheckSchema(ctx);
  CheckLogicalTypes(ctx);
  CheckRowGroups(ctx);
  CheckStatistics(ctx);
}

}  // namespace

ParquetOutcome ValidateParquet(const ByteReader& file, DiagnosticSink& sink) {
  ParquetOutcome outcome;
  Tail tail;
  if (!ReadTail(file, sink, &tail)) return outcome;
  ByteReader footer;
  if (!file.Sub(tail.footer.offset, tail.footer.length, &footer)) {
    return outcome;  // Unreachable: ReadTail bounds the footer.
  }
  if (tail.encrypted_footer) {
    outcome.encrypted = true;
    CheckEncryptedFooter(footer, sink);
    return outcome;
  }
  MetadataDecode m = DecodeFooter(file, tail, sink);
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
  RunRules(md, layout, sink);
  return outcome;
}

}  // namespace colcheck::parquet
