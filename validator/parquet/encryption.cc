// Parquet Modular Encryption with keys. See encryption.h for the layout.
// https://github.com/apache/parquet-format/blob/master/Encryption.md
//
// OpenSSL's EVP interface runs AES-GCM (NIST SP 800-38D) and AES-CTR
// (SP 800-38A); nothing here is cryptography of its own.

#include "parquet/encryption.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <optional>
#include <utility>

#include "core/limits.h"
#include "core/strings.h"

namespace colcheck::parquet {
namespace {

constexpr ModuleType kAllTypes[] = {
    ModuleType::kColumnMetaData,    ModuleType::kDataPage,
    ModuleType::kDictionaryPage,    ModuleType::kDataPageHeader,
    ModuleType::kDictionaryPageHeader, ModuleType::kColumnIndex,
    ModuleType::kOffsetIndex,       ModuleType::kBloomFilterHeader,
    ModuleType::kBloomFilterBitset, ModuleType::kFooter,
};

// How far from a page's own ordinal the search looks for the place of a
// page module that does not verify.
constexpr uint32_t kNearPages = 64;

// What one try of the search costs against limits::kMaxModuleSearchBytes
// beyond the module's bytes: the cipher's setup, so that many tiny modules
// cannot make the search long.
constexpr uint64_t kTryCost = 256;

bool HasPageOrdinal(ModuleType type) {
  return type == ModuleType::kDataPage || type == ModuleType::kDataPageHeader;
}

std::string_view TypeName(ModuleType type) {
  switch (type) {
    case ModuleType::kFooter: return "footer";
    case ModuleType::kColumnMetaData: return "column metadata";
    case ModuleType::kDataPage: return "data page";
    case ModuleType::kDictionaryPage: return "dictionary page";
    case ModuleType::kDataPageHeader: return "data page header";
    case ModuleType::kDictionaryPageHeader: return "dictionary page header";
    case ModuleType::kColumnIndex: return "column index";
    case ModuleType::kOffsetIndex: return "offset index";
    case ModuleType::kBloomFilterHeader: return "bloom filter header";
    case ModuleType::kBloomFilterBitset: return "bloom filter bitset";
  }
  return "module";
}

bool UsableKey(std::string_view key) {
  return key.size() == 16 || key.size() == 24 || key.size() == 32;
}

const EVP_CIPHER* Cipher(size_t key_size, bool ctr) {
  switch (key_size) {
    case 16: return ctr ? EVP_aes_128_ctr() : EVP_aes_128_gcm();
    case 24: return ctr ? EVP_aes_192_ctr() : EVP_aes_192_gcm();
    case 32: return ctr ? EVP_aes_256_ctr() : EVP_aes_256_gcm();
  }
  return nullptr;
}

const unsigned char* U8(const void* p) {
  return static_cast<const unsigned char*>(p);
}

struct CipherContext {
  CipherContext() : ctx(EVP_CIPHER_CTX_new()) {}
  ~CipherContext() { EVP_CIPHER_CTX_free(ctx); }
  CipherContext(const CipherContext&) = delete;
  CipherContext& operator=(const CipherContext&) = delete;
  EVP_CIPHER_CTX* ctx;
};

// EVP takes int lengths; longer inputs go through in pieces. `out` may be
// null (the AAD) and then stays null.
bool Update(EVP_CIPHER_CTX* ctx, bool encrypt, std::span<const std::byte> in,
            unsigned char* out) {
  constexpr size_t kPiece = size_t{1} << 30;
  for (size_t done = 0; done < in.size();) {
    const size_t n = std::min(kPiece, in.size() - done);
    int produced = 0;
    const int ok =
        encrypt ? EVP_EncryptUpdate(ctx, out == nullptr ? nullptr : out + done,
                                    &produced, U8(in.data() + done),
                                    static_cast<int>(n))
                : EVP_DecryptUpdate(ctx, out == nullptr ? nullptr : out + done,
                                    &produced, U8(in.data() + done),
                                    static_cast<int>(n));
    if (ok != 1) return false;
    done += n;
  }
  return true;
}

bool GcmInit(EVP_CIPHER_CTX* ctx, bool encrypt, std::string_view key,
             std::span<const std::byte> nonce) {
  const EVP_CIPHER* cipher = Cipher(key.size(), /*ctr=*/false);
  if (cipher == nullptr || nonce.size() != kNonceSize) return false;
  const auto init = encrypt ? EVP_EncryptInit_ex : EVP_DecryptInit_ex;
  return init(ctx, cipher, nullptr, nullptr, nullptr) == 1 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, kNonceSize,
                             nullptr) == 1 &&
         init(ctx, nullptr, nullptr, U8(key.data()), U8(nonce.data())) == 1;
}

bool GcmDecrypt(std::string_view key, std::span<const std::byte> nonce,
                std::string_view aad, std::span<const std::byte> ciphertext,
                std::span<const std::byte> tag, std::byte* out) {
  CipherContext c;
  if (c.ctx == nullptr || !GcmInit(c.ctx, false, key, nonce)) return false;
  const std::span<const std::byte> aad_bytes(
      reinterpret_cast<const std::byte*>(aad.data()), aad.size());
  if (!Update(c.ctx, false, aad_bytes, nullptr) ||
      !Update(c.ctx, false, ciphertext, reinterpret_cast<unsigned char*>(out))) {
    return false;
  }
  std::array<unsigned char, kTagSize> expected;
  std::memcpy(expected.data(), tag.data(), kTagSize);
  int produced = 0;
  return EVP_CIPHER_CTX_ctrl(c.ctx, EVP_CTRL_GCM_SET_TAG, kTagSize,
                             expected.data()) == 1 &&
         EVP_DecryptFinal_ex(c.ctx, nullptr, &produced) == 1;
}

// IV := nonce | a 4-byte counter whose first 31 bits are 0 and last bit 1
// (EC 4.2.2).
bool CtrDecrypt(std::string_view key, std::span<const std::byte> nonce,
                std::span<const std::byte> ciphertext, std::byte* out) {
  const EVP_CIPHER* cipher = Cipher(key.size(), /*ctr=*/true);
  if (cipher == nullptr || nonce.size() != kNonceSize) return false;
  std::array<unsigned char, 16> iv{};
  std::memcpy(iv.data(), nonce.data(), kNonceSize);
  iv[15] = 1;
  CipherContext c;
  return c.ctx != nullptr &&
         EVP_DecryptInit_ex(c.ctx, cipher, nullptr, U8(key.data()),
                            iv.data()) == 1 &&
         Update(c.ctx, false, ciphertext,
                reinterpret_cast<unsigned char*>(out));
}

// How a diagnostic names a key_metadata: a printable key id as it is,
// else what it holds.
std::string KeyMetadataName(std::string_view km) {
  constexpr size_t kMaxIdShown = 64;
  const bool printable =
      !km.empty() && km.size() <= kMaxIdShown &&
      std::all_of(km.begin(), km.end(),
                  [](char c) { return c >= 0x20 && c < 0x7f; });
  if (printable && km.front() != '{') return StrCat("key id \"", km, "\"");
  if (!km.empty() && km.front() == '{') return "key material in key_metadata";
  return StrCat(km.size(), "-byte key_metadata");
}

// Key material (parquet-mr's and Arrow's key tools): the key_metadata is
// JSON holding a data key wrapped by a KMS, or the reference to such JSON
// kept outside the file. No key given by id or path is that data key.
bool IsKeyMaterial(std::string_view km) {
  return !km.empty() && km.front() == '{' &&
         km.find("\"keyMaterialType\"") != std::string_view::npos;
}

// Key material kept outside the file: "internalStorage":false.
bool IsExternalKeyMaterial(std::string_view km) {
  return IsKeyMaterial(km) &&
         km.find("\"internalStorage\":false") != std::string_view::npos;
}

}  // namespace

