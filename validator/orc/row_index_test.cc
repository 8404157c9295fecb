// Row index rules (orc-rules.md RI2-RI5): each test breaks one rule of a
// valid hand-built file with a row index and asserts code and exact span.

#include "orc/row_index.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/testing/index_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc::testing {
namespace {

// BaseFile (a = 1, 5, 3) at stride 2: groups {1, 5} and {3}. Streams:
// 0 ROW_INDEX c0, 1 ROW_INDEX c1, 2 DATA c1. `c1` entries replace the
// column's; `marks` receives the ROW_INDEX c1 writer.
IndexFile Indexed(const std::vector<ProtoWriter>& c1, ProtoWriter* marks,
                  int64_t compression = kNone) {
  IndexFile f = BaseFile();
  f.stride = 2;
  f.compression = compression;
  IndexStripe& s = f.stripes[0];
  const std::string data = s.streams[0].bytes;
  s.streams.clear();
  s.Add(kRowIndex, 0,
        RowIndexBytes({Entry({}, Stats(2)), Entry({}, Stats(1))}));
  s.Add(kRowIndex, 1, RowIndexBytes(c1, marks));
  s.Add(kData, 1, data);
  return f;
}

std::vector<ProtoWriter> GoodEntries() {
  return {Entry({0, 0}, IntStats(2, 1, 5, 6)),
          Entry({0, 2}, IntStats(1, 3, 3, 3))};
}

TEST(OrcRowIndexTest, IndexedFileIsClean) {
  ProtoWriter marks;
  IndexFile f = Indexed(GoodEntries(), &marks);
  const auto ds = Check(f.Build(), Level::kFull);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcRowIndexTest, EntryCount) {
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0}, IntStats(3, 1, 5, 9))}, &marks);
  const std::string bytes = f.Build();
  EXPECT_THAT(
      Check(bytes, Level::kPages),
      ElementsAre(IsDiagnostic(Code::kOrcIndexEntryCount, f.StreamSpan(0, 1))));
}

TEST(OrcRowIndexTest, PositionCount) {
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0}, IntStats(2, 1, 5, 6)),
                         Entry({0, 2, 0}, IntStats(1, 3, 3, 3))},
                        &marks);
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes, Level::kPages),
              ElementsAre(IsDiagnostic(
                  Code::kOrcIndexPositionCount,
                  f.StreamMark(0, 1, marks, "entry[1].positions"))));
}

TEST(OrcRowIndexTest, EmptyFirstEntryIsAWarning) {
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({}, IntStats(2, 1, 5, 6)),
                         Entry({0, 2}, IntStats(1, 3, 3, 3))},
                        &marks);
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kPages);
  EXPECT_THAT(ds,
              ElementsAre(IsDiagnostic(Code::kOrcIndexFirstEntryEmpty,
                                       f.StreamMark(0, 1, marks, "entry[0]"))));
  EXPECT_FALSE(Check(bytes, Level::kPages).empty());
}

TEST(OrcRowIndexTest, BytePositionPastTheStream) {
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0}, IntStats(2, 1, 5, 6)),
                         Entry({5, 0}, IntStats(1, 3, 3, 3))},
                        &marks);
  const std::string bytes = f.Build();
  const ByteSpan positions = f.StreamMark(0, 1, marks, "entry[1].positions");
  EXPECT_THAT(Check(bytes, Level::kPages),
              ElementsAre(IsDiagnostic(Code::kOrcIndexPositionOutOfRange,
                                       ByteSpan({positions.offset, 1}))));
}

TEST(OrcRowIndexTest, ChunkStartNotABoundary) {
  // The DATA stream in chunks of 2 bytes: chunks start at 0 and 5.
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0, 0}, IntStats(2, 1, 5, 6)),
                         Entry({1, 0, 0}, IntStats(1, 3, 3, 3))},
                        &marks, kZlib);
  f.block_size = 2;
  const std::string bytes = f.Build();
  const ByteSpan positions = f.StreamMark(0, 1, marks, "entry[1].positions");
  EXPECT_THAT(Check(bytes, Level::kPages),
              ElementsAre(IsDiagnostic(Code::kOrcIndexPositionOutOfRange,
                                       ByteSpan({positions.offset, 1}))));
}

TEST(OrcRowIndexTest, OffsetPastTheChunk) {
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0, 0}, IntStats(2, 1, 5, 6)),
                         Entry({5, 3, 0}, IntStats(1, 3, 3, 3))},
                        &marks, kZlib);
  f.block_size = 2;
  const std::string bytes = f.Build();
  const ByteSpan positions = f.StreamMark(0, 1, marks, "entry[1].positions");
  EXPECT_THAT(Check(bytes, Level::kPages),
              ElementsAre(IsDiagnostic(Code::kOrcIndexPositionOutOfRange,
                                       ByteSpan({positions.offset + 1, 1}))));
}

// A PRESENT stream that is one chunk of length 0 (Hive's all-nulls columns,
// TestOrcFile.Hive.AllNulls.orc): chunk start 0 is that chunk's start, so
// positions (0, 0) are valid, and an offset into it is not.
IndexFile WithEmptyChunkPresent(const std::vector<ProtoWriter>& c1,
                                ProtoWriter* marks) {
  IndexFile f = Indexed(c1, marks, kZlib);
  IndexStripe& s = f.stripes[0];
  s.streams.insert(s.streams.begin() + 2, {kPresent, 1, ""});
  s.streams[2].empty_chunk = true;
  return f;
}

