// End-to-end tests through the public API: bytes in, diagnostics out.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/limits.h"
#include "core/span.h"
#include "core/strings.h"
#include "testing/diagnostics.h"
#include "testing/external_corpus.h"
#include "testing/minimal_file.h"

namespace colcheck {
namespace {

using testing::BuildMinimalFile;
using testing::Describe;
using testing::MinimalFile;
using testing::MinimalFileOptions;

Report Validate(std::span<const std::byte> bytes) {
  return ValidateBytes(bytes, Options{});
}

std::vector<const Diagnostic*> Errors(const Report& r) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.severity == Severity::kError) out.push_back(&d);
  }
  return out;
}

// Expects exactly one error, `code` at `span`.
void ExpectOneError(const Report& r, Code code, ByteSpan span) {
  const auto errors = Errors(r);
  ASSERT_EQ(errors.size(), 1u) << Describe(r);
  EXPECT_EQ(errors[0]->code, code) << Describe(r);
  EXPECT_EQ(errors[0]->offset, span.offset) << Describe(r);
  EXPECT_EQ(errors[0]->length, span.length) << Describe(r);
  EXPECT_EQ(r.verdict, Verdict::kInvalid);
}

TEST(ValidateBytesTest, MinimalFileIsValid) {
  const MinimalFile f = BuildMinimalFile();
  const Report r = Validate(f.span());
  EXPECT_EQ(r.verdict, Verdict::kValid) << Describe(r);
  EXPECT_TRUE(Errors(r).empty()) << Describe(r);
  EXPECT_EQ(r.format, Format::kParquet);
  EXPECT_EQ(r.size, f.bytes.size());
}

// Options::expected_format: bytes without either magic are read as the
// format a file's name gives; a magic always wins.
Report ValidateAs(Format expected, const std::string& text) {
  std::vector<std::byte> bytes;
  for (const char c : text) bytes.push_back(static_cast<std::byte>(c));
  Options options;
  options.expected_format = expected;
  return ValidateBytes(bytes, options);
}

TEST(ExpectedFormatTest, WithoutAHintGarbageIsUnrecognized) {
  const Report r = ValidateAs(Format::kUnknown, "not a columnar file at all");
  ExpectOneError(r, Code::kFileUnrecognized, {0, 4});
  EXPECT_EQ(r.format, Format::kUnknown);
}

TEST(ExpectedFormatTest, GarbageNamedParquetIsAParquetFileWithoutMagics) {
  const Report r = ValidateAs(Format::kParquet, "not a columnar file at all");
  ExpectOneError(r, Code::kFileUnrecognized, {0, 4});
  EXPECT_EQ(r.format, Format::kParquet);
}

TEST(ExpectedFormatTest, GarbageNamedOrcIsReadAsOrc) {
  const Report r = ValidateAs(Format::kOrc, "not a columnar file at all");
  EXPECT_EQ(r.format, Format::kOrc);
  EXPECT_EQ(r.verdict, Verdict::kInvalid);
  ASSERT_FALSE(r.diagnostics.empty());
  for (const Diagnostic& d : r.diagnostics) {
    EXPECT_TRUE(Info(d.code).name.starts_with("orc-")) << Describe(r);
  }
}

TEST(ExpectedFormatTest, EmptyFileNamedOrcIsAnEmptyOrcFile) {
  const Report r = ValidateAs(Format::kOrc, "");
  EXPECT_EQ(r.format, Format::kOrc);
  EXPECT_EQ(r.verdict, Verdict::kValid) << Describe(r);
  ASSERT_EQ(r.diagnostics.size(), 1u) << Describe(r);
  EXPECT_EQ(r.diagnostics[0].code, Code::kOrcTailEmptyFile);
  EXPECT_EQ(r.diagnostics[0].severity, Severity::kInfo);
  EXPECT_EQ(r.diagnostics[0].offset, 0u);
  EXPECT_EQ(r.diagnostics[0].length, 0u);
}

TEST(ExpectedFormatTest, EmptyFileNamedParquetIsTooSmall) {
  const Report r = ValidateAs(Format::kParquet, "");
  ExpectOneError(r, Code::kFileTooSmall, {0, 0});
  EXPECT_EQ(r.format, Format::kParquet);
}

TEST(ExpectedFormatTest, MagicsWinOverTheName) {
  const MinimalFile f = BuildMinimalFile();
  Options options;
  options.expected_format = Format::kOrc;
  const Report r = ValidateBytes(f.span(), options);
  EXPECT_EQ(r.format, Format::kParquet);
  EXPECT_EQ(r.verdict, Verdict::kValid) << Describe(r);
}

