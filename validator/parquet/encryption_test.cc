#include "parquet/encryption.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"

namespace colcheck::parquet {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

const std::string kFooterKey = "0123456789012345";
const std::string kColumnKey = "1234567890123450";
const std::string kUnique = "unique!!";

// The test's own sealing, through OpenSSL as the validator's opening is:
// the AAD is built here from Encryption.md 4.4.2, independently of
// FileDecryption's.
std::string Aad(const std::string& file_aad, uint8_t type, int rg = -1,
                int column = -1, int page = -1) {
  std::string aad = file_aad;
  aad.push_back(static_cast<char>(type));
  for (const int ordinal : {rg, column, page}) {
    if (ordinal < 0) break;
    aad.push_back(static_cast<char>(ordinal & 0xff));
    aad.push_back(static_cast<char>(ordinal >> 8));
  }
  return aad;
}

void AppendU32(std::vector<std::byte>* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(std::byte(v >> (8 * i)));
}

void AppendText(std::vector<std::byte>* out, const std::string& s) {
  for (char c : s) out->push_back(static_cast<std::byte>(c));
}

const unsigned char* U8(const std::string& s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// length | nonce | ciphertext | tag, appended to `out`.
void SealGcm(const std::string& key, const std::string& nonce,
             const std::string& aad, const std::string& plaintext,
             std::vector<std::byte>* out) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  ASSERT_EQ(EVP_EncryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr, U8(key),
                               U8(nonce)),
            1);
  int n = 0;
  ASSERT_EQ(EVP_EncryptUpdate(ctx, nullptr, &n, U8(aad),
                              static_cast<int>(aad.size())),
            1);
  std::string sealed(plaintext.size(), '\0');
  ASSERT_EQ(EVP_EncryptUpdate(ctx, reinterpret_cast<unsigned char*>(
                                       sealed.data()),
                              &n, U8(plaintext),
                              static_cast<int>(plaintext.size())),
            1);
  std::array<unsigned char, 16> tag;
  ASSERT_EQ(EVP_EncryptFinal_ex(ctx, nullptr, &n), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag.data()), 1);
  EVP_CIPHER_CTX_free(ctx);
  AppendU32(out, static_cast<uint32_t>(12 + plaintext.size() + 16));
  AppendText(out, nonce + sealed);
  for (unsigned char b : tag) out->push_back(std::byte(b));
}

// length | nonce | ciphertext, AES-CTR from nonce | 00 00 00 01.
void SealCtr(const std::string& key, const std::string& nonce,
             const std::string& plaintext, std::vector<std::byte>* out) {
  std::string iv = nonce + std::string("\0\0\0\1", 4);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  ASSERT_EQ(EVP_EncryptInit_ex(ctx, EVP_aes_128_ctr(), nullptr, U8(key),
                               U8(iv)),
            1);
  std::string sealed(plaintext.size(), '\0');
  int n = 0;
  ASSERT_EQ(EVP_EncryptUpdate(ctx, reinterpret_cast<unsigned char*>(
                                       sealed.data()),
                              &n, U8(plaintext),
                              static_cast<int>(plaintext.size())),
            1);
  EVP_CIPHER_CTX_free(ctx);
  AppendU32(out, static_cast<uint32_t>(12 + plaintext.size()));
  AppendText(out, nonce + sealed);
}

struct Found {
  Code code;
  uint64_t offset;
  uint64_t length;
  bool operator==(const Found&) const = default;
};

std::vector<Found> Codes(DiagnosticSink& sink) {
  std::vector<Found> out;
  for (const Diagnostic& d : sink.Take()) {
    out.push_back({d.code, d.offset, d.length});
  }
  return out;
}

class EncryptionTest : public ::testing::Test {
 protected:
  // A file of `lead` filler bytes, then whatever the test seals.
  EncryptionTest() : file_(kLead, std::byte{0}) {}

  std::unique_ptr<FileDecryption> Make(int16_t algorithm = 1) {
    algorithm_.present = true;
    algorithm_.value.id = algorithm;
    algorithm_.value.aad_file_unique.present = true;
    algorithm_.value.aad_file_unique.value = kUnique;
    return FileDecryption::Make(algorithm_, keys_, sink_);
  }

  ModuleKey Key(const std::string& bytes) { return {bytes, "the test key"}; }

  bool Open(const FileDecryption& crypto, uint64_t offset, uint64_t end,
            const std::string& key, const ModulePlace& place, Module* out,
            bool fills = false) {
    return crypto.Open(ByteReader(file_), {offset, end, fills}, Key(key),
                       place, "field", sink_, &buffer_, out);
  }

