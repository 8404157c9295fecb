// Column encryption, structure only (ORCv1.md "Column Encryption";
// orc_proto.proto Encryption, EncryptionVariant, StripeEncryptionVariant;
// orc-rules.md EN1-EN4).
//
// An encrypted file names its keys and variants in Footer.encryption; each
// variant encrypts the subtree of one root type with one key:
//
//   Footer.encryption { mask[], key[] {name, version, algorithm},
//                       variants[] {root, key, encrypted_key,
//                                   stripe_statistics[] (streams at T0),
//                                   file_statistics},
//                       key_provider }
//   StripeInformation { ..., encrypt_stripe_id, encrypted_local_keys[] }
//   StripeFooter      { streams[] (with ENCRYPTED_INDEX / ENCRYPTED_DATA
//                                  placeholders), ...,
//                       encryption[] {streams[], encoding[]} per variant }
//
// Each placeholder stands for the variants' streams of its area, whose
// bytes are ciphertext: only lengths and counts can be checked without the
// keys.

#ifndef COLCHECK_ORC_ENCRYPTION_H_
#define COLCHECK_ORC_ENCRYPTION_H_

#include <cstddef>
#include <vector>

#include "core/diagnostics.h"
#include "orc/indexes.h"
#include "orc/metadata.h"
#include "orc/tail.h"

namespace colcheck::orc {

// EN1, EN2 and EN4 on the file tail, and one note that the encrypted
// contents go unchecked.
void CheckFileEncryption(const Tail& tail, const Footer& footer,
                         DiagnosticSink& sink);

// Which columns (by type id) lie under an encryption variant's root; empty
// when the file has no encryption or the type tree is not valid.
std::vector<bool> EncryptedColumns(const IndexContext& context);

// EN3 on stripe `index`'s footer: one variant per Footer variant, and each
// placeholder as long as the variants' streams of its area.
void CheckStripeEncryption(const Footer& file_footer, size_t index,
                           const StripeFooter& footer, DiagnosticSink& sink);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_ENCRYPTION_H_
