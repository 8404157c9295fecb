// Column encryption's structure (encryption.h).

#include "orc/encryption.h"

#include <string>

#include "core/strings.h"

namespace colcheck::orc {
namespace {

constexpr int64_t kAesCtr128 = 1;
constexpr int64_t kAesCtr256 = 2;
constexpr int64_t kAzure = 4;  // The last KeyProviderKind.

std::string VariantPath(size_t i) {
  return StrCat("footer.encryption.variants[", i, "]");
}

// EN1: what the variants and keys refer to.
void CheckReferences(const Encryption& e, size_t types, DiagnosticSink& sink) {
  const auto& variants = e.variants.value;
  for (size_t i = 0; i < variants.size(); ++i) {
    const EncryptionVariant& v = variants[i].value;
    if (!v.root.present || v.root.value >= types) {
      sink.Report(Code::kOrcEncryptionReference,
                  v.root.present ? v.root.span : variants[i].span,
                  VariantPath(i) + ".root",
                  StrCat("variant root ", v.root.value,
                         (v.root.present ? "" : " (absent)"),
                         " is not one of the ", types, " types"));
    }
    if (!v.key.present || v.key.value >= e.key.value.size()) {
      sink.Report(Code::kOrcEncryptionReference,
                  v.key.present ? v.key.span : variants[i].span,
                  VariantPath(i) + ".key",
                  StrCat("variant key ", v.key.value,
                         (v.key.present ? "" : " (absent)"),
                         " is not one of the ", e.key.value.size(), " keys"));
    }
  }
  const auto& keys = e.key.value;
  for (size_t i = 0; i < keys.size(); ++i) {
    const Spanned<int64_t>& a = keys[i].value.algorithm;
    const std::string path = StrCat("footer.encryption.key[", i, "].algorithm");
    if (!a.present || a.value == 0) {
      sink.Report(Code::kOrcEncryptionAlgorithmUnset,
                  a.present ? a.span : keys[i].span, path,
                  "the key names no algorithm");
    } else if (a.value != kAesCtr128 && a.value != kAesCtr256) {
      sink.Report(Code::kOrcEncryptionAlgorithm, a.span, path,
                  StrCat("algorithm ", a.value, " is unknown"));
    }
  }
}

// EN2: the encrypted stripe statistics fill the region before the
// Metadata exactly.
void CheckStripeStatisticsLength(const Tail& tail, const Encryption* e,
                                 DiagnosticSink& sink) {
  unsigned __int128 sum = 0;
  if (e != nullptr) {
    for (const auto& v : e->variants.value) {
      for (const auto& s : v.value.stripe_statistics.value) {
        sum += s.value.length.value;
      }
    }
  }
  const Spanned<uint64_t>& declared = tail.postscript.stripe_statistics_length;
  if (sum == declared.value) return;
  sink.Report(Code::kOrcEncryptionStripeStatisticsLength,
              declared.present ? declared.span : tail.postscript_bytes,
              "postscript.stripe_statistics_length",
              StrCat("stripe_statistics_length is ", declared.value,
                     " but the variants' stripe statistics streams add up to ",
                     static_cast<uint64_t>(sum), " bytes"));
}

// EN4: the first stripe starts the key sequence; a later one may replace
// every variant's key or none.
void CheckStripeKeys(const Footer& footer, size_t variants,
                     DiagnosticSink& sink) {
  const auto& stripes = footer.stripes.value;
  for (size_t i = 0; i < stripes.size(); ++i) {
    const StripeInformation& s = stripes[i].value;
    const size_t keys = s.encrypted_local_keys.value.size();
    const std::string path = StrCat("footer.stripes[", i, "]");
    if (i == 0 && !s.encrypt_stripe_id.present) {
      sink.Report(Code::kOrcEncryptionStripeKeys, stripes[i].span,
                  path + ".encrypt_stripe_id",
                  "the first stripe of an encrypted file has no "
                  "encrypt_stripe_id");
    }
    if ((i == 0 || keys != 0) && keys != variants) {
      sink.Report(
          Code::kOrcEncryptionStripeKeys,
          keys != 0 ? s.encrypted_local_keys.span : stripes[i].span,
          path + ".encrypted_local_keys",
          StrCat(keys, " encrypted local keys for ", variants, " variants"));
    }
  }
}

bool IsPlaceholder(int64_t kind) {
  return kind == kEncryptedIndex || kind == kEncryptedData;
}

bool IsIndexArea(int64_t kind) {
  return kind == kRowIndex || kind == kBloomFilter ||
         kind == kBloomFilterUtf8 || kind == kDictionaryCount ||
         kind == kEncryptedIndex;
}

}  // namespace

void CheckFileEncryption(const Tail& tail, const Footer& footer,
                         DiagnosticSink& sink) {
  const Encryption* e =
      footer.encryption.present ? &footer.encryption.value : nullptr;
  CheckStripeStatisticsLength(tail, e, sink);
  if (e == nullptr) return;
  CheckReferences(*e, footer.types.value.size(), sink);
  const Spanned<int64_t>& provider = e->key_provider;
  if (!provider.present || provider.value < 1 || provider.value > kAzure) {
    sink.Report(Code::kOrcEncryptionKeyProvider,
                provider.present ? provider.span : footer.encryption.span,
                "footer.encryption.key_provider",
                StrCat("key_provider ", provider.value,
                       " is not HADOOP, AWS, GCP or AZURE"));
  }
  const size_t variants = e->variants.value.size();
  if (variants == 0) return;
  CheckStripeKeys(footer, variants, sink);
  sink.Report(Code::kOrcEncryptionUnchecked, footer.encryption.whole(),
              "footer.encryption",
              StrCat(variants,
                     " encryption variants: their streams and statistics are "
                     "ciphertext and were not checked"));
}

std::vector<bool> EncryptedColumns(const IndexContext& context) {
  const Footer& footer = context.footer;
  const size_t types = footer.types.value.size();
  if (!footer.encryption.present || !context.types.valid ||
      context.types.parent.size() != types) {
    return {};
  }
  std::vector<bool> root(types, false);
  for (const auto& v : footer.encryption.value.variants.value) {
    if (v.value.root.value < types) root[v.value.root.value] = true;
  }
  // Pre-order: a parent's id is below its children's, so one pass suffices.
  std::vector<bool> out(types, false);
  for (size_t c = 0; c < types; ++c) {
    out[c] = root[c] || (c > 0 && out[context.types.parent[c]]);
  }
  return out;
}

void CheckStripeEncryption(const Footer& file_footer, size_t index,
                           const StripeFooter& footer, DiagnosticSink& sink) {
  const std::string path = StrCat("stripes[", index, "].footer");
  const auto& streams = footer.streams.value;
  if (!file_footer.encryption.present) {
    for (size_t i = 0; i < streams.size(); ++i) {
      if (!IsPlaceholder(streams[i].value.kind.value)) continue;
      sink.Report(Code::kOrcEncryptionPlaceholderUnencrypted,
                  streams[i].whole(), StrCat(path, ".streams[", i, "]"),
                  "an encrypted placeholder in a file without encryption");
    }
    if (!footer.encryption.value.empty()) {
      sink.Report(Code::kOrcEncryptionStripeVariants, footer.encryption.span,
                  path + ".encryption",
                  StrCat(footer.encryption.value.size(),
                         " encryption variants in a file without encryption"));
    }
    return;
  }
  const size_t variants = file_footer.encryption.value.variants.value.size();
  if (footer.encryption.value.size() != variants) {
    sink.Report(
        Code::kOrcEncryptionStripeVariants,
        footer.encryption.present ? footer.encryption.span
                                  : footer.streams.span,
        path + ".encryption",
        StrCat(footer.encryption.value.size(),
               " stripe encryption variants for ", variants, " file variants"));
  }
  // What each area's placeholders must cover: the variants' streams.
  unsigned __int128 want[2] = {0, 0};
  for (const auto& v : footer.encryption.value) {
    for (const auto& s : v.value.streams.value) {
      want[IsIndexArea(s.value.kind.value) ? 0 : 1] += s.value.length.value;
    }
  }
  unsigned __int128 have[2] = {0, 0};
  const Spanned<Stream>* first[2] = {nullptr, nullptr};
  for (const auto& s : streams) {
    if (!IsPlaceholder(s.value.kind.value)) continue;
    const int area = s.value.kind.value == kEncryptedIndex ? 0 : 1;
    have[area] += s.value.length.value;
    if (first[area] == nullptr) first[area] = &s;
  }
  const char* names[2] = {"ENCRYPTED_INDEX", "ENCRYPTED_DATA"};
  for (int area = 0; area < 2; ++area) {
    if (have[area] == want[area]) continue;
    const ByteSpan at = first[area] == nullptr
                            ? footer.streams.span
                            : (first[area]->value.length.present
                                   ? first[area]->value.length.span
                                   : first[area]->span);
    sink.Report(Code::kOrcEncryptionPlaceholderLength, at, path + ".streams",
                StrCat(names[area], " placeholders cover ",
                       static_cast<uint64_t>(have[area]),
                       " bytes but the variants' streams of the area have ",
                       static_cast<uint64_t>(want[area])));
  }
}

}  // namespace colcheck::orc