TEST(ValidateBytesTest, TrailingBytesAfterFileMetaData) {
  MinimalFileOptions o;
  o.footer_padding = 3;
  const MinimalFile f = BuildMinimalFile(o);
  // The junk and the footer length together: either may be what broke.
  ExpectOneError(Validate(f.span()), Code::kFileMetadataTrailingBytes,
                 {f.footer.end() - 3, 3 + 4});
}

// Rewrites the footer length field of `f` to `length`.
void SetFooterLength(MinimalFile* f, uint32_t length) {
  for (int i = 0; i < 4; ++i) {
    f->bytes[f->footer_length.offset + i] =
        std::byte{static_cast<uint8_t>(length >> (8 * i))};
  }
}

// Moves `f`'s footer length by `delta` and checks that the search finds
// where FileMetaData starts, so that only the length is reported.
Report ExpectFooterLengthFound(MinimalFile f, int64_t delta) {
  SetFooterLength(&f, static_cast<uint32_t>(
                          static_cast<int64_t>(f.footer.length) + delta));
  const Report r = Validate(f.span());
  ExpectOneError(r, Code::kFileFooterLengthMismatch, f.footer_length);
  return r;
}

TEST(ValidateBytesTest, TrailingPareOnAPlaintextFooterIsTheWrongMagic) {
  MinimalFile f = BuildMinimalFile();
  f.bytes[f.bytes.size() - 1] = std::byte{'E'};
  const Report r = Validate(f.span());
  ExpectOneError(r, Code::kFileMagicMismatch, {f.bytes.size() - 4, 4});
}

TEST(ValidateBytesTest, LeadingPareOnAPlaintextFooterIsTheWrongMagic) {
  MinimalFile f = BuildMinimalFile();
  f.bytes[3] = std::byte{'E'};
  ExpectOneError(Validate(f.span()), Code::kFileMagicMismatch, {0, 4});
}

TEST(ValidateBytesTest, FooterLengthFarTooLargeIsFound) {
  ExpectFooterLengthFound(BuildMinimalFile(), 90);
}

TEST(ValidateBytesTest, DuplicateFieldIsNotTakenForAWrongFooterLength) {
  // FileMetaData that ends at the footer's end keeps its own diagnostics,
  // even though a start past the first version field would decode cleanly.
  MinimalFileOptions o;
  o.duplicate_version = true;
  const MinimalFile f = BuildMinimalFile(o);
  ExpectOneError(Validate(f.span()), Code::kThriftDuplicateField,
                 f.duplicate_version);
}

TEST(ValidateBytesTest, FooterLengthTooLargeIsFound) {
  const Report r = ExpectFooterLengthFound(BuildMinimalFile(), 3);
  ASSERT_EQ(Errors(r).size(), 1u);
  EXPECT_EQ(Errors(r)[0]->field, "footer_length");
}

TEST(ValidateBytesTest, FooterLengthCoveringBytesThatDecodeIsFound) {
  // The 3 bytes before FileMetaData decode as a field with id 0, so the
  // metadata from the declared start is whole but shows misalignment.
  MinimalFile f = BuildMinimalFile();
  const size_t at = f.footer.offset - 3;
  f.bytes[at] = std::byte{0x05};  // Long-form i32 header; id and value 0.
  ExpectFooterLengthFound(f, 3);
}

TEST(ValidateBytesTest, StartWhoseFieldsAnEarlierTryReadIsFound) {
  // The four bytes before FileMetaData open it as writers do, with an i32
  // field 1 (0x15 0x00) and an empty list field 2 (0x19 0x0c): a start the
  // search tries before the real one. Its skim runs on through
  // FileMetaData's fields to the footer's end, so the real start is a
  // header that skim has read; it must still be tried, and decode.
  MinimalFile f = BuildMinimalFile();
  f.bytes[f.footer.offset - 4] = std::byte{0x15};
  f.bytes[f.footer.offset - 3] = std::byte{0x00};
  f.bytes[f.footer.offset - 2] = std::byte{0x19};
  f.bytes[f.footer.offset - 1] = std::byte{0x0c};
  ExpectFooterLengthFound(f, 3);
}

TEST(ValidateBytesTest, SignedFooterLengthTooLargeIsFound) {
  // FileMetaData ends before the 28-byte signature, not at the footer's end.
  MinimalFileOptions o;
  o.plaintext_encryption = true;
  o.footer_padding = 28;
  ExpectFooterLengthFound(BuildMinimalFile(o), 3);
}