std::string PlaceName(const ModulePlace& place) {
  if (place.type == ModuleType::kFooter) return "the footer";
  std::string name = StrCat("the ", TypeName(place.type), " of row group ",
                            place.row_group, ", column ", place.column);
  if (HasPageOrdinal(place.type)) name += StrCat(", page ", place.page);
  return name;
}

void CheckModuleOrdinals(const FileMetaData& md, DiagnosticSink& sink) {
  const auto& row_groups = md.row_groups.value;
  if (row_groups.size() > kMaxModuleOrdinal + 1) {
    sink.Report(Code::kEncryptionOrdinalOverflow,
                row_groups[kMaxModuleOrdinal + 1].span,
                FieldPath("row_groups", kMaxModuleOrdinal + 1),
                StrCat("the encrypted file has ", row_groups.size(),
                       " row groups; AADs name at most 32768"));
  }
  for (size_t rg = 0; rg < row_groups.size(); ++rg) {
    const auto& columns = row_groups[rg].value.columns.value;
    if (columns.size() <= kMaxModuleOrdinal + 1) continue;
    sink.Report(Code::kEncryptionOrdinalOverflow,
                columns[kMaxModuleOrdinal + 1].span,
                FieldPath("row_groups", rg, "columns", kMaxModuleOrdinal + 1),
                StrCat("row group ", rg, " has ", columns.size(),
                       " columns; AADs name at most 32768"));
    return;
  }
}

