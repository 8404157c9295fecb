// Validates one ORC file: the tail, the Footer and Metadata, then each
// stripe's footer and streams, as deep as the level asks.

#ifndef COLCHECK_ORC_ORC_VALIDATOR_H_
#define COLCHECK_ORC_ORC_VALIDATOR_H_

#include <cstddef>
#include <span>
#include <string_view>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/pass_hooks.h"
#include "core/wire_decoder.h"
#include "orc/columns.h"
#include "orc/metadata.h"
#include "orc/tail.h"
#include "orc/types.h"

namespace colcheck::orc {

// Whether the file's first bytes (`head`) are the ORC header, or its last
// bytes (`tail`) end with the PostScript's magic just before psLen, so a
// file with a damaged header is still read as ORC.
bool HasOrcMagic(std::span<const std::byte> head,
                 std::span<const std::byte> tail);

// Sees what the validation pass decodes, for inspection (colcheck/inspect.h):
// the tail, then the Footer, then each stripe, in file order. Called only
// when set, so validation alone pays nothing. References are valid only
// during the call; the Footer's string views stay valid until ValidateOrc
// returns.
class Observer {
 public:
  virtual ~Observer() = default;
  // A trace for the pass to attach while it decodes `message`
  // ("postscript", then "footer"), or null for none. It must live until
  // the pass ends.
  virtual FieldTrace* MessageTrace(std::string_view /*message*/) {
    return nullptr;
  }
  // The tail as ReadTail left it: `read` is false when its sections could
  // not be located, and `tail` is then partial.
  virtual void Tail(const orc::Tail& tail, bool read) = 0;
  // The decoded Footer and its type tree.
  virtual void Footer(const orc::Footer& footer, const TypeTree& types) = 0;
  // The decoded Metadata: the statistics of each stripe. Not called when
  // the file has none or it does not decode.
  virtual void StripeStatistics(const Metadata& /*metadata*/) {}
  // Whether the observer wants each stripe's decoded ROW_INDEX streams
  // (RowIndexes), which costs a second decode of the index area.
  virtual bool WantsRowIndexes() const { return false; }
  // Stripe `index`'s ROW_INDEX streams, decoded, by column id; a column
  // whose stream is missing or did not decode has a null row_index. At the
  // pages and full levels only, after Stripe().
  virtual void RowIndexes(size_t /*index*/,
                          std::span<const RowIndex* const> /*columns*/) {}
  // Stripe `index`, whose extent the Footer gives without overflow:
  // `footer` is its decoded StripeFooter, or null when the level reads
  // none or it did not decode.
  virtual void Stripe(size_t index, const StripeInformation& info,
                      const StripeFooter* footer) = 0;
  // An observer of the column stage (orc/columns.h), which sees every
  // decoded value beside the value checks at the full level, or null (the
  // default). Asked once, after Footer().
  virtual ColumnObserver* Columns() { return nullptr; }
};

// Levels: kFooter reads the tail, Footer, Metadata and type tree; kPages
// adds every stripe footer, its stream directory and the compression
// framing of every stream; kFull decodes the streams' values. `hooks` give
// the observer and a release function, called with each stripe once it is
// checked.
PassOutcome ValidateOrc(const ByteReader& file, Level level,
                        DiagnosticSink& sink, const PassHooks& hooks = {});

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_ORC_VALIDATOR_H_