TEST(ValidateBytesTest, FooterLengthTooSmallIsFound) {
  ExpectFooterLengthFound(BuildMinimalFile(), -2);
}

TEST(ValidateBytesTest, PlaintextFooterWithSignatureIsEncrypted) {
  MinimalFileOptions o;
  o.plaintext_encryption = true;
  o.footer_padding = 28;
  const Report r = Validate(BuildMinimalFile(o).span());
  EXPECT_EQ(r.verdict, Verdict::kEncrypted) << Describe(r);
  EXPECT_TRUE(Errors(r).empty()) << Describe(r);
}

TEST(ValidateBytesTest, PlaintextFooterWithoutRoomForSignature) {
  MinimalFileOptions o;
  o.plaintext_encryption = true;
  o.footer_padding = 10;
  const MinimalFile f = BuildMinimalFile(o);
  ExpectOneError(Validate(f.span()), Code::kEncryptionSignatureMissing,
                 {f.footer.end() - 10, 10});
}

TEST(ValidateBytesTest, TruncatedFooterStopsBeforeRules) {
  // Drop the last 5 bytes of FileMetaData and shorten the footer length to
  // match: the decoder runs out of bytes, and no rule may run on the
  // partial model.
  MinimalFile f = BuildMinimalFile();
  const auto cut = f.bytes.begin() + static_cast<long>(f.footer.end());
  f.bytes.erase(cut - 5, cut);
  const uint32_t shorter = static_cast<uint32_t>(f.footer.length - 5);
  for (int i = 0; i < 4; ++i) {
    f.bytes[f.footer_length.offset - 5 + i] =
        std::byte{static_cast<uint8_t>(shorter >> (8 * i))};
  }
  const Report r = Validate(f.span());
  const auto errors = Errors(r);
  // created_by, the last field, now claims more bytes than remain.
  ASSERT_EQ(errors.size(), 1u) << Describe(r);
  EXPECT_EQ(errors[0]->code, Code::kThriftBinaryTooLong) << Describe(r);
  // The span is the 1-byte length prefix, which declares all 37 bytes of
  // the original string.
  EXPECT_EQ(errors[0]->length, 1u);
  EXPECT_EQ(f.bytes[errors[0]->offset], std::byte{37});
  EXPECT_EQ(errors[0]->field, "created_by");
}

TEST(ValidateBytesTest, OrphanedSchemaElement) {
  MinimalFileOptions o;
  o.extra_schema_element = true;
  const MinimalFile f = BuildMinimalFile(o);
  const Report r = Validate(f.span());
  ExpectOneError(r, Code::kSchemaOrphanedElements,
                 Join(f.root_num_children.value, f.orphan));
  EXPECT_EQ(Errors(r)[0]->field, "schema[0].num_children");
}

TEST(ValidateBytesTest, NumRowsMismatch) {
  MinimalFileOptions o;
  o.file_num_rows = 0;
  const MinimalFile f = BuildMinimalFile(o);
  const Report r = Validate(f.span());
  ExpectOneError(r, Code::kMetadataNumRowsMismatch, f.file_num_rows.value);
  EXPECT_EQ(Errors(r)[0]->field, "num_rows");
}

TEST(ValidateBytesTest, DataPageOffsetInsideFooter) {
  MinimalFileOptions o;
  o.data_page_offset = 4 + testing::kMinimalDataSize + 2;
  const MinimalFile f = BuildMinimalFile(o);
  const Report r = Validate(f.span());
  const auto errors = Errors(r);
  ASSERT_FALSE(errors.empty()) << Describe(r);
  EXPECT_TRUE(std::any_of(errors.begin(), errors.end(), [&](auto* d) {
    return d->code == Code::kMetadataOffsetOutOfBounds &&
           d->offset == f.data_page_offset.value.offset &&
           d->length == f.data_page_offset.value.length &&
           d->field == "row_groups[0].columns[0].meta_data.data_page_offset";
  })) << Describe(r);
}