  static constexpr uint64_t kLead = 100;
  std::vector<std::byte> file_;
  Spanned<EncryptionAlgorithm> algorithm_;
  DecryptionKeys keys_;
  DiagnosticSink sink_;
  std::vector<std::byte> buffer_;
};

TEST_F(EncryptionTest, OpensAModuleAtTheOffsetsOfItsCiphertext) {
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 4, 1, 2, 3),
          "page header", &file_);
  const auto crypto = Make();
  ASSERT_NE(crypto, nullptr);
  Module m;
  ASSERT_TRUE(Open(*crypto, kLead, file_.size(), kColumnKey,
                   {ModuleType::kDataPageHeader, 1, 2, 3}, &m));
  EXPECT_EQ(m.whole, (ByteSpan{kLead, 4 + 12 + 11 + 16}));
  EXPECT_EQ(m.ciphertext, (ByteSpan{kLead + 16, 11}));
  EXPECT_EQ(m.plaintext.begin_offset(), kLead + 16);
  const std::span<const std::byte> text = m.plaintext.data();
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(text.data()),
                        text.size()),
            "page header");
  EXPECT_THAT(Codes(sink_), IsEmpty());
}

TEST_F(EncryptionTest, ModifiedModuleIsATagMismatchAtTheWholeModule) {
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 2, 0, 0, 0), "values",
          &file_);
  file_[kLead + 16 + 2] ^= std::byte{1};
  const auto crypto = Make();
  Module m;
  EXPECT_FALSE(Open(*crypto, kLead, file_.size(), kColumnKey,
                    {ModuleType::kDataPage, 0, 0, 0}, &m));
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionTagMismatch, kLead,
                                4 + 12 + 6 + 16}));
}

TEST_F(EncryptionTest, WrongKeyIsATagMismatch) {
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 1, 0, 0), "metadata",
          &file_);
  const auto crypto = Make();
  Module m;
  EXPECT_FALSE(Open(*crypto, kLead, file_.size(), "ffffffffffffffff",
                    {ModuleType::kColumnMetaData, 0, 0}, &m));
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionTagMismatch, kLead,
                                4 + 12 + 8 + 16}));
}

TEST_F(EncryptionTest, ModuleOfAnotherPageIsMisplaced) {
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 4, 0, 1, 5), "header",
          &file_);
  const auto crypto = Make();
  crypto->SetShape(1, 2);
  Module m;
  EXPECT_FALSE(Open(*crypto, kLead, file_.size(), kColumnKey,
                    {ModuleType::kDataPageHeader, 0, 1, 2}, &m));
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionModuleMisplaced, kLead,
                                4 + 12 + 6 + 16}));
}

TEST_F(EncryptionTest, ModuleOfAnotherColumnIsMisplaced) {
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 6, 1, 0), "index",
          &file_);
  const auto crypto = Make();
  crypto->SetShape(2, 3);
  Module m;
  EXPECT_FALSE(Open(*crypto, kLead, file_.size(), kColumnKey,
                    {ModuleType::kColumnIndex, 1, 2}, &m));
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionModuleMisplaced, kLead,
                                4 + 12 + 5 + 16}));
}

TEST_F(EncryptionTest, ModuleUnderTheFooterKeyIsAColumnKeyMismatch) {
  keys_.footer_key = kFooterKey;
  keys_.key_ids = {{"kc1", kColumnKey}};
  SealGcm(kFooterKey, "nonce-000001", Aad(kUnique, 1, 0, 3), "metadata",
          &file_);
  const auto crypto = Make();
  Module m;
  EXPECT_FALSE(Open(*crypto, kLead, file_.size(), kColumnKey,
                    {ModuleType::kColumnMetaData, 0, 3}, &m));
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionColumnKeyMismatch, kLead,
                                4 + 12 + 8 + 16}));
}

TEST_F(EncryptionTest, LengthPastTheSlotIsAModuleLengthFault) {
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 2, 0, 0, 0), "values",
          &file_);
  const auto crypto = Make();
  Module m;
  // The slot ends a byte before the tag does.
  EXPECT_FALSE(Open(*crypto, kLead, file_.size() - 1, kColumnKey,
                    {ModuleType::kDataPage, 0, 0, 0}, &m));
  // A slot that must be filled, one byte longer than the module.
  file_.push_back(std::byte{0});
  EXPECT_FALSE(Open(*crypto, kLead, file_.size(), kColumnKey,
                    {ModuleType::kDataPage, 0, 0, 0}, &m, /*fills=*/true));
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionModuleLengthInvalid, kLead,
                                4},
                          Found{Code::kEncryptionModuleLengthInvalid, kLead,
                                4}));
}

