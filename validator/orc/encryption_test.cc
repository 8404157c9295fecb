// Column encryption structure rules (orc-rules.md EN1-EN4): each test
// breaks one rule of a hand-built file and asserts the code and its span.

#include "orc/encryption.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/testing/index_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc {
namespace {

using testing::BaseFile;
using testing::Check;
using testing::Describe;
using ::testing::ElementsAre;
using testing::HasDiagnostic;
using testing::IndexFile;
using testing::IsDiagnostic;
using testing::ProtoWriter;

// One key "pii" (AES_CTR_256) and one variant encrypting column 1, whose
// stripe statistics stream is 10 bytes; HADOOP keys.
ProtoWriter Encryption(uint32_t root = 1, int64_t algorithm = 2,
                       bool provider = true) {
  ProtoWriter key;
  key.Bytes(1, "pii").Varint(2, 0);
  if (algorithm >= 0) key.Varint(3, static_cast<uint64_t>(algorithm), "algorithm");
  ProtoWriter stats_stream;
  stats_stream.Varint(1, kStripeStatistics).Varint(2, root).Varint(3, 10);
  ProtoWriter variant;
  variant.Varint(1, root, "root").Varint(2, 0, "key").Bytes(3, "k");
  variant.Message(4, stats_stream);
  ProtoWriter e;
  e.Message(2, key, "key[0]").Message(3, variant, "variants[0]");
  if (provider) e.Varint(4, 1, "key_provider");
  return e;
}

// A stripe variant with `length` bytes of DATA for column 1.
ProtoWriter StripeVariant(uint64_t length) {
  ProtoWriter s;
  s.Varint(1, kData).Varint(2, 1).Varint(3, length);
  ProtoWriter v;
  v.Message(1, s);
  return v;
}

// BaseFile with column 1 encrypted: the DATA stream becomes the variant's,
// behind an ENCRYPTED_DATA placeholder of the same length.
IndexFile EncryptedFile() {
  IndexFile f = BaseFile();
  f.has_encryption = true;
  f.encryption = Encryption();
  f.stripe_statistics_length = 10;
  testing::IndexStripe& s = f.stripes[0];
  s.streams[0].kind = kEncryptedData;
  s.streams[0].column = 0;
  s.encryption = {StripeVariant(s.streams[0].bytes.size())};
  // The unencrypted column is masked to nulls: a PRESENT of zeros
  // (before the placeholder, which comes last in its area).
  s.streams.insert(s.streams.begin(), {kPresent, 1, std::string("\xff\x00", 2)});
  ProtoWriter keys;
  keys.Varint(6, 1, "encrypt_stripe_id").Bytes(7, std::string(32, 'k'));
  s.info_extra = keys;
  return f;
}

std::vector<Diagnostic> Errors(const std::vector<Diagnostic>& ds) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : ds) {
    if (d.severity == Severity::kError) out.push_back(d);
  }
  return out;
}

TEST(OrcEncryptionTest, EncryptedFileHasOnlyTheNote) {
  IndexFile f = EncryptedFile();
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kPages);
  EXPECT_TRUE(Errors(ds).empty()) << Describe(ds);
  const ByteSpan e = f.FooterMark("encryption");  // Tag and length: 2 bytes.
  EXPECT_THAT(
      ds, ElementsAre(IsDiagnostic(Code::kOrcEncryptionUnchecked,
                                   ByteSpan({e.offset - 2, e.length + 2}))));
}

TEST(OrcEncryptionTest, VariantRootOutOfRange) {
  IndexFile f = EncryptedFile();
  f.encryption = Encryption(7);
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcEncryptionReference,
                            f.FooterMark("encryption.variants[0].root")));
}

TEST(OrcEncryptionTest, UnknownAlgorithm) {
  IndexFile f = EncryptedFile();
  f.encryption = Encryption(1, 3);
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcEncryptionAlgorithm,
                            f.FooterMark("encryption.key[0].algorithm")));
}

TEST(OrcEncryptionTest, AlgorithmUnsetIsAWarning) {
  IndexFile f = EncryptedFile();
  f.encryption = Encryption(1, 0);
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcEncryptionAlgorithmUnset,
                            f.FooterMark("encryption.key[0].algorithm")));
}

TEST(OrcEncryptionTest, KeyProviderAbsentIsAWarning) {
  IndexFile f = EncryptedFile();
  f.encryption = Encryption(1, 2, false);
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcEncryptionKeyProvider,
                            f.FooterMark("encryption")));
}

TEST(OrcEncryptionTest, StripeStatisticsLengthWithoutVariants) {
  IndexFile f = BaseFile();
  f.stripe_statistics_length = 10;
  const std::string bytes = f.Build();
  EXPECT_THAT(
      Check(bytes, Level::kFooter),
      ElementsAre(IsDiagnostic(Code::kOrcEncryptionStripeStatisticsLength,
                               f.PostScriptMark("stripe_statistics_length"))));
}

TEST(OrcEncryptionTest, StripeStatisticsLengthShort) {
  IndexFile f = EncryptedFile();
  f.stripe_statistics_length = 9;
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcEncryptionStripeStatisticsLength,
                            f.PostScriptMark("stripe_statistics_length")));
}

TEST(OrcEncryptionTest, FirstStripeWithoutStripeId) {
  IndexFile f = EncryptedFile();
  ProtoWriter keys;
  keys.Bytes(7, std::string(32, 'k'));
  f.stripes[0].info_extra = keys;
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcEncryptionStripeKeys,
                            f.FooterMark("stripes[0]")));
}

TEST(OrcEncryptionTest, FirstStripeWithoutKeys) {
  IndexFile f = EncryptedFile();
  ProtoWriter keys;
  keys.Varint(6, 1);
  f.stripes[0].info_extra = keys;
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcEncryptionStripeKeys,
                            f.FooterMark("stripes[0]")));
}

TEST(OrcEncryptionTest, StripeVariantCount) {
  IndexFile f = EncryptedFile();
  f.stripes[0].encryption.push_back(StripeVariant(0));
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kPages),
                            Code::kOrcEncryptionStripeVariants,
                            Join(f.StripeFooterMark(0, "encryption[0]"),
                                 f.StripeFooterMark(0, "encryption[1]"))));
}

TEST(OrcEncryptionTest, PlaceholderLength) {
  IndexFile f = EncryptedFile();
  f.stripes[0].encryption = {StripeVariant(5)};
  const std::string bytes = f.Build();
  // Not alone: every encrypted file also gets orc-encryption.unchecked.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kPages),
                            Code::kOrcEncryptionPlaceholderLength,
                            f.StripeFooterMark(0, "streams[1].length")));
}

TEST(OrcEncryptionTest, PlaceholderWithoutEncryption) {
  IndexFile f = BaseFile();
  f.stripes[0].Add(kEncryptedData, 0, "");
  const std::string bytes = f.Build();
  const ByteSpan stream = f.StripeFooterMark(0, "streams[1]");
  EXPECT_THAT(Check(bytes, Level::kPages),
              ElementsAre(IsDiagnostic(
                  Code::kOrcEncryptionPlaceholderUnencrypted,
                  ByteSpan({stream.offset - 2, stream.length + 2}))));
}

}  // namespace
}  // namespace colcheck::orc
