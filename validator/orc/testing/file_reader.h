// The driver's first steps, for the tests and benchmarks that run one
// stage alone over a whole file: the Footer and a stripe's footer, each
// decompressed and decoded as ValidateOrc does. The messages hold views
// into the decoded bytes, so each function fills a DecodedRegion the
// caller keeps.

#ifndef COLCHECK_ORC_TESTING_FILE_READER_H_
#define COLCHECK_ORC_TESTING_FILE_READER_H_

#include <string_view>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "orc/compression.h"
#include "orc/metadata.h"
#include "orc/metadata_decoder.h"
#include "orc/tail.h"
#include "protobuf/wire_reader.h"

namespace colcheck::orc::testing {

// Decompresses the metadata region `span` of `file` into `bytes`.
inline bool DecodeMessageRegion(const ByteReader& file, const Tail& tail,
                                ByteSpan span, std::string_view field,
                                RegionDecoder& regions, DiagnosticSink& sink,
                                DecodedRegion* bytes) {
  ByteReader region;
  return file.Sub(span.offset, span.length, &region) &&
         regions.DecodeRegion(region, tail.compression, tail.block_size,
                              RegionUse::kMessage, sink, field, bytes);
}

// The Footer that `tail` (already read) points at.
inline bool ReadFooter(const ByteReader& file, const Tail& tail,
                       RegionDecoder& regions, DiagnosticSink& sink,
                       DecodedRegion* bytes, Footer* footer) {
  if (!DecodeMessageRegion(file, tail, tail.footer, "footer", regions, sink,
                           bytes)) {
    return false;
  }
  protobuf::Decoder d(bytes->reader(), bytes->map(), &sink);
  return DecodeFooter(d, footer);
}

// The stripe footer at `span`.
inline bool ReadStripeFooter(const ByteReader& file, const Tail& tail,
                             ByteSpan span, RegionDecoder& regions,
                             DiagnosticSink& sink, DecodedRegion* bytes,
                             StripeFooter* stripe_footer) {
  if (!DecodeMessageRegion(file, tail, span, "stripe footer", regions, sink,
                           bytes)) {
    return false;
  }
  protobuf::Decoder d(bytes->reader(), bytes->map(), &sink);
  return DecodeStripeFooter(d, stripe_footer);
}

}  // namespace colcheck::orc::testing

#endif  // COLCHECK_ORC_TESTING_FILE_READER_H_
