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
void CheckFooterEnd(const ByteReader& rest, bool signed_footer,
                    DiagnosticSink& sink) {
  const uint64_t expected = signed_footer ? kFooterSignatureSize : 0;
  const uint64_t left = rest.remaining();
  if (left < expected) {
    sink.Report(Code::kEncryptionSignatureMissing,
                {rest.position(), left}, "",
                StrCat("the footer has ", left,
                       " bytes after FileMetaData; the signature needs ",
                       expected));
  } else if (left > expected) {
    sink.Report(Code::kFileMetadataTrailingBytes,
                {rest.position(), left - expected}, "",
                StrCat("FileMetaData ends ", left - expected,
                       " bytes before the footer does"));
  }
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
  thrift::Decoder d(footer, &sink);
  FileMetaData md;
  if (!DecodeFileMetaData(d, &md)) return outcome;
  const bool signed_footer = md.encryption_algorithm.present;
  if (signed_footer) {
    outcome.encrypted = true;
    sink.Report(Code::kEncryptionPlaintextFooter,
                md.encryption_algorithm.whole(), "encryption_algorithm",
                "encrypted file with a plaintext footer; encrypted column "
                "metadata was not checked");
  }
  CheckFooterEnd(d.reader(), signed_footer, sink);
  FileLayout layout;
  layout.file_size = file.size();
  layout.metadata = {tail.footer.offset, d.reader().position() -
                                             tail.footer.offset};
  layout.encrypted = signed_footer;
  RunRules(md, layout, sink);
  return outcome;
}

}  // namespace colcheck::parquet