TEST(ValidateBytesTest, EncryptedFooterIsEncryptedWithoutErrors) {
  // "PARE" + FileCryptoMetaData{1: AES_GCM_V1{}} + an opaque module.
  std::vector<std::byte> b;
  auto put = [&b](std::initializer_list<uint8_t> bytes) {
    for (uint8_t x : bytes) b.push_back(std::byte{x});
  };
  put({'P', 'A', 'R', 'E'});
  put({0x1C, 0x1C, 0x00, 0x00, 0x00});  // {1: {1: {}}}
  const size_t crypto = 4;
  put({36, 0, 0, 0});  // The module: length, nonce, ciphertext, tag.
  for (int i = 0; i < 36; ++i) put({0x5A});
  const uint32_t length = static_cast<uint32_t>(b.size() - crypto);
  put({static_cast<uint8_t>(length), 0, 0, 0, 'P', 'A', 'R', 'E'});
  const Report r = Validate(b);
  EXPECT_EQ(r.verdict, Verdict::kEncrypted) << Describe(r);
  EXPECT_TRUE(Errors(r).empty()) << Describe(r);
}

TEST(ValidateBytesTest, EncryptedFooterModuleLengthMismatch) {
  std::vector<std::byte> b;
  auto put = [&b](std::initializer_list<uint8_t> bytes) {
    for (uint8_t x : bytes) b.push_back(std::byte{x});
  };
  put({'P', 'A', 'R', 'E'});
  put({0x1C, 0x1C, 0x00, 0x00, 0x00});
  put({37, 0, 0, 0});  // One more than follows.
  for (int i = 0; i < 36; ++i) put({0x5A});
  const uint32_t length = static_cast<uint32_t>(b.size() - 4);
  put({static_cast<uint8_t>(length), 0, 0, 0, 'P', 'A', 'R', 'E'});
  ExpectOneError(Validate(b), Code::kEncryptionModuleLength, {9, 4});
}

TEST(ValidateBytesTest, EncryptedFooterModuleWithoutLength) {
  std::vector<std::byte> b;
  auto put = [&b](std::initializer_list<uint8_t> bytes) {
    for (uint8_t x : bytes) b.push_back(std::byte{x});
  };
  put({'P', 'A', 'R', 'E'});
  put({0x1C, 0x1C, 0x00, 0x00, 0x00});
  put({0x5A, 0x5A});  // Two bytes where the module's length should be.
  const uint32_t length = static_cast<uint32_t>(b.size() - 4);
  put({static_cast<uint8_t>(length), 0, 0, 0, 'P', 'A', 'R', 'E'});
  ExpectOneError(Validate(b), Code::kEncryptionModuleLength, {9, 2});
}

// The ORC header routes a file to the ORC validator, whose tail checks
// reject these bytes.
TEST(ValidateBytesTest, OrcHeaderSelectsTheOrcValidator) {
  const std::string orc = "ORC\x0a\x0b garbage";
  const auto* p = reinterpret_cast<const std::byte*>(orc.data());
  const Report r = Validate({p, orc.size()});
  EXPECT_EQ(r.format, Format::kOrc);
  EXPECT_EQ(r.verdict, Verdict::kInvalid);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics[0].code, Code::kOrcTailPostscriptLength);
  EXPECT_EQ(r.diagnostics[0].offset, orc.size() - 1);
  EXPECT_EQ(r.diagnostics[0].length, 1u);
}

TEST(ValidateBytesTest, DiagnosticsAreCapped) {
  Options options;
  options.max_diagnostics = 1;
  MinimalFileOptions o;
  o.file_num_rows = 0;
  o.footer_padding = 3;
  const Report r = ValidateBytes(BuildMinimalFile(o).span(), options);
  ASSERT_EQ(r.diagnostics.size(), 2u) << Describe(r);
  EXPECT_EQ(r.diagnostics.back().code, Code::kLimitsTooManyDiagnostics);
  EXPECT_EQ(r.verdict, Verdict::kInvalid);
}

TEST(ValidateFileTest, FooterAboveTheLimitIsNotDecoded) {
  // A sparse file: only its first and last pages take disk space, and
  // ValidateFile maps rather than reads it.
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      StrCat("colcheck_footer_limit_", ::getpid(), ".parquet");
  const uint64_t footer = limits::kMaxFooterBytes + 1;
  const uint64_t size = footer + 12;
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fputs("PAR1", f);
    ASSERT_EQ(std::fseek(f, static_cast<long>(size - 8), SEEK_SET), 0);
    for (int i = 0; i < 4; ++i) std::fputc(static_cast<int>(footer >> (8 * i)) & 0xFF, f);
    std::fputs("PAR1", f);
    std::fclose(f);
  }
  Report r;
  ASSERT_TRUE(ValidateFile(path.string(), {}, &r).ok());
  std::filesystem::remove(path);
  // colcheck's limit, not the file's fault: an info, and the report says
  // the file was not fully checked.
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, Code::kLimitsFooterSize);
  EXPECT_EQ(r.diagnostics[0].severity, Severity::kInfo);
  EXPECT_EQ(r.diagnostics[0].offset, size - 8);
  EXPECT_EQ(r.diagnostics[0].length, 4u);
  EXPECT_EQ(r.verdict, Verdict::kValid);
  EXPECT_FALSE(r.complete);
}

