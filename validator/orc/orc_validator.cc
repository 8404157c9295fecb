// The ORC validation driver: decode each region, then run its rules, and go
// deeper only while what the deeper stage relies on holds.

#include "orc/orc_validator.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/known_bugs.h"
#include "core/strings.h"
#include "orc/column_names.h"
#include "orc/columns.h"
#include "orc/compression.h"
#include "orc/footer.h"
#include "orc/indexes.h"
#include "orc/metadata_decoder.h"
#include "orc/row_index.h"
#include "orc/stripe.h"
#include "orc/tail.h"
#include "orc/types.h"
#include "protobuf/wire_reader.h"

namespace colcheck::orc {
namespace {

// Hands the column stage's values to the value checks, then to an
// observer's Columns().
class ColumnTee final : public ColumnObserver {
 public:
  ColumnTee(std::unique_ptr<ColumnObserver> checks, ColumnObserver* other)
      : checks_(std::move(checks)), other_(other) {}

  void BeginStripe(size_t stripe, const StripeData& data) override {
    checks_->BeginStripe(stripe, data);
    other_->BeginStripe(stripe, data);
  }
  void OnSlots(const SlotBatch& batch) override {
    checks_->OnSlots(batch);
    other_->OnSlots(batch);
  }
  void OnUnstoredSlots(uint32_t column, uint64_t first_group,
                       uint64_t row_groups, uint64_t slots_per_group) override {
    checks_->OnUnstoredSlots(column, first_group, row_groups, slots_per_group);
    other_->OnUnstoredSlots(column, first_group, row_groups, slots_per_group);
  }
  void OnDictionary(const DictionaryView& dictionary) override {
    checks_->OnDictionary(dictionary);
    other_->OnDictionary(dictionary);
  }
  void EndStripe(size_t stripe, bool complete) override {
    checks_->EndStripe(stripe, complete);
    other_->EndStripe(stripe, complete);
  }

 private:
  std::unique_ptr<ColumnObserver> checks_;
  ColumnObserver* other_;
};

class OrcValidator {
 public:
  OrcValidator(const ByteReader& file, Level level, DiagnosticSink& sink,
               const PassHooks& hooks)
      : file_(file),
        level_(level),
        sink_(sink),
        hooks_(hooks),
        observer_(hooks.orc_observer) {}

  // Validates, then names the known writer bugs behind what was found.
  void Run() {
    Validate();
    ExplainKnownBugs(Writer(), nullptr, sink_);
  }

 private:
  void Validate() {
    // The header magic, and psLen and the PostScript it gives the length
    // of (at most 255 bytes).
    const uint64_t tail = std::min<uint64_t>(file_.size(), 256);
    hooks_.Fetch({0, kHeaderLength});
    hooks_.Fetch({file_.size() - tail, tail});
    const bool tail_read =
        ReadTail(file_, sink_, &tail_, MessageTrace("postscript"));
    if (observer_ != nullptr) observer_->Tail(tail_, tail_read);
    if (!tail_read) return;
    if (!DecodeRegionMessageInto(sink_, tail_.footer, "footer", DecodeFooter,
                                 &footer_, &footer_bytes_, /*stripe=*/-1,
                                 MessageTrace("footer"))) {
      return;
    }
    const TypeTree types = CheckTypes(footer_, sink_);
    if (observer_ != nullptr) observer_->Footer(footer_, types);
    CheckBelowTypes(types);
    // Last, so that every diagnostic is named.
    ColumnNamer(footer_, types).NameColumns(sink_.diagnostics());
  }

  FieldTrace* MessageTrace(std::string_view message) const {
    return observer_ != nullptr ? observer_->MessageTrace(message) : nullptr;
  }

