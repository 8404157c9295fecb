// Column statistics rules (orc-rules.md ST2-ST5): each test breaks one rule
// of a valid hand-built file and asserts the code and its exact span.

#include "orc/statistics.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/testing/index_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc {
namespace {

using testing::BaseFile;
using testing::Check;
using testing::Describe;
using ::testing::ElementsAre;
using testing::HasDiagnostic;
using testing::IndexFile;
using testing::IntStats;
using testing::IsDiagnostic;
using testing::ProtoWriter;
using testing::Stats;
using testing::StringStats;
using testing::StructOf;
using testing::TypeMessage;
using ::testing::UnorderedElementsAre;

TEST(OrcStatisticsTest, BaseFileIsClean) {
  IndexFile f = BaseFile();
  const auto ds = Check(f.Build(), Level::kFull);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcStatisticsTest, SubmessageOfAnotherType) {
  IndexFile f = BaseFile();
  f.file_stats[1] = StringStats(3, "a", "b", 2);
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes, Level::kFooter),
              ElementsAre(IsDiagnostic(
                  Code::kOrcStatsSubmessage,
                  f.FooterMark("statistics[1].string_statistics"))));
}

TEST(OrcStatisticsTest, RootCountZeroIsAWarning) {
  IndexFile f = BaseFile();
  f.file_stats[0] = Stats(0);
  f.stripe_stats[0][0] = Stats(0);
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kFooter);
  // Once per file, at the first place found: the writer's habit.
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(
                      Code::kOrcStatsRootCountZero,
                      f.FooterMark("statistics[0].number_of_values"))));
  EXPECT_FALSE(testing::HasDiagnostic(
      ds, Code::kOrcStatsRootCountZero,
      f.MetadataMark("stripe_stats[0].col_stats[0].number_of_values")));
}

TEST(OrcStatisticsTest, CountAboveRows) {
  IndexFile f = BaseFile();
  f.file_stats[0] = Stats(4);
  const std::string bytes = f.Build();
  // Not alone: the file also gets orc-stats.aggregate.
  EXPECT_TRUE(HasDiagnostic(Check(bytes, Level::kFooter),
                            Code::kOrcStatsCountAboveRows,
                            f.FooterMark("statistics[0].number_of_values")));
}

TEST(OrcStatisticsTest, HasNullAbsentIsNotedOnce) {
  IndexFile f = BaseFile();
  ProtoWriter s;
  s.Varint(1, 3, "number_of_values");
  f.file_stats[0] = s;
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kFooter);
  const ByteSpan stats = f.FooterMark("statistics[0]");
  EXPECT_THAT(ds,
              ElementsAre(IsDiagnostic(Code::kOrcStatsHasNullAbsent, stats)));
}

TEST(OrcStatisticsTest, MinimumAboveMaximum) {
  IndexFile f = BaseFile();
  f.file_stats[1] = IntStats(3, 5, 1, 9);
  const std::string bytes = f.Build();
  // Not alone: the file also gets orc-stats.aggregate.
  EXPECT_TRUE(HasDiagnostic(
      Check(bytes, Level::kFooter), Code::kOrcStatsMinAboveMax,
      Join(f.FooterMark("statistics[1].int_statistics.minimum"),
           f.FooterMark("statistics[1].int_statistics.maximum"))));
}

TEST(OrcStatisticsTest, TimestampNanosOutOfRange) {
  IndexFile f;
  f.types = {StructOf({"t"}), TypeMessage(kTimestamp)};
  ProtoWriter ts;
  ts.Sint(3, 1000, "minimum_utc")
      .Sint(4, 2000, "maximum_utc")
      .Varint(5, 0, "minimum_nanos")
      .Varint(6, 1000001, "maximum_nanos");
  ProtoWriter s = Stats(0);
  s.Message(9, ts, "timestamp_statistics");
  f.file_stats = {Stats(0), s};
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kFooter);
  EXPECT_THAT(
      ds,
      UnorderedElementsAre(
          IsDiagnostic(
              Code::kOrcStatsNanosRange,
              f.FooterMark("statistics[1].timestamp_statistics.minimum_nanos")),
          IsDiagnostic(
              Code::kOrcStatsNanosRange,
              f.FooterMark(
                  "statistics[1].timestamp_statistics.maximum_nanos"))));
}

