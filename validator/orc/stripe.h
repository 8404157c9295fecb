// A stripe's footer and its stream directory (ORCv1.md "Stripes", "Stripe
// Footer", "Column Encodings"; orc-rules.md SF2-SF11, F8).
//
//   stripe.offset
//   |<------- index_length ------->|<--------- data_length --------->|<- footer_length ->|
//   +---------+---------+----------+--------+--------+------+--------+-------------------+
//   |ROW_INDEX|BLOOM_..|ENCRYPTED_|PRESENT | DATA   | ...  |ENCRYPT.| StripeFooter      |
//   | col 0   | col 1  |INDEX     | col 1  | col 1  |      |_DATA   | (streams, columns,|
//   +---------+---------+----------+--------+--------+------+--------+  writer_timezone) |
//                                                                    +-------------------+
//
// Streams carry no offsets: each starts where the streams listed before it
// end. The Java reader lays out the index area first and skips encrypted
// placeholders, the C++ reader walks the list in order, so the two agree
// only when the list is already in area order (SF4).

#ifndef COLCHECK_ORC_STRIPE_H_
#define COLCHECK_ORC_STRIPE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "orc/metadata.h"
#include "orc/types.h"

namespace colcheck::orc {

// One stream of the stripe's directory, placed in the file.
struct StreamRegion {
  int64_t kind = 0;     // StreamKind
  uint32_t column = 0;
  ByteSpan bytes;       // Where the stream lies in the file.
  size_t index = 0;     // Its position in StripeFooter.streams.
};

struct StripeLayout {
  // Every stream is placed, inside its area, with a known kind and column,
  // and every column's encoding is known: the streams can be decoded.
  bool readable = false;
  std::vector<StreamRegion> streams;
};

// What the stripe checks need from the file as a whole.
struct StripeContext {
  const Footer& footer;
  const TypeTree& types;
  // PostScript.version is UNSTABLE-PRE-2.0, whose DECIMAL(p<=18) columns
  // have no SECONDARY stream.
  bool decimal64 = false;
};

// Checks stripe `index`'s footer against its StripeInformation and the
// types, and places its streams. Field paths start at "stripes[<index>]".
StripeLayout CheckStripeFooter(const StripeContext& context, size_t index,
                               const StripeInformation& stripe,
                               const StripeFooter& footer,
                               ByteSpan footer_span, DiagnosticSink& sink);

// SF11 across stripes: reports writer_timezone problems once per file.
// Readers apply the zone to TIMESTAMP values only (TIMESTAMP_INSTANT is
// UTC), so a zone they cannot resolve harms only files with such columns.
class TimezoneCheck {
 public:
  explicit TimezoneCheck(const Footer& footer);
  void Add(const StripeFooter& footer, size_t stripe, DiagnosticSink& sink);
  // At the end: a file with TIMESTAMP columns and no time zone anywhere.
  void Finish(ByteSpan footer_span, DiagnosticSink& sink) const;

 private:
  bool has_timestamp_ = false;
  bool has_stripes_ = false;
  std::optional<std::string> first_;
  bool changed_reported_ = false;
  bool invalid_reported_ = false;
};

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_STRIPE_H_