  // What the tail and Footer say about the writer; a part that did not
  // decode reads as absent.
  WriterIdentity Writer() const {
    WriterIdentity writer;
    writer.format = Format::kOrc;
    if (footer_.writer.present) writer.orc_writer = footer_.writer.value;
    writer.orc_writer_version = tail_.postscript.writer_version.value;
    writer.has_software_version = footer_.software_version.present;
    if (writer.has_software_version) {
      writer.software_version = ParseVersion(footer_.software_version.value);
    }
    return writer;
  }

  // Decompresses `region` and decodes one message from it with `decode`,
  // named `name` in field paths. `keep` holds the decoded bytes the model's
  // strings point into.
  template <typename Message>
  bool DecodeRegionMessage(ByteSpan region, std::string_view name,
                           bool (*decode)(protobuf::Decoder&, Message*),
                           Message* out, DecodedRegion* keep,
                           int64_t stripe = -1) {
    return DecodeRegionMessageInto(sink_, region, name, decode, out, keep,
                                   stripe);
  }
  // The same, reporting into `sink`, with `trace` attached to the decode.
  template <typename Message>
  bool DecodeRegionMessageInto(DiagnosticSink& sink, ByteSpan region,
                               std::string_view name,
                               bool (*decode)(protobuf::Decoder&, Message*),
                               Message* out, DecodedRegion* keep,
                               int64_t stripe, FieldTrace* trace = nullptr) {
    hooks_.Fetch(region);
    ByteReader bytes;
    if (!file_.Sub(region.offset, region.length, &bytes)) return false;
    const std::string field =
        stripe < 0 ? std::string(name) : StrCat("stripes[", stripe, "].", name);
    if (!regions_.DecodeRegion(bytes, tail_.compression, tail_.block_size,
                               RegionUse::kMessage, sink, field, keep)) {
      return false;
    }
    protobuf::Decoder d(keep->reader(), keep->map(), &sink);
    d.set_trace(trace);
    if (stripe >= 0) {
      d.PushName("stripes");
      d.PushIndex(stripe);
    }
    d.PushName(name);
    return decode(d, out);
  }

  // Everything the footer's types lead to: the footer's other rules, the
  // metadata and, as deep as the level goes, the stripes.
  void CheckBelowTypes(const TypeTree& types) {
    const bool stripes_ok = CheckFooter(footer_, tail_, sink_);
    const bool metadata = CheckMetadata();
    const IndexContext index{tail_, footer_, metadata ? &metadata_ : nullptr,
                             types};
    if (types.valid) CheckFileStatistics(index, sink_);
    if (level_ == Level::kFooter || !stripes_ok) {
      ObserveUncheckedStripes();
      return;
    }
    CheckStripes(types, index);
  }

  // The stripe footers a stripe check reads, where no check runs: at the
  // footer level (none), or past a stripe directory the Footer's rules
  // found unusable (each footer that decodes, with its faults dropped, as
  // the footer rules already failed the file). Only for an observer.
  void ObserveUncheckedStripes() {
    if (observer_ == nullptr) return;
    DiagnosticSink scratch = DiagnosticSink::Counting();
    const auto& stripes = footer_.stripes.value;
    for (size_t i = 0; i < stripes.size(); ++i) {
      const StripeInformation& info = stripes[i].value;
      uint64_t end = 0;
      if (!StripeEnd(info, &end)) continue;
      StripeFooter footer;
      DecodedRegion footer_bytes;
      const bool decoded =
          level_ != Level::kFooter &&
          DecodeRegionMessageInto(scratch, StripeFooterSpan(info, end),
                                  "footer", DecodeStripeFooter, &footer,
                                  &footer_bytes, static_cast<int64_t>(i));
      observer_->Stripe(i, info, decoded ? &footer : nullptr);
    }
  }

  static ByteSpan StripeFooterSpan(const StripeInformation& info,
                                   uint64_t end) {
    return {end - info.footer_length.value, info.footer_length.value};
  }

