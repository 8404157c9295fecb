// The pieces of InspectBytes (inspect.cc): the file's layout finished into
// sorted, gap-free regions (inspect_layout.cc), and the schema and column
// summaries rebuilt from the decoded footer (inspect_model.cc).

#ifndef COLCHECK_INSPECT_INSPECT_INTERNAL_H_
#define COLCHECK_INSPECT_INSPECT_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "colcheck/inspect.h"
#include "core/byte_reader.h"
#include "core/limits.h"
#include "orc/orc_validator.h"
#include "parquet/metadata.h"
#include "parquet/schema.h"

namespace colcheck::inspect {

// The caps of one inspection. InspectBytes uses these; tests lower them to
// reach them.
struct InspectLimits {
  // Page regions (Parquet) or stream regions (ORC) recorded; past them
  // Layout::capped is set, and the rest of each chunk or stripe is one
  // chunk-rest or stripe-rest region.
  size_t regions = limits::kMaxInspectPages;
  // Nodes of Inspection::footer; past them footer_capped is set.
  size_t field_nodes = limits::kMaxFieldNodes;
};

// Appends the regions of a Parquet file's ends that its bytes alone show:
// the leading magic, the tail magic and footer length, and, when no decoded
// footer placed it (`footer_known` false), the footer the length declares.
void AddTailRegions(const ByteReader& file, bool footer_known,
                    std::vector<Region>* regions);

// Sorts `leaves` (regions that each lie inside the file) by offset, fills
// every byte no region covers with a kGap region, and lists the overlaps
// so that each byte covered k times is counted k - 1 times in them.
// O(n log n) in the number of regions.
void FinishLayout(std::vector<Region> leaves, Layout* layout);

// Schema::fields from FileMetaData.schema placed by `tree`.
Schema BuildSchema(const parquet::FileMetaData& md,
                   const parquet::SchemaTree& tree);

// One summary per leaf column from the footer's chunks; the page counts
// are left to the page walk.
std::vector<ColumnSummary> SummarizeColumns(const parquet::FileMetaData& md,
                                            const Schema& schema);

// Statistics typed by the leaf `leaf` (null when the schema has no such
// leaf: values then stay bytes).
ColumnStatistics ParquetStatistics(const Spanned<parquet::Statistics>& stats,
                                   const SchemaField* leaf);
// ColumnSummary::min and max from the chunks' typed statistics.
void SummarizeBounds(const std::vector<ChunkExtent>& chunks,
                     std::vector<ColumnSummary>* columns);

// ORC statistics, typed by the submessage the writer filled.
ColumnStatistics OrcStatistics(const Spanned<orc::ColumnStatistics>& stats);

// What one format's half of an inspection does once the pass is over. The
// pass feeds only the observer of the format it reads, and the inspection
// finishes that format's collector.
class PassCollector {
 public:
  virtual ~PassCollector() = default;
  // Completes the footer fields and the layout.
  virtual void Finish() = 0;
  // limits.inspect-regions' message, for a layout capped at `regions`.
  virtual std::string RegionCapMessage(size_t regions) const = 0;
};

// The ORC half of an inspection (inspect_orc.cc): an observer of the
// validation pass that records the layout, type tree and file fields, and,
// with options.footer_fields, the PostScript's and Footer's protobuf
// fields, within `limits`. Leaves out->report alone.
class OrcInspector : public orc::Observer, public PassCollector {};
std::unique_ptr<OrcInspector> MakeOrcInspector(const ByteReader& file,
                                               const InspectOptions& options,
                                               const InspectLimits& limits,
                                               Inspection* out);

// InspectBytes within other limits.
Inspection InspectWithLimits(std::span<const std::byte> data,
                             const InspectOptions& options,
                             const InspectLimits& limits);

}  // namespace colcheck::inspect

#endif  // COLCHECK_INSPECT_INSPECT_INTERNAL_H_