TEST(ValidateFileTest, MissingFileIsAnIoError) {
  Report r;
  const Status s = ValidateFile("/nonexistent/colcheck/file.parquet", {}, &r);
  EXPECT_FALSE(s.ok());
}

// ---- the external corpus: files real writers produced ---------------------

std::filesystem::path ExternalCorpus() {
  return testing::ExternalCorpusRoot("../shared/corpus-external");
}

// The files parquet-rules.md says really are wrong, with their errors.
const std::map<std::string, std::multiset<Code>>& KnownBad() {
  static const auto* known = new std::map<std::string, std::multiset<Code>>{
      // FileMetaData.num_rows is 0 while the row group has 6 rows.
      {"repeated_no_annotation.parquet", {Code::kMetadataNumRowsMismatch}},
  };
  return *known;
}

// Warnings the rules guide expects on particular real files.
const std::map<std::string, Code>& ExpectedWarnings() {
  static const auto* expected = new std::map<std::string, Code>{
      {"dict-page-offset-zero.parquet", Code::kMetadataDictionaryOffsetZero},
      {"incorrect_map_schema.parquet", Code::kMapKeyNotRequired},
      {"old_list_structure.parquet", Code::kListLegacy},
      {"nan_in_stats.parquet", Code::kStatsNanBound},
      {"byte_array_decimal.parquet", Code::kMetadataEncodingsEmpty},
      {"unknown-logical-type.parquet", Code::kThriftUnknownUnionMember},
      {"hadoop_lz4_compressed.parquet", Code::kMetadataDeprecatedCodec},
      {"non_hadoop_lz4_compressed.parquet", Code::kMetadataDeprecatedCodec},
  };
  return *expected;
}

std::vector<std::filesystem::path> ParquetFiles(
    const std::filesystem::path& root) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() &&
        (name.ends_with(".parquet") || name.ends_with(".parquet.encrypted"))) {
      out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ExternalCorpusTest, RealFilesHaveOnlyTheKnownErrors) {
  const std::filesystem::path root = ExternalCorpus() / "parquet-testing";
  if (!std::filesystem::is_directory(root)) {
    GTEST_SKIP() << "external corpus not found at " << root
                 << "; set COLCHECK_EXTERNAL_CORPUS to run this test";
  }
  const auto files = ParquetFiles(root);
  ASSERT_GT(files.size(), 50u);
  for (const auto& path : files) {
    Report r;
    ASSERT_TRUE(ValidateFile(path.string(), {}, &r).ok()) << path;
    std::multiset<Code> errors;
    for (const Diagnostic* d : Errors(r)) errors.insert(d->code);
    const std::string name = path.filename().string();
    const auto known = KnownBad().find(name);
    const std::multiset<Code> expected =
        known == KnownBad().end() ? std::multiset<Code>{} : known->second;
    EXPECT_EQ(errors, expected) << path << "\n" << Describe(r);
    if (name.ends_with(".encrypted")) {
      EXPECT_EQ(r.verdict, Verdict::kEncrypted) << path << "\n" << Describe(r);
    }
    for (const Diagnostic& d : r.diagnostics) {
      EXPECT_LE(d.offset + d.length, r.size) << path << "\n" << Describe(r);
    }
  }
}

TEST(ExternalCorpusTest, RealFilesGetTheExpectedWarnings) {
  const std::filesystem::path data = ExternalCorpus() / "parquet-testing/data";
  if (!std::filesystem::is_directory(data)) {
    GTEST_SKIP() << "external corpus not found at " << data
                 << "; set COLCHECK_EXTERNAL_CORPUS to run this test";
  }
  for (const auto& [name, expected] : ExpectedWarnings()) {
    // A copy: clang 14 cannot capture a structured binding.
    const Code code = expected;
    Report r;
    ASSERT_TRUE(ValidateFile((data / name).string(), {}, &r).ok()) << name;
    EXPECT_TRUE(std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                            [code](const Diagnostic& d) {
                              return d.code == code &&
                                     d.severity != Severity::kError;
                            }))
        << name << " lacks " << Info(code).name << "\n"
        << Describe(r);
  }
}

}  // namespace
}  // namespace colcheck