  // ST1: the Metadata section, when the file has one. Returns whether it
  // decoded.
  bool CheckMetadata() {
    if (tail_.metadata.length == 0) return false;
    if (!DecodeRegionMessage(tail_.metadata, "metadata", DecodeMetadata,
                             &metadata_, &metadata_bytes_)) {
      return false;
    }
    CheckMetadataCounts(metadata_, footer_, tail_, sink_);
    if (observer_ != nullptr) observer_->StripeStatistics(metadata_);
    return true;
  }

  void CheckStripes(const TypeTree& types, const IndexContext& index) {
    const auto& version = tail_.postscript.version.value;
    const StripeContext context{footer_, types,
                                version.size() == 2 && version[0].value == 1 &&
                                    version[1].value == 9999};
    TimezoneCheck timezones(footer_);
    std::unique_ptr<ColumnObserver> values;
    if (level_ == Level::kFull && types.valid) {
      values = MakeValueChecker(index, sink_);
      ColumnObserver* other =
          observer_ != nullptr ? observer_->Columns() : nullptr;
      if (other != nullptr) {
        values = std::make_unique<ColumnTee>(std::move(values), other);
      }
    }
    const ColumnContext columns{footer_, types, context};
    const auto& stripes = footer_.stripes.value;
    for (size_t i = 0; i < stripes.size(); ++i) {
      const StripeInformation& info = stripes[i].value;
      uint64_t end = 0;
      if (!StripeEnd(info, &end)) continue;  // Reported by CheckFooter.
      const ByteSpan footer_span = StripeFooterSpan(info, end);
      StripeFooter footer;
      DecodedRegion footer_bytes;
      const bool decoded =
          DecodeRegionMessage(footer_span, "footer", DecodeStripeFooter,
                              &footer, &footer_bytes, static_cast<int64_t>(i));
      if (observer_ != nullptr) {
        observer_->Stripe(i, info, decoded ? &footer : nullptr);
      }
      if (decoded) {
        CheckStripe(i, info, footer, footer_span, context, index, columns,
                    values.get(), timezones);
      }
      if (hooks_.release)
        hooks_.release({info.offset.value, end - info.offset.value});
    }
    timezones.Finish(tail_.footer, sink_);
  }

  void CheckStripe(size_t i, const StripeInformation& info,
                   const StripeFooter& footer, ByteSpan footer_span,
                   const StripeContext& context, const IndexContext& index,
                   const ColumnContext& columns, ColumnObserver* values,
                   TimezoneCheck& timezones) {
    timezones.Add(footer, i, sink_);
    const StripeLayout layout =
        CheckStripeFooter(context, i, info, footer, footer_span, sink_);
    if (!layout.readable) return;
    // The streams end where the stripe's footer starts.
    StripeStreams streams(*this, i, layout, footer_span.offset);
    // The index streams first: the value checker reads them for the whole
    // stripe. Each column's data streams are then decoded when the column
    // stage reaches the column, and dropped after it, and the ones it does
    // not read are decoded (for their framing) and dropped here. The index
    // checks need only the streams' chunk maps.
    streams.DecodeIndexes();
    if (observer_ != nullptr && observer_->WantsRowIndexes()) {
      ObserveRowIndexes(index, i, streams.data());
    }
    if (level_ == Level::kFull) {
      ReadStripeColumns(columns, i, info, footer, streams.data(), values, sink_,
                        &streams);
    }
    streams.DecodeRest();
    CheckStripeIndexes(index, i, info, footer, streams.data(), sink_);
  }

  // Hands the stripe's decoded row indexes to the observer; faults are the
  // index checks' to report.
  void ObserveRowIndexes(const IndexContext& index, size_t i,
                         const StripeData& data) {
    const StripeIndexes indexes = DecodeStripeIndexes(index, i, data, nullptr);
    std::vector<const RowIndex*> columns;
    columns.reserve(indexes.columns.size());
    for (const ColumnIndexes& c : indexes.columns) {
      columns.push_back(c.row_index);
    }
    observer_->RowIndexes(i, columns);
  }