std::unique_ptr<FileDecryption> FileDecryption::Make(
    const Spanned<EncryptionAlgorithm>& algorithm, const DecryptionKeys& keys,
    DiagnosticSink& sink) {
  const EncryptionAlgorithm& a = algorithm.value;
  if (a.id != 1 && a.id != 2) return nullptr;  // The union decoder said so.
  std::string aad_file;
  if (a.aad_prefix.present) {
    aad_file = std::string(a.aad_prefix.value);
  } else if (a.supply_aad_prefix.present && a.supply_aad_prefix.value) {
    if (!keys.aad_prefix) {
      sink.Report(Code::kEncryptionAadPrefixMissing,
                  a.supply_aad_prefix.whole(),
                  "encryption_algorithm.supply_aad_prefix",
                  "the file does not store its AAD prefix, and none was "
                  "given; its encrypted modules were not checked");
      return nullptr;
    }
    aad_file = *keys.aad_prefix;
  }
  aad_file += a.aad_file_unique.value;
  return std::unique_ptr<FileDecryption>(
      new FileDecryption(a.id == 2, std::move(aad_file), keys));
}

std::string_view FileDecryption::KeyById(std::string_view id) const {
  if (id.empty()) return {};
  for (const auto& [key_id, key] : keys_.key_ids) {
    if (key_id == id && UsableKey(key)) return key;
  }
  return {};
}

ModuleKey FileDecryption::FooterKey(
    const Spanned<Binary>& key_metadata) const {
  ModuleKey key;
  key.name = key_metadata.present
                 ? StrCat("the footer key (",
                          KeyMetadataName(key_metadata.value), ")")
                 : "the footer key";
  if (IsKeyMaterial(key_metadata.value)) return key;
  key.bytes = UsableKey(keys_.footer_key) ? std::string_view(keys_.footer_key)
                                          : KeyById(key_metadata.value);
  return key;
}

ModuleKey FileDecryption::ChunkKey(
    const ColumnCryptoMetaData& crypto, std::string_view path,
    const Spanned<Binary>& footer_key_metadata) const {
  if (crypto.id != 2) return FooterKey(footer_key_metadata);
  ModuleKey key;
  key.name = crypto.key_metadata.present
                 ? StrCat("the key of column ", path, " (",
                          KeyMetadataName(crypto.key_metadata.value), ")")
                 : StrCat("the key of column ", path);
  if (IsKeyMaterial(crypto.key_metadata.value)) return key;
  key.bytes = KeyById(crypto.key_metadata.value);
  for (const auto& [column, bytes] : keys_.column_keys) {
    if (key.bytes.empty() && column == path && UsableKey(bytes)) {
      key.bytes = bytes;
    }
  }
  return key;
}