TEST_F(EncryptionTest, LengthBelowNonceAndTagIsAModuleLengthFault) {
  AppendU32(&file_, 27);
  file_.resize(file_.size() + 27);
  const auto crypto = Make();
  Module m;
  EXPECT_FALSE(Open(*crypto, kLead, file_.size(), kColumnKey,
                    {ModuleType::kOffsetIndex, 0, 0}, &m));
  // Fewer than 4 bytes left for the length.
  EXPECT_FALSE(Open(*crypto, file_.size() - 3, file_.size(), kColumnKey,
                    {ModuleType::kOffsetIndex, 0, 0}, &m));
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionModuleLengthInvalid, kLead,
                                4},
                          Found{Code::kEncryptionModuleLengthInvalid,
                                file_.size() - 3, 3}));
}

TEST_F(EncryptionTest, CtrAlgorithmOpensPagesWithoutATag) {
  SealCtr(kColumnKey, "nonce-000001", "dictionary values", &file_);
  const size_t header = file_.size();
  SealGcm(kColumnKey, "nonce-000002", Aad(kUnique, 5, 0, 0), "dict header",
          &file_);
  const auto crypto = Make(/*algorithm=*/2);
  Module page;
  ASSERT_TRUE(Open(*crypto, kLead, header, kColumnKey,
                   {ModuleType::kDictionaryPage, 0, 0}, &page,
                   /*fills=*/true));
  EXPECT_EQ(page.whole, (ByteSpan{kLead, 4 + 12 + 17}));
  EXPECT_EQ(page.plaintext.size(), 17u);
  // Headers stay GCM under AES_GCM_CTR_V1.
  Module m;
  EXPECT_TRUE(Open(*crypto, header, file_.size(), kColumnKey,
                   {ModuleType::kDictionaryPageHeader, 0, 0}, &m));
  EXPECT_THAT(Codes(sink_), IsEmpty());
}

TEST_F(EncryptionTest, StoredAadPrefixIsPartOfEveryAad) {
  algorithm_.value.aad_prefix.present = true;
  algorithm_.value.aad_prefix.value = "tester";
  SealGcm(kFooterKey, "nonce-000001", Aad("tester" + kUnique, 0), "footer",
          &file_);
  const auto crypto = Make();
  Module m;
  EXPECT_TRUE(Open(*crypto, kLead, file_.size(), kFooterKey,
                   {ModuleType::kFooter}, &m));
  EXPECT_THAT(Codes(sink_), IsEmpty());
}

TEST_F(EncryptionTest, UnstoredAadPrefixComesFromTheKeys) {
  algorithm_.value.supply_aad_prefix.present = true;
  algorithm_.value.supply_aad_prefix.value = true;
  algorithm_.value.supply_aad_prefix.span = {7, 1};
  EXPECT_EQ(Make(), nullptr);
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionAadPrefixMissing, 7, 1}));
  keys_.aad_prefix = "tester";
  SealGcm(kFooterKey, "nonce-000001", Aad("tester" + kUnique, 0), "footer",
          &file_);
  const auto crypto = Make();
  ASSERT_NE(crypto, nullptr);
  Module m;
  EXPECT_TRUE(Open(*crypto, kLead, file_.size(), kFooterKey,
                   {ModuleType::kFooter}, &m));
}

TEST_F(EncryptionTest, SignatureVerifiesOnlyTheSignedFooter) {
  const std::string footer = "serialized FileMetaData";
  std::vector<std::byte> sealed;
  SealGcm(kFooterKey, "nonce-000001", Aad(kUnique, 0), footer, &sealed);
  AppendText(&file_, footer);
  const uint64_t signature = file_.size();
  // nonce, then the tag: the last 16 bytes of the sealed module.
  file_.insert(file_.end(), sealed.begin() + 4, sealed.begin() + 16);
  file_.insert(file_.end(), sealed.end() - 16, sealed.end());
  const auto crypto = Make();
  const ByteReader file(file_);
  const std::span<const std::byte> signed_bytes =
      file.Bytes({kLead, footer.size()});
  EXPECT_TRUE(crypto->VerifySignature(signed_bytes, {signature, 28}, file,
                                      Key(kFooterKey)));
  file_[kLead] ^= std::byte{1};
  EXPECT_FALSE(crypto->VerifySignature(
      ByteReader(file_).Bytes({kLead, footer.size()}), {signature, 28},
      ByteReader(file_), Key(kFooterKey)));
}