  // A stripe's streams, decoded (C2-C6) and dropped as the stripe's checks
  // go: StripeData::streams is filled one stream at a time.
  class StripeStreams final : public StreamLoader {
   public:
    StripeStreams(OrcValidator& validator, size_t stripe,
                  const StripeLayout& layout, uint64_t streams_end)
        : validator_(validator),
          stripe_(stripe),
          streams_end_(streams_end),
          done_(layout.streams.size()) {
      data_.layout = &layout;
      data_.streams.resize(layout.streams.size());
    }

    const StripeData& data() const { return data_; }

    void DecodeIndexes() {
      for (size_t i = 0; i < done_.size(); ++i) {
        if (IsIndex(data_.layout->streams[i].kind)) Decode(i);
      }
    }
    void Load(uint32_t column) override {
      for (size_t i = 0; i < done_.size(); ++i) {
        if (data_.layout->streams[i].column == column) Decode(i);
      }
    }
    void Unload(uint32_t column) override {
      for (size_t i = 0; i < done_.size(); ++i) {
        const StreamRegion& s = data_.layout->streams[i];
        if (s.column == column && !IsIndex(s.kind)) Drop(i);
      }
    }
    // The streams no column read: decoded for their framing, then dropped.
    void DecodeRest() {
      for (size_t i = 0; i < done_.size(); ++i) {
        if (done_[i]) continue;
        Decode(i);
        if (!IsIndex(data_.layout->streams[i].kind)) Drop(i);
      }
    }

   private:
    static bool IsIndex(int64_t kind) {
      return kind == kRowIndex || kind == kBloomFilter ||
             kind == kBloomFilterUtf8;
    }

    // Decompresses stream `i` once, checking its framing. Encrypted
    // placeholders hold the variants' streams, whose bytes are ciphertext:
    // their framing cannot be read without the keys.
    void Decode(size_t i) {
      if (done_[i]) return;
      done_[i] = true;
      const StreamRegion& stream = data_.layout->streams[i];
      if (stream.kind == kEncryptedIndex || stream.kind == kEncryptedData) {
        return;
      }
      ByteReader bytes;
      OrcValidator& v = validator_;
      v.hooks_.Fetch(stream.bytes, std::max(streams_end_, stream.bytes.end()));
      if (!v.file_.Sub(stream.bytes.offset, stream.bytes.length, &bytes)) {
        return;
      }
      (void)v.regions_.DecodeRegion(
          bytes, v.tail_.compression, v.tail_.block_size, RegionUse::kStream,
          v.sink_, StrCat("stripes[", stripe_, "].streams[", stream.index, "]"),
          &data_.streams[i]);
    }

    // Frees stream `i`'s decoded bytes, and the file pages they came from.
    void Drop(size_t i) {
      data_.streams[i].DropBytes();
      const PassHooks& hooks = validator_.hooks_;
      if (hooks.release) hooks.release(data_.layout->streams[i].bytes);
    }

    OrcValidator& validator_;
    const size_t stripe_;
    const uint64_t streams_end_;
    StripeData data_;
    std::vector<bool> done_;
  };

  const ByteReader& file_;
  const Level level_;
  DiagnosticSink& sink_;
  const PassHooks& hooks_;
  Observer* const observer_;
  RegionDecoder regions_;
  Tail tail_;
  Footer footer_;
  DecodedRegion footer_bytes_;
  Metadata metadata_;
  DecodedRegion metadata_bytes_;
};

}  // namespace

bool HasOrcMagic(std::span<const std::byte> head,
                 std::span<const std::byte> tail) {
  constexpr std::string_view kMagic = "ORC";
  if (AsChars(head).starts_with(kMagic)) return true;
  return tail.size() >= kMagic.size() + 1 &&
         AsChars(tail.last(kMagic.size() + 1)).starts_with(kMagic);
}

PassOutcome ValidateOrc(const ByteReader& file, Level level,
                        DiagnosticSink& sink, const PassHooks& hooks) {
  OrcValidator(file, level, sink, hooks).Run();
  return {};
}

}  // namespace colcheck::orc