TEST(OrcRowIndexTest, PositionAtAnEmptyChunkIsAChunkStart) {
  ProtoWriter marks;
  IndexFile f = WithEmptyChunkPresent(
      {Entry({0, 0, 0, 0, 0, 0, 0}, IntStats(2, 1, 5, 6)),
       Entry({0, 0, 0, 0, 0, 2, 0}, IntStats(1, 3, 3, 3))},
      &marks);
  const auto ds = Check(f.Build(), Level::kPages);
  for (const Diagnostic& d : ds) {
    EXPECT_NE(d.code, Code::kOrcIndexPositionOutOfRange) << Describe(ds);
  }
  EXPECT_THAT(ds,
              ElementsAre(IsDiagnostic(Code::kOrcCompressionEmptyChunkSkipped,
                                       f.StreamSpan(0, 2))));
}

TEST(OrcRowIndexTest, OffsetIntoAnEmptyChunk) {
  ProtoWriter marks;
  IndexFile f = WithEmptyChunkPresent(
      {Entry({0, 0, 0, 0, 0, 0, 0}, IntStats(2, 1, 5, 6)),
       Entry({0, 1, 0, 0, 0, 2, 0}, IntStats(1, 3, 3, 3))},
      &marks);
  const std::string bytes = f.Build();
  const ByteSpan positions = f.StreamMark(0, 1, marks, "entry[1].positions");
  // Not alone: the file also gets orc-compression.empty-chunk-skipped.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kPages),
                            Code::kOrcIndexPositionOutOfRange,
                            ByteSpan({positions.offset + 1, 1})));
}

TEST(OrcRowIndexTest, ChunkPositionsAtBoundariesAndEndAreValid) {
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0, 0}, IntStats(2, 1, 5, 6)),
                         Entry({5, 0, 0}, IntStats(1, 3, 3, 3))},
                        &marks, kZlib);
  f.block_size = 2;
  auto ds = Check(f.Build(), Level::kPages);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
  f = Indexed({Entry({0, 0, 0}, IntStats(2, 1, 5, 6)),
               Entry({10, 0, 0}, IntStats(1, 3, 3, 3))},
              &marks, kZlib);
  f.block_size = 2;
  ds = Check(f.Build(), Level::kPages);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcRowIndexTest, BitCountAboveEight) {
  // With a PRESENT stream, c1's entries start with its 3 positions.
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0, 0, 0, 0}, IntStats(2, 1, 5, 6)),
                         Entry({0, 0, 9, 0, 2}, IntStats(1, 3, 3, 3))},
                        &marks);
  f.stripes[0].Add(kPresent, 1, std::string("\xff\xe0", 2));
  const std::string bytes = f.Build();
  const ByteSpan positions = f.StreamMark(0, 1, marks, "entry[1].positions");
  EXPECT_THAT(Check(bytes, Level::kPages),
              ElementsAre(IsDiagnostic(Code::kOrcIndexBitCount,
                                       ByteSpan({positions.offset + 2, 1}))));
}

TEST(OrcRowIndexTest, GroupStatisticsDoNotAddUp) {
  ProtoWriter marks;
  IndexFile f = Indexed({Entry({0, 0}, IntStats(2, 1, 5, 6)),
                         Entry({0, 2}, IntStats(1, 3, 3, 2))},
                        &marks);
  const std::string bytes = f.Build();
  EXPECT_THAT(
      Check(bytes, Level::kPages),
      ElementsAre(IsDiagnostic(
          Code::kOrcIndexStatistics,
          f.MetadataMark("stripe_stats[0].col_stats[1].int_statistics.sum"))));
}

TEST(OrcRowIndexTest, RowGroupCount) {
  EXPECT_EQ(RowGroupCount(0, 10), 0u);
  EXPECT_EQ(RowGroupCount(10, 10), 1u);
  EXPECT_EQ(RowGroupCount(11, 10), 2u);
  EXPECT_EQ(RowGroupCount(5, 0), 1u);
}

TEST(OrcRowIndexTest, EncryptedColumnsAreLeftToTheirVariant) {
  // Java writes the masked column's index for the unmasked rows
  // (encrypted/sample1.orc: 2 entries for 1 row), so columns under an
  // encryption variant are not held to RI2-RI5.
  ProtoWriter marks;
  std::vector<ProtoWriter> entries = GoodEntries();
  entries.push_back(Entry({0, 0}, IntStats(1, 3, 3, 3)));
  IndexFile f = Indexed(entries, &marks);
  ProtoWriter key;
  key.Bytes(1, "pii").Varint(2, 0).Varint(3, 2);
  ProtoWriter variant;
  variant.Varint(1, 1).Varint(2, 0).Bytes(3, "k");
  f.has_encryption = true;
  f.encryption.Message(2, key).Message(3, variant).Varint(4, 1);
  ProtoWriter keys;
  keys.Varint(6, 1).Bytes(7, std::string(32, 'k'));
  f.stripes[0].info_extra = keys;
  f.stripes[0].encryption = {ProtoWriter()};
  const auto ds = Check(f.Build(), Level::kPages);
  for (const Diagnostic& d : ds) {
    EXPECT_NE(d.severity, Severity::kError) << Describe(ds);
  }
}

}  // namespace
}  // namespace colcheck::orc::testing
