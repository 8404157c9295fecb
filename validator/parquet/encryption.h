// Parquet Modular Encryption with keys (Encryption.md): the module layout,
// the AADs, and the ciphers, which OpenSSL runs.
//
//   GCM module:  | length (4, LE) | nonce (12) | ciphertext | tag (16) |
//   CTR module:  | length (4, LE) | nonce (12) | ciphertext |
//                  `length` counts the bytes after it (EC 5.1)
//
//   AAD := aad_prefix | aad_file_unique | module type (1 byte)
//          | row group ordinal (i16 LE) | column ordinal (i16 LE)
//          | page ordinal (i16 LE)
//   The footer's AAD stops after the type; only data pages and their
//   headers carry the page ordinal (EC 4.4.2).
//
// AES-GCM and AES-CTR keep lengths: plaintext byte i is ciphertext byte i.
// A decrypted module is read through a ByteReader over its plaintext whose
// offsets are those of its ciphertext, so a span a decoder gives points at
// the file bytes that encrypt the field, and a module nested in another
// (column metadata inside the encrypted footer) keeps file offsets too.

#ifndef COLCHECK_PARQUET_ENCRYPTION_H_
#define COLCHECK_PARQUET_ENCRYPTION_H_

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "parquet/metadata.h"

namespace colcheck::parquet {

inline constexpr uint64_t kModuleLengthSize = 4;
inline constexpr uint64_t kNonceSize = 12;
inline constexpr uint64_t kTagSize = 16;
// The largest ordinal an AAD's i16 can hold (EC 4.4.2).
inline constexpr uint64_t kMaxModuleOrdinal = 32767;

// The module types of the AAD suffix (EC 4.4.2).
enum class ModuleType : uint8_t {
  kFooter = 0,
  kColumnMetaData = 1,
  kDataPage = 2,
  kDictionaryPage = 3,
  kDataPageHeader = 4,
  kDictionaryPageHeader = 5,
  kColumnIndex = 6,
  kOffsetIndex = 7,
  kBloomFilterHeader = 8,
  kBloomFilterBitset = 9,
};

// Where a module belongs: what its AAD names.
struct ModulePlace {
  ModuleType type = ModuleType::kFooter;
  uint32_t row_group = 0;
  uint32_t column = 0;
  uint32_t page = 0;  // Data pages and data page headers only.

  bool operator==(const ModulePlace&) const = default;
};

// "the data page header of row group 0, column 2, page 3".
std::string PlaceName(const ModulePlace& place);

// Every module's AAD holds its row group and column ordinals as i16s (EC
// 4.4.2): past 32767 no reader can name them. Reports the first row group
// and the first column past the limit (encryption.ordinal-overflow).
void CheckModuleOrdinals(const FileMetaData& md, DiagnosticSink& sink);

// A key for some modules, and how diagnostics name it: never by its bytes.
struct ModuleKey {
  std::string_view bytes;  // Empty when no usable key was given.
  std::string name;        // `the key of column a.b (key id "kc1")`
};

// A module read and decrypted.
struct Module {
  ByteSpan whole;       // From the length through the tag.
  ByteSpan ciphertext;  // Plaintext byte i is encrypted at offset + i.
  // The plaintext, over the caller's buffer, at the ciphertext's offsets.
  ByteReader plaintext;
};

// Where a module lies and what bounds it.
struct ModuleSlot {
  uint64_t offset = 0;  // The length field.
  uint64_t end = 0;     // The module may not run past this.
  bool fills = false;   // The module must end exactly at `end`.
};

// The decryption state of one encrypted file and the keys given for it.
// Safe to use from the threads of one pass: the notes it keeps for
// Finish() take a lock.
class FileDecryption {
 public:
  // From the file's algorithm and the caller's keys. Returns null, after
  // reporting why, when no module can be decrypted: an unknown algorithm,
  // or an AAD prefix that the file does not store and the caller did not
  // give.
  static std::unique_ptr<FileDecryption> Make(
      const Spanned<EncryptionAlgorithm>& algorithm,
      const DecryptionKeys& keys, DiagnosticSink& sink);

  // The footer key: the given one, else the one whose key id is
  // `key_metadata`.
  ModuleKey FooterKey(const Spanned<Binary>& key_metadata) const;
  // The key of a chunk by its crypto_metadata: the footer key, or the
  // column key by key id, else by `path`.
  ModuleKey ChunkKey(const ColumnCryptoMetaData& crypto,
                     std::string_view path,
                     const Spanned<Binary>& footer_key_metadata) const;