void FileDecryption::SetChunkKey(size_t row_group, size_t column,
                                 ModuleKey key) {
  if (chunk_keys_.size() <= row_group) chunk_keys_.resize(row_group + 1);
  std::vector<ModuleKey>& row = chunk_keys_[row_group];
  if (row.size() <= column) row.resize(column + 1);
  row[column] = std::move(key);
}

const ModuleKey* FileDecryption::chunk_key(size_t row_group,
                                           size_t column) const {
  if (row_group >= chunk_keys_.size() ||
      column >= chunk_keys_[row_group].size()) {
    return nullptr;
  }
  const ModuleKey& key = chunk_keys_[row_group][column];
  return key.bytes.empty() ? nullptr : &key;
}

std::string FileDecryption::Aad(const ModulePlace& place) const {
  std::string aad = aad_file_;
  aad.push_back(static_cast<char>(place.type));
  if (place.type == ModuleType::kFooter) return aad;
  // The ordinals are i16, little endian; callers keep them in range.
  const auto append = [&aad](uint32_t ordinal) {
    aad.push_back(static_cast<char>(ordinal & 0xff));
    aad.push_back(static_cast<char>((ordinal >> 8) & 0xff));
  };
  append(place.row_group);
  append(place.column);
  if (HasPageOrdinal(place.type)) append(place.page);
  return aad;
}

bool FileDecryption::UsesCtr(ModuleType type) const {
  return ctr_pages_ &&
         (type == ModuleType::kDataPage || type == ModuleType::kDictionaryPage);
}

bool FileDecryption::Decrypt(std::string_view key, const ModulePlace& place,
                             std::span<const std::byte> nonce,
                             std::span<const std::byte> ciphertext,
                             std::span<const std::byte> tag,
                             std::byte* out) const {
  if (UsesCtr(place.type)) return CtrDecrypt(key, nonce, ciphertext, out);
  return GcmDecrypt(key, nonce, Aad(place), ciphertext, tag, out);
}

bool FileDecryption::Open(const ByteReader& bytes, const ModuleSlot& slot,
                          const ModuleKey& key, const ModulePlace& place,
                          std::string_view field, DiagnosticSink& sink,
                          std::vector<std::byte>* buffer, Module* out) const {
  ByteReader r;
  if (key.bytes.empty() || slot.offset > slot.end ||
      !bytes.Sub(slot.offset, slot.end - slot.offset, &r)) {
    return false;
  }
  const bool ctr = UsesCtr(place.type);
  const uint64_t overhead = kNonceSize + (ctr ? 0 : kTagSize);
  uint32_t length = 0;
  if (!r.ReadU32LE(&length) || length < overhead || length > r.remaining() ||
      (slot.fills && length != r.remaining())) {
    const uint64_t room = slot.end - slot.offset;
    sink.Report(Code::kEncryptionModuleLengthInvalid,
                {slot.offset, std::min<uint64_t>(room, kModuleLengthSize)},
                std::string(field),
                room < kModuleLengthSize
                    ? StrCat(PlaceName(place), " needs a 4-byte length; ",
                             room, " bytes are left")
                    : StrCat(PlaceName(place), " declares ", length,
                             " bytes after its length; ",
                             r.remaining(), slot.fills ? " are its place's"
                                                       : " are left",
                             ", and a ", ctr ? "CTR" : "GCM",
                             " module needs ", overhead, " at least"));
    return false;
  }
  const uint64_t at = slot.offset + kModuleLengthSize;
  const std::span<const std::byte> nonce = bytes.Bytes({at, kNonceSize});
  const ByteSpan ciphertext{at + kNonceSize, length - overhead};
  const std::span<const std::byte> sealed = bytes.Bytes(ciphertext);
  const std::span<const std::byte> tag =
      ctr ? std::span<const std::byte>()
          : bytes.Bytes({ciphertext.end(), kTagSize});
  buffer->resize(ciphertext.length);
  const ByteSpan whole{slot.offset, kModuleLengthSize + length};
  if (!Decrypt(key.bytes, place, nonce, sealed, tag, buffer->data())) {
    ReportFailure(key, place, nonce, sealed, tag, whole, field, sink,
                  buffer->data());
    return false;
  }
  Note(place, ciphertext, nonce, {at, kNonceSize});
  out->whole = whole;
  out->ciphertext = ciphertext;
  out->plaintext = ByteReader(*buffer, ciphertext.offset);
  return true;
}