TEST(OrcStatisticsTest, LongStringBoundOfATruncatingWriter) {
  IndexFile f;
  f.types = {StructOf({"s"}), TypeMessage(kString)};
  const std::string long_max(1025, 'z');
  f.file_stats = {Stats(0), StringStats(1, "a", long_max, 1026)};
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes, Level::kFooter),
              ElementsAre(IsDiagnostic(
                  Code::kOrcStatsStringTooLong,
                  f.FooterMark("statistics[1].string_statistics.maximum"))));
  // Writers before ORC-203 (writerVersion < 8) stored whole strings.
  f.writer_version = 7;
  const auto ds = Check(f.Build(), Level::kFooter);
  EXPECT_FALSE(testing::HasDiagnostic(
      ds, Code::kOrcStatsStringTooLong,
      f.FooterMark("statistics[1].string_statistics.maximum")))
      << Describe(ds);
}

TEST(OrcStatisticsTest, FileIsNotTheAggregateOfStripes) {
  IndexFile f = BaseFile();
  f.file_stats[1] = IntStats(3, 1, 5, 8);
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes, Level::kFooter),
              ElementsAre(IsDiagnostic(
                  Code::kOrcStatsAggregate,
                  f.FooterMark("statistics[1].int_statistics.sum"))));
}

TEST(OrcStatisticsTest, FileMinimumIsNotTheStripesMinimum) {
  IndexFile f = BaseFile();
  f.file_stats[1] = IntStats(3, 0, 5, 9);
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes, Level::kFooter),
              ElementsAre(IsDiagnostic(
                  Code::kOrcStatsAggregate,
                  f.FooterMark("statistics[1].int_statistics.minimum"))));
}

TEST(OrcStatisticsTest, FileCountIsNotTheStripesCount) {
  IndexFile f = BaseFile();
  f.file_stats[1] = IntStats(2, 1, 5, 9);
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes, Level::kFooter),
              ElementsAre(IsDiagnostic(
                  Code::kOrcStatsAggregate,
                  f.FooterMark("statistics[1].number_of_values"))));
}

TEST(OrcStatisticsTest, OldWriterStringStatisticsAreANote) {
  IndexFile f;
  f.types = {StructOf({"s"}), TypeMessage(kString)};
  f.writer_version = 0;
  f.file_stats = {Stats(0), StringStats(1, "b", "a", 1)};
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kFooter);
  const ByteSpan at =
      Join(f.FooterMark("statistics[1].string_statistics.minimum"),
           f.FooterMark("statistics[1].string_statistics.maximum"));
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(Code::kOrcStatsOldWriter, at)));
  EXPECT_FALSE(testing::HasDiagnostic(ds, Code::kOrcStatsMinAboveMax, at));
}

TEST(OrcStatisticsTest, DecimalStringsCompareByValue) {
  EXPECT_EQ(CompareDecimalStrings("1.50", "1.5"), 0);
  EXPECT_EQ(CompareDecimalStrings("-2", "1"), -1);
  EXPECT_EQ(CompareDecimalStrings("-2.1", "-2.05"), -1);
  EXPECT_EQ(CompareDecimalStrings("10", "9.99"), 1);
  EXPECT_EQ(CompareDecimalStrings("-0.0", "0"), 0);
  EXPECT_EQ(CompareDecimalStrings("0012.3", "12.30"), 0);
  EXPECT_FALSE(CompareDecimalStrings("1e5", "1").has_value());
  EXPECT_FALSE(CompareDecimalStrings("", "1").has_value());
}

}  // namespace
}  // namespace colcheck::orc