TEST_F(EncryptionTest, ReusedNonceIsReportedAtTheLaterModule) {
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 6, 0, 0), "a", &file_);
  const uint64_t second = file_.size();
  SealGcm(kColumnKey, "nonce-000001", Aad(kUnique, 7, 0, 0), "b", &file_);
  const auto crypto = Make();
  Module m;
  ASSERT_TRUE(Open(*crypto, second, file_.size(), kColumnKey,
                   {ModuleType::kOffsetIndex, 0, 0}, &m));
  ASSERT_TRUE(Open(*crypto, kLead, second, kColumnKey,
                   {ModuleType::kColumnIndex, 0, 0}, &m));
  crypto->Finish(sink_);
  EXPECT_THAT(Codes(sink_), ElementsAre(Found{Code::kEncryptionNonceReused,
                                              second + 4, 12}));
}

TEST_F(EncryptionTest, PaddingIsReportedOncePerModuleType) {
  const auto crypto = Make();
  crypto->NotePadding(ModuleType::kDataPageHeader, {300, 9}, "b");
  crypto->NotePadding(ModuleType::kDataPageHeader, {200, 5}, "a");
  crypto->NotePadding(ModuleType::kFooter, {900, 4}, "");
  crypto->Finish(sink_);
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionModulePadding, 200, 5},
                          Found{Code::kEncryptionModulePadding, 900, 4}));
}

TEST_F(EncryptionTest, ChunkKeyByKeyIdThenByPath) {
  keys_.footer_key = kFooterKey;
  keys_.column_keys = {{"a.b", "bbbbbbbbbbbbbbbb"}};
  keys_.key_ids = {{"kc1", kColumnKey}};
  const auto crypto = Make();
  ColumnCryptoMetaData column;
  column.id = 2;
  column.key_metadata.present = true;
  column.key_metadata.value = "kc1";
  EXPECT_EQ(crypto->ChunkKey(column, "a.b", {}).bytes, kColumnKey);
  column.key_metadata.value = "kc9";
  EXPECT_EQ(crypto->ChunkKey(column, "a.b", {}).bytes, "bbbbbbbbbbbbbbbb");
  EXPECT_EQ(crypto->ChunkKey(column, "a.c", {}).bytes, "");
  // Key material names a wrapped key that no given key is.
  column.key_metadata.value = R"({"keyMaterialType":"PKMT1"})";
  EXPECT_EQ(crypto->ChunkKey(column, "a.b", {}).bytes, "");
  ColumnCryptoMetaData footer;
  footer.id = 1;
  EXPECT_EQ(crypto->ChunkKey(footer, "x", {}).bytes, kFooterKey);
}

TEST_F(EncryptionTest, MissingKeyAndExternalKeyMaterialAreInfos) {
  const auto crypto = Make();
  Spanned<Binary> id;
  id.present = true;
  id.value = "kc2";
  id.span = {40, 3};
  crypto->ReportKeyMissing({30, 20}, "f", "column x", id, sink_);
  EXPECT_TRUE(crypto->unchecked());
  Spanned<Binary> material;
  material.present = true;
  material.value =
      R"({"keyMaterialType":"PKMT1","internalStorage":false,"keyReference":"k"})";
  material.span = {60, 70};
  crypto->ReportKeyMissing({50, 90}, "f", "the footer", material, sink_);
  EXPECT_THAT(Codes(sink_),
              ElementsAre(Found{Code::kEncryptionKeyMissing, 30, 20},
                          Found{Code::kEncryptionExternalKeyMaterial, 60,
                                70}));
}

TEST(EncryptionOrdinals, RowGroupPastTheI16IsReported) {
  FileMetaData md;
  md.row_groups.present = true;
  md.row_groups.value.resize(kMaxModuleOrdinal + 2);
  md.row_groups.value[kMaxModuleOrdinal + 1].span = {5000, 7};
  DiagnosticSink sink;
  CheckModuleOrdinals(md, sink);
  EXPECT_THAT(Codes(sink), ElementsAre(Found{Code::kEncryptionOrdinalOverflow,
                                             5000, 7}));
}

TEST(EncryptionOrdinals, ColumnPastTheI16IsReported) {
  FileMetaData md;
  md.row_groups.present = true;
  md.row_groups.value.resize(2);
  auto& columns = md.row_groups.value[1].value.columns;
  columns.present = true;
  columns.value.resize(kMaxModuleOrdinal + 2);
  columns.value[kMaxModuleOrdinal + 1].span = {800, 3};
  DiagnosticSink sink;
  CheckModuleOrdinals(md, sink);
  EXPECT_THAT(Codes(sink), ElementsAre(Found{Code::kEncryptionOrdinalOverflow,
                                             800, 3}));
}

}  // namespace
}  // namespace colcheck::parquet