void FileDecryption::ReportFailure(const ModuleKey& key,
                                   const ModulePlace& place,
                                   std::span<const std::byte> nonce,
                                   std::span<const std::byte> ciphertext,
                                   std::span<const std::byte> tag,
                                   ByteSpan whole, std::string_view field,
                                   DiagnosticSink& sink,
                                   std::byte* scratch) const {
  uint64_t tries = 0;
  // Whether the module verifies with `k` at `p`, within the budgets.
  const auto verifies = [&](std::string_view k, const ModulePlace& p) {
    if (tries >= limits::kMaxModulePlaceTries ||
        search_bytes_.fetch_add(ciphertext.size() + kTryCost) >
            limits::kMaxModuleSearchBytes) {
      return false;
    }
    ++tries;
    return GcmDecrypt(k, nonce, Aad(p), ciphertext, tag, scratch);
  };
  // Another key that was given, at the module's own place.
  const auto other_key = [&]() -> std::string {
    if (UsableKey(keys_.footer_key) && keys_.footer_key != key.bytes &&
        verifies(keys_.footer_key, place)) {
      return "the footer key";
    }
    for (const auto& [column, k] : keys_.column_keys) {
      if (UsableKey(k) && k != key.bytes && verifies(k, place)) {
        return StrCat("the key given for column ", column);
      }
    }
    for (const auto& [id, k] : keys_.key_ids) {
      if (UsableKey(k) && k != key.bytes && verifies(k, place)) {
        return StrCat("the key of key id \"", id, "\"");
      }
    }
    return "";
  };
  const std::string by = other_key();
  if (!by.empty()) {
    sink.Report(Code::kEncryptionColumnKeyMismatch, whole, std::string(field),
                StrCat(PlaceName(place), " does not verify with ", key.name,
                       ", which its metadata names, but does with ", by));
    return;
  }
  // The same key at another place: another page of the chunk, the same
  // module of another column or row group, another module type.
  std::vector<ModulePlace> places;
  ModulePlace p = place;
  if (HasPageOrdinal(place.type)) {
    for (uint32_t d = 1; d <= kNearPages; ++d) {
      if (place.page >= d) places.push_back({p.type, p.row_group, p.column,
                                             place.page - d});
      if (place.page + d <= kMaxModuleOrdinal) {
        places.push_back({p.type, p.row_group, p.column, place.page + d});
      }
    }
  }
  for (uint64_t rg = 0; rg < std::min(row_groups_, kMaxModuleOrdinal + 1);
       ++rg) {
    for (uint64_t c = 0; c < std::min(columns_, kMaxModuleOrdinal + 1); ++c) {
      if (rg == place.row_group && c == place.column) continue;
      places.push_back({p.type, static_cast<uint32_t>(rg),
                        static_cast<uint32_t>(c), place.page});
      if (places.size() >= limits::kMaxModulePlaceTries) break;
    }
  }
  for (const ModuleType type : kAllTypes) {
    if (type == place.type || UsesCtr(type)) continue;
    places.push_back({type, p.row_group, p.column, 0});
    for (uint32_t page = 1; HasPageOrdinal(type) && page <= kNearPages;
         ++page) {
      places.push_back({type, p.row_group, p.column, page});
    }
  }
  for (const ModulePlace& other : places) {
    if (!verifies(key.bytes, other)) continue;
    sink.Report(Code::kEncryptionModuleMisplaced, whole, std::string(field),
                StrCat("the module in the place of ", PlaceName(place), " is ",
                       PlaceName(other), ": it verifies with that place's "
                       "AAD, not with its own"));
    return;
  }
  sink.Report(Code::kEncryptionTagMismatch, whole, std::string(field),
              StrCat("the GCM tag of ", PlaceName(place),
                     " does not verify with ", key.name,
                     ": the module was modified, or the key is wrong"));
}