  // The file's row groups and columns, for the search that places a
  // module whose tag fails.
  void SetShape(uint64_t row_groups, uint64_t columns) {
    row_groups_ = row_groups;
    columns_ = columns;
  }

  // The key chunk (row_group, column)'s modules are decrypted with, as the
  // pass set it once the chunk's metadata was read: null when the chunk is
  // not encrypted or cannot be decrypted.
  void SetChunkKey(size_t row_group, size_t column, ModuleKey key);
  const ModuleKey* chunk_key(size_t row_group, size_t column) const;

  // Reads the module in `slot` of `bytes` (the file, or the plaintext of
  // an enclosing module) and decrypts it with `key` and the AAD of
  // `place` into `buffer`. Returns false after reporting, under `field`,
  // why it cannot be read: its length, or a tag that fails.
  bool Open(const ByteReader& bytes, const ModuleSlot& slot,
            const ModuleKey& key, const ModulePlace& place,
            std::string_view field, DiagnosticSink& sink,
            std::vector<std::byte>* buffer, Module* out) const;

  // Whether a plaintext footer's 28-byte signature (nonce, then tag)
  // verifies: the tag of `footer` encrypted with the key, the nonce and
  // the footer's AAD (EC 5.5).
  bool VerifySignature(std::span<const std::byte> footer, ByteSpan signature,
                       const ByteReader& file, const ModuleKey& key) const;

  // Notes `padding`, the bytes after the Thrift structure in a decrypted
  // module of `type`. Finish() reports the first of each type, in file
  // order, with their count: parquet-mr pads every one.
  void NotePadding(ModuleType type, ByteSpan padding, std::string field) const;

  // Reports a module left unchecked for want of a key; the pass is then
  // not complete (Verdict::kEncrypted).
  void ReportKeyMissing(ByteSpan span, std::string field, std::string what,
                        const Spanned<Binary>& key_metadata,
                        DiagnosticSink& sink) const;
  bool unchecked() const { return unchecked_.load(); }

  // After the pass: reports nonces that two modules share, and tells each
  // diagnostic inside a module where in its plaintext it lies.
  void Finish(DiagnosticSink& sink) const;

 private:
  struct Noted {
    ModulePlace place;
    ByteSpan ciphertext;
  };
  struct NotedPadding {
    ModuleType type;
    ByteSpan span;
    std::string field;
  };
  struct NotedNonce {
    std::array<std::byte, kNonceSize> nonce;
    ByteSpan span;
  };

  FileDecryption(bool ctr_pages, std::string aad_file,
                 const DecryptionKeys& keys)
      : ctr_pages_(ctr_pages), aad_file_(std::move(aad_file)), keys_(keys) {}

  std::string Aad(const ModulePlace& place) const;
  bool UsesCtr(ModuleType type) const;
  bool Decrypt(std::string_view key, const ModulePlace& place,
               std::span<const std::byte> nonce,
               std::span<const std::byte> ciphertext,
               std::span<const std::byte> tag, std::byte* out) const;
  // After a tag fails: reports what the module is instead.
  void ReportFailure(const ModuleKey& key, const ModulePlace& place,
                     std::span<const std::byte> nonce,
                     std::span<const std::byte> ciphertext,
                     std::span<const std::byte> tag, ByteSpan whole,
                     std::string_view field, DiagnosticSink& sink,
                     std::byte* scratch) const;
  void ReportPaddings(DiagnosticSink& sink) const;
  void Note(const ModulePlace& place, ByteSpan ciphertext,
            std::span<const std::byte> nonce, ByteSpan nonce_span) const;
  // The key given for a key id, or empty.
  std::string_view KeyById(std::string_view id) const;

  const bool ctr_pages_;  // AES_GCM_CTR_V1: pages are AES-CTR.
  const std::string aad_file_;  // aad_prefix | aad_file_unique.
  const DecryptionKeys& keys_;
  uint64_t row_groups_ = 0;
  uint64_t columns_ = 0;
  std::vector<std::vector<ModuleKey>> chunk_keys_;
  mutable std::atomic<bool> unchecked_{false};
  mutable std::atomic<uint64_t> search_bytes_{0};
  mutable std::mutex mutex_;
  mutable std::vector<Noted> modules_;
  mutable std::vector<NotedNonce> nonces_;
  mutable std::vector<NotedPadding> paddings_;
};

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_ENCRYPTION_H_
