// Finishing a file's layout: its leaf regions sorted, the bytes nothing
// claims turned into gaps, and the bytes claimed twice listed as overlaps,
// so that a renderer can account for every byte of the file.
//
//   regions:  | magic | page | page |  gap  | footer | len | magic |
//   overlaps: pairs (first, second) with the bytes both claim
//
// Region lengths sum to the file size plus the overlaps' lengths.

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/strings.h"
#include "inspect/inspect_internal.h"
#include "parquet/tail.h"

namespace colcheck::inspect {
namespace {

bool IsParquetMagic(std::string_view s) { return s == "PAR1" || s == "PARE"; }

Region MakeRegion(RegionKind kind, uint64_t offset, uint64_t length,
                  std::string field) {
  Region r;
  r.kind = kind;
  r.offset = offset;
  r.length = length;
  r.field = std::move(field);
  return r;
}

// Appends a gap for [begin, end) when it holds any byte.
void AddGap(uint64_t begin, uint64_t end, std::vector<Region>* out) {
  if (end > begin) out->push_back(MakeRegion(RegionKind::kGap, begin,
                                             end - begin, ""));
}

}  // namespace

void AddTailRegions(const ByteReader& file, bool footer_known,
                    std::vector<Region>* regions) {
  using parquet::kMagicSize;
  const uint64_t size = file.size();
  if (size >= kMagicSize && IsParquetMagic(AsChars(file.Bytes({0, 4})))) {
    regions->push_back(MakeRegion(RegionKind::kMagic, 0, 4, "magic"));
  }
  // The tail magic must not share bytes with the leading one.
  if (size < 2 * kMagicSize ||
      !IsParquetMagic(AsChars(file.Bytes({size - 4, 4})))) {
    return;
  }
  regions->push_back(
      MakeRegion(RegionKind::kTailMagic, size - 4, 4, "tail_magic"));
  if (size < 3 * kMagicSize) return;
  regions->push_back(
      MakeRegion(RegionKind::kFooterLength, size - 8, 4, "footer_length"));
  if (footer_known) return;
  ByteReader tail;
  uint32_t length = 0;
  if (!file.Sub(size - 8, 4, &tail) || !tail.ReadU32LE(&length)) return;
  // A length that reaches into the leading magic places no footer.
  if (length == 0 || length > size - 3 * kMagicSize) return;
  regions->push_back(
      MakeRegion(RegionKind::kFooter, size - 8 - length, length, "footer"));
}

void FinishLayout(std::vector<Region> leaves, Layout* layout) {
  std::erase_if(leaves, [](const Region& r) { return r.length == 0; });
  std::stable_sort(leaves.begin(), leaves.end(),
                   [](const Region& a, const Region& b) {
                     return a.offset < b.offset;
                   });
  std::vector<Region>& out = layout->regions;
  out.clear();
  out.reserve(leaves.size() + leaves.size() / 2 + 2);
  layout->overlaps.clear();
  // The bytes before covered_end are claimed; `owner` claims the last of
  // them. Every earlier region starts at or before the current one, so the
  // current one's already-claimed bytes are exactly [offset, covered_end).
  uint64_t covered_end = 0;
  size_t owner = 0;
  for (Region& r : leaves) {
    AddGap(covered_end, r.offset, &out);
    const uint64_t end = r.offset + r.length;
    const size_t index = out.size();
    if (r.offset < covered_end) {
      layout->overlaps.push_back(
          {owner, index, r.offset, std::min(end, covered_end) - r.offset});
    }
    out.push_back(std::move(r));
    if (end > covered_end) {
      covered_end = end;
      owner = index;
    }
  }
  AddGap(covered_end, layout->file_size, &out);
}

}  // namespace colcheck::inspect