bool FileDecryption::VerifySignature(std::span<const std::byte> footer,
                                     ByteSpan signature,
                                     const ByteReader& file,
                                     const ModuleKey& key) const {
  const std::span<const std::byte> nonce =
      file.Bytes({signature.offset, kNonceSize});
  const std::span<const std::byte> tag =
      file.Bytes({signature.offset + kNonceSize, kTagSize});
  CipherContext c;
  if (tag.size() != kTagSize || c.ctx == nullptr ||
      !GcmInit(c.ctx, true, key.bytes, nonce)) {
    return false;
  }
  const std::string aad = Aad({ModuleType::kFooter});
  const std::span<const std::byte> aad_bytes(
      reinterpret_cast<const std::byte*>(aad.data()), aad.size());
  if (!Update(c.ctx, true, aad_bytes, nullptr)) return false;
  // Only the tag matters: the ciphertext goes through a small buffer.
  std::vector<unsigned char> scratch(std::min<size_t>(footer.size(), 1 << 16));
  for (size_t done = 0; done < footer.size(); done += scratch.size()) {
    const size_t n = std::min(scratch.size(), footer.size() - done);
    int produced = 0;
    if (EVP_EncryptUpdate(c.ctx, scratch.data(), &produced,
                          U8(footer.data() + done),
                          static_cast<int>(n)) != 1) {
      return false;
    }
  }
  int produced = 0;
  std::array<unsigned char, kTagSize> computed;
  if (EVP_EncryptFinal_ex(c.ctx, scratch.data(), &produced) != 1 ||
      EVP_CIPHER_CTX_ctrl(c.ctx, EVP_CTRL_GCM_GET_TAG, kTagSize,
                          computed.data()) != 1) {
    return false;
  }
  Note({ModuleType::kFooter}, {}, nonce, {signature.offset, kNonceSize});
  return CRYPTO_memcmp(computed.data(), tag.data(), kTagSize) == 0;
}

void FileDecryption::ReportKeyMissing(ByteSpan span, std::string field,
                                      std::string what,
                                      const Spanned<Binary>& key_metadata,
                                      DiagnosticSink& sink) const {
  unchecked_ = true;
  if (IsExternalKeyMaterial(key_metadata.value)) {
    sink.Report(Code::kEncryptionExternalKeyMaterial, key_metadata.span,
                std::move(field),
                StrCat("the key of ", what, " is wrapped in key material "
                       "kept outside the file; its modules were not "
                       "checked"));
    return;
  }
  sink.Report(Code::kEncryptionKeyMissing, span, std::move(field),
              StrCat("no key was given for ", what,
                     key_metadata.present
                         ? StrCat(" (", KeyMetadataName(key_metadata.value),
                                  ")")
                         : std::string(),
                     "; its encrypted modules were not checked"));
}

void FileDecryption::Note(const ModulePlace& place, ByteSpan ciphertext,
                          std::span<const std::byte> nonce,
                          ByteSpan nonce_span) const {
  NotedNonce n;
  std::copy(nonce.begin(), nonce.end(), n.nonce.begin());
  n.span = nonce_span;
  const std::lock_guard lock(mutex_);
  if (ciphertext.length > 0) modules_.push_back({place, ciphertext});
  nonces_.push_back(n);
}

void FileDecryption::NotePadding(ModuleType type, ByteSpan padding,
                                 std::string field) const {
  const std::lock_guard lock(mutex_);
  paddings_.push_back({type, padding, std::move(field)});
}

// The first padded module of each type, with how many there are.
void FileDecryption::ReportPaddings(DiagnosticSink& sink) const {
  std::sort(paddings_.begin(), paddings_.end(),
            [](const NotedPadding& a, const NotedPadding& b) {
              return a.span.offset < b.span.offset;
            });
  for (const ModuleType type : kAllTypes) {
    const auto first = std::find_if(
        paddings_.begin(), paddings_.end(),
        [type](const NotedPadding& p) { return p.type == type; });
    if (first == paddings_.end()) continue;
    const auto count = std::count_if(
        paddings_.begin(), paddings_.end(),
        [type](const NotedPadding& p) { return p.type == type; });
    sink.Report(Code::kEncryptionModulePadding, first->span, first->field,
                StrCat("the decrypted ", TypeName(type), " holds ",
                       first->span.length, " bytes after its structure",
                       count > 1 ? StrCat("; ", count, " ", TypeName(type),
                                          " modules do")
                                 : std::string(),
                       "; readers ignore them"));
  }
}

void FileDecryption::Finish(DiagnosticSink& sink) const {
  const std::lock_guard lock(mutex_);
  ReportPaddings(sink);
  // Reused nonces, each reported at the later module, in file order.
  std::sort(nonces_.begin(), nonces_.end(),
            [](const NotedNonce& a, const NotedNonce& b) {
              return a.nonce != b.nonce ? a.nonce < b.nonce
                                        : a.span.offset < b.span.offset;
            });
  std::vector<std::pair<ByteSpan, uint64_t>> reused;  // (span, first)
  for (size_t i = 1; i < nonces_.size(); ++i) {
    if (nonces_[i].nonce != nonces_[i - 1].nonce) continue;
    size_t first = i - 1;
    while (first > 0 && nonces_[first - 1].nonce == nonces_[i].nonce) --first;
    if (nonces_[i].span.offset == nonces_[first].span.offset) continue;
    reused.emplace_back(nonces_[i].span, nonces_[first].span.offset);
  }
  std::sort(reused.begin(), reused.end(),
            [](const auto& a, const auto& b) {
              return a.first.offset < b.first.offset;
            });
  for (const auto& [span, first] : reused) {
    sink.Report(Code::kEncryptionNonceReused, span, "",
                StrCat("this module's nonce is the one of the module whose "
                       "nonce is at offset ", first));
  }
  // Where in its module's plaintext each diagnostic lies: the innermost
  // module whose ciphertext holds the whole span. Only the footer holds
  // other modules, so it is looked at last.
  std::vector<Noted> inner;
  std::optional<Noted> footer;
  for (const Noted& m : modules_) {
    if (m.place.type == ModuleType::kFooter) {
      footer = m;
    } else {
      inner.push_back(m);
    }
  }
  std::sort(inner.begin(), inner.end(), [](const Noted& a, const Noted& b) {
    return a.ciphertext.offset < b.ciphertext.offset;
  });
  const auto holds = [](const Noted& m, const Diagnostic& d) {
    return d.offset >= m.ciphertext.offset && d.length > 0 &&
           d.offset + d.length <= m.ciphertext.end();
  };
  for (Diagnostic& d : sink.diagnostics()) {
    if (d.message.empty()) continue;
    const auto next = std::upper_bound(
        inner.begin(), inner.end(), d.offset,
        [](uint64_t offset, const Noted& m) {
          return offset < m.ciphertext.offset;
        });
    const Noted* m = nullptr;
    if (next != inner.begin() && holds(*(next - 1), d)) {
      m = &*(next - 1);
    } else if (footer && holds(*footer, d)) {
      m = &*footer;
    }
    if (m == nullptr) continue;
    const uint64_t at = d.offset - m->ciphertext.offset;
    d.message += StrCat(" (plaintext bytes ", at, "..", at + d.length, " of ",
                        PlaceName(m->place), ", decrypted)");
  }
}

}  // namespace colcheck::parquet
