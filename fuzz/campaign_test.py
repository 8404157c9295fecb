"""Tests of fuzz/campaign and fuzz_campaign.py.

The samples in campaign_testdata/ are real stderr captured with clang 14:

- asan_heap_overflow*.txt, ubsan_signed_overflow.txt,
  libfuzzer_deadly_signal_oracle.txt, libfuzzer_timeout.txt and
  libfuzzer_malloc_oom.txt: a scratch libFuzzer target built with
  -fsanitize=fuzzer,address,undefined in /tmp/plant, one input per fault
  (the rerun overflows at another address, so it must dedup with the
  first);
- afl_driver_asan.txt: a crash replayed through AFL++'s libAFLDriver
  (afl-clang-fast++ -fsanitize=fuzzer,address) with ASAN_OPTIONS
  handle_abort=1;
- libfuzzer_rss_oom.txt: the same kind of target holding 640 MB, run with
  -rss_limit_mb=256, so libFuzzer's RSS thread stops it;
- colcheck_use_after_free.txt: file_fuzzer's first finding, a
  heap-use-after-free in the dictionary ranking of column_values.cc
  (fixed in 9541d48).

PlantedCampaignTest builds a tiny libFuzzer target in a temporary directory
and runs fuzz/campaign on it; it is skipped when clang cannot build one.
"""

import argparse
import importlib.machinery
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
import fuzz_campaign as fc  # pylint: disable=wrong-import-position

DATA = HERE / "campaign_testdata"
PLANT = [Path("/tmp/plant")]
CAPTURED_REPO = [Path("/work/main")]


def read_sample(name: str) -> str:
    return (DATA / name).read_text()


class ParseFrameTest(unittest.TestCase):

    def testSourceFrame(self):
        frame = fc.parse_frame(
            "    #0 0x55e85c6ec037 in demo::ReadPast(unsigned char const*, "
            "unsigned long) /tmp/plant/plant.cc:8:32")
        self.assertEqual(
            frame, fc.Frame("demo::ReadPast", "/tmp/plant/plant.cc", 8))

    def testModuleFrameWithBuildId(self):
        frame = fc.parse_frame(
            "    #2 0x55e85c6122a3 in fuzzer::Fuzzer::ExecuteCallback(unsigned "
            "char const*, unsigned long) (/tmp/plant/plant+0x432a3) (BuildId: "
            "242f760093affb1c0ec5fc548888edfb56181507)")
        self.assertEqual(frame, fc.Frame("fuzzer::Fuzzer::ExecuteCallback",
                                         module="/tmp/plant/plant"))

    def testFrameWithoutFunction(self):
        frame = fc.parse_frame(
            "    #3 0x7f7ccbf7a04f  (/lib/x86_64-linux-gnu/libc.so.6+0x3c04f) "
            "(BuildId: 93ac61ec5a8eb1396f9fbd350e3169a558528a40)")
        self.assertEqual(
            frame, fc.Frame("", module="/lib/x86_64-linux-gnu/libc.so.6"))

    def testAflDriverObjectFrame(self):
        frame = fc.parse_frame(
            "    #2 0x5576fa15fd4d in ExecuteFilesOnyByOne aflpp_driver.o")
        self.assertEqual(frame, fc.Frame("ExecuteFilesOnyByOne",
                                         module="aflpp_driver.o"))

    def testNotAFrame(self):
        self.assertIsNone(fc.parse_frame("READ of size 4 at 0x602 thread T0"))


class StripParametersTest(unittest.TestCase):

    def testCases(self):
        cases = {
            "demo::ReadPast(unsigned char const*, unsigned long)":
                "demo::ReadPast",
            "colcheck::ValueOrder::Compare(std::basic_string_view<char>) const":
                "colcheck::ValueOrder::Compare",
            "colcheck::X::Rank()::$_0::operator()(unsigned int, unsigned int) "
            "const": "colcheck::X::Rank()::$_0::operator()",
            "(anonymous namespace)::Walk(int)": "(anonymous namespace)::Walk",
            "LLVMFuzzerTestOneInput": "LLVMFuzzerTestOneInput",
        }
        for name, expected in cases.items():
            self.assertEqual(fc.strip_parameters(name), expected, name)


class ParseFailureTest(unittest.TestCase):

    def check(self, sample, kind, failure_type, signature, roots=None):
        failure = fc.parse_failure(read_sample(sample))
        self.assertIsNotNone(failure, sample)
        self.assertEqual(failure.kind, kind, sample)
        self.assertEqual(failure.type, failure_type, sample)
        self.assertEqual(
            fc.signature_of(failure, roots or PLANT, 3, "t"), signature, sample)
        return failure

    def testAsan(self):
        failure = self.check(
            "asan_heap_overflow.txt", "crash", "heap-buffer-overflow",
            "heap-buffer-overflow in demo::ReadPast < LLVMFuzzerTestOneInput")
        # The access stack, not the allocation stack printed after it.
        self.assertEqual(len(failure.frames), 9)
        self.assertIn("heap-buffer-overflow on address", failure.headline)

    def testUbsan(self):
        self.check(
            "ubsan_signed_overflow.txt", "crash", "signed-integer-overflow",
            "signed-integer-overflow in demo::Overflow < "
            "LLVMFuzzerTestOneInput")

    def testOracleAbort(self):
        failure = self.check(
            "libfuzzer_deadly_signal_oracle.txt", "crash", "deadly-signal",
            "deadly-signal in demo::Check < LLVMFuzzerTestOneInput")
        self.assertEqual(failure.oracle, "fuzz oracle failed: ok")

    def testTimeout(self):
        self.check("libfuzzer_timeout.txt", "timeout", "timeout",
                   "timeout in demo::Spin < LLVMFuzzerTestOneInput")

    def testOom(self):
        self.check("libfuzzer_malloc_oom.txt", "oom", "out-of-memory",
                   "out-of-memory in demo::Big < LLVMFuzzerTestOneInput")

    def testRssOom(self):
        self.check("libfuzzer_rss_oom.txt", "oom", "out-of-memory",
                   "out-of-memory in demo::Hog < LLVMFuzzerTestOneInput")

    def testAflDriver(self):
        self.check(
            "afl_driver_asan.txt", "crash", "heap-buffer-overflow",
            "heap-buffer-overflow in planted::ReadPast < "
            "LLVMFuzzerTestOneInput")

    def testProjectFramesOnly(self):
        # libstdc++'s std::sort frames sit between the project's frames.
        failure = self.check(
            "colcheck_use_after_free.txt", "crash", "heap-use-after-free",
            "heap-use-after-free in colcheck::parquet::ValueOrder::Compare < "
            "colcheck::parquet::ColumnValueChecker::RankDictionary()::$_0::"
            "operator() < "
            "colcheck::parquet::ColumnValueChecker::RankDictionary",
            roots=CAPTURED_REPO)
        stack = fc.trim_stack(failure.frames)
        self.assertTrue(stack[0].startswith(
            "colcheck::parquet::ValueOrder::Compare /work/main/validator/"))
        self.assertFalse(any("/usr/" in line for line in stack))

    def testFallbackWithoutProjectFrames(self):
        # Built outside the roots: non-runtime frames stand in.
        failure = fc.parse_failure(read_sample("asan_heap_overflow.txt"))
        self.assertEqual(
            fc.signature_of(failure, [Path("/nonexistent")], 3, "t"),
            "heap-buffer-overflow in demo::ReadPast < LLVMFuzzerTestOneInput")

    def testDedupAcrossAddresses(self):
        first = fc.parse_failure(read_sample("asan_heap_overflow.txt"))
        rerun = fc.parse_failure(read_sample("asan_heap_overflow_rerun.txt"))
        self.assertNotEqual(first.headline, rerun.headline)
        self.assertEqual(fc.signature_of(first, PLANT, 3, "t"),
                         fc.signature_of(rerun, PLANT, 3, "t"))

    def testDepth(self):
        failure = fc.parse_failure(read_sample("asan_heap_overflow.txt"))
        self.assertEqual(fc.signature_of(failure, PLANT, 1, "t"),
                         "heap-buffer-overflow in demo::ReadPast")

    def testNoStack(self):
        failure = fc.Failure("timeout", "timeout", "", [])
        self.assertEqual(fc.signature_of(failure, PLANT, 3, "footer_fuzzer"),
                         "timeout in <no stack: footer_fuzzer>")

    def testNoFailure(self):
        self.assertIsNone(
            fc.parse_failure("INFO: Seed: 1\nExecuted x in 1 ms\n"))


class DecidesTest(unittest.TestCase):
    """What decides a run-bounded campaign's exit status."""

    def decides(self, sample):
        failure = fc.parse_failure(read_sample(sample))
        return fc.decides(failure.kind, failure.headline)

    def testMachineIndependentFindingsDecide(self):
        for sample in ("asan_heap_overflow.txt", "ubsan_signed_overflow.txt",
                       "libfuzzer_deadly_signal_oracle.txt",
                       "libfuzzer_malloc_oom.txt"):
            self.assertTrue(self.decides(sample), sample)

    def testLoadDependentFindingsDoNot(self):
        self.assertFalse(self.decides("libfuzzer_timeout.txt"))
        self.assertFalse(self.decides("libfuzzer_rss_oom.txt"))

    def testSmokeRunsCoverEveryTarget(self):
        # A target missing from SMOKE_RUNS would get the default silently.
        built = {p.stem for p in HERE.glob("*_fuzzer.cc")}
        self.assertEqual(set(fc.SMOKE_RUNS), built)


class StatsTest(unittest.TestCase):

    def testLibFuzzerFinalStats(self):
        log = ("#2\tINITED cov: 257 ft: 258 corp: 1/1b exec/s: 0 rss: 36Mb\n"
               "#48176\tDONE   cov: 1237 ft: 4274 exec/s: 4379\n"
               "stat::number_of_executed_units: 48176\n")
        self.assertEqual(fc.parse_libfuzzer_stats(log), 48176)

    def testLibFuzzerForkStatus(self):
        log = ("#1989: cov: 3 ft: 3 corp: 2 exec/s 0 oom/timeout/crash: 0/0/0\n"
               "#164031: cov: 7 ft: 6 corp: 5 exec/s 0 oom/timeout/crash: "
               "0/0/2\n")
        self.assertEqual(fc.parse_libfuzzer_stats(log), 164031)

    def testAflStats(self):
        stats = fc.parse_afl_stats("execs_done        : 1234\n"
                                 "execs_per_sec     : 3512.20\n")
        self.assertEqual(stats["execs_done"], "1234")
        self.assertEqual(stats["execs_per_sec"], "3512.20")


class ReportTest(unittest.TestCase):

    def make_report(self):
        finding = {
            "signature": "heap-buffer-overflow in a < b", "id": "0123456789ab",
            "kind": "crash", "type": "heap-buffer-overflow", "known": False,
            "targets": ["file_fuzzer"], "count": 2, "headline": "ERROR: x",
            "oracle": "", "stack": ["a /src/a.cc:1", "b /src/b.cc:2"],
            "original": "/o/original", "reproducer": "/o/minimized",
            "reproducer_size": 4, "minimized": True,
            "command": "fuzz/file_fuzzer /o/minimized",
            "colcheck": {"exit_code": 1, "verdict": "invalid", "diagnostics": [
                {"code": "footer.bad-magic", "severity": "error", "offset": 0,
                 "length": 4, "message": "no PAR1"}]},
        }
        known = dict(finding, signature="timeout in c", known=True,
                     colcheck=None, kind="timeout", minimized=False)
        return {"engine": "libfuzzer", "started": "2026-01-01T00:00:00+00:00",
                "duration_s": 7, "notes": [], "findings": [finding, known],
                "new_findings": 1,
                "targets": [{"name": "file_fuzzer", "binary": "b", "time_s": 5,
                             "execs": 100, "execs_per_s": 20, "corpus_size": 3,
                             "artifacts": 2}]}

    def testWriteReport(self):
        with tempfile.TemporaryDirectory() as tmp:
            fc.write_report(self.make_report(), Path(tmp))
            self.assertEqual(
                json.loads((Path(tmp) / "report.json").read_text()),
                self.make_report())
            markdown = (Path(tmp) / "report.md").read_text()
        self.assertIn("2 finding(s), 1 new", markdown)
        self.assertIn("| file_fuzzer | `b` | 5 | 100 | 20 | 3 | 2 |", markdown)
        self.assertIn("## 1. crash: `heap-buffer-overflow in a < b` (NEW)",
                      markdown)
        self.assertIn("## 2. timeout: `timeout in c` (known)", markdown)
        self.assertIn("reproducer (4 bytes, minimized): `/o/minimized`",
                      markdown)
        self.assertIn("- `footer.bad-magic` error at 0+4: no PAR1", markdown)
        self.assertIn("(not run: no colcheck binary)", markdown)

    def testUndecidedFinding(self):
        report = self.make_report()
        timeout = dict(report["findings"][0], kind="timeout",
                       signature="timeout in d", decides=False)
        report["findings"].append(timeout)
        report.update(new_findings=2, runs=100, fuzz_seed=1)
        markdown = fc.render_markdown(report)
        self.assertIn("3 finding(s), 2 new, 1 of which depend on load",
                      markdown)
        self.assertIn("Run-bounded: libFuzzer -seed=1, -reload=0", markdown)
        self.assertIn("## 3. timeout: `timeout in d` (NEW, does not decide "
                      "the exit status", markdown)

    def testReadKnown(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "known.txt"
            path.write_text("# comment\n\n  timeout in a < b  \ncrash in c\n")
            self.assertEqual(fc.read_known(path),
                             {"timeout in a < b", "crash in c"})
            self.assertEqual(fc.read_known(Path(tmp) / "missing"), set())


# Crashes when the input starts with "FUZZ". Byte-by-byte comparisons give
# libFuzzer's comparison tracing a foothold, so it finds the magic in
# seconds from the seed "FUZ".
PLANTED_SOURCE = r"""
#include <cstddef>
#include <cstdint>
namespace planted {
__attribute__((noinline)) int ReadPast(size_t n) {
  int* p = new int[2];
  const int v = p[2 + (n & 1) * 0];
  delete[] p;
  return v;
}
}  // namespace planted
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* d, size_t n) {
  if (n >= 4 && d[0] == 'F' && d[1] == 'U' && d[2] == 'Z' && d[3] == 'Z')
    return planted::ReadPast(n);
  return 0;
}
"""


def load_campaign_script():
    loader = importlib.machinery.SourceFileLoader("campaign_script",
                                                  str(HERE / "campaign"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class SeedDirsTest(unittest.TestCase):
    """The default seeds: ORC files reach the targets that read whole files."""

    def testWholeFileTargetsGetOrcSeeds(self):
        campaign = load_campaign_script()
        defaults = argparse.Namespace(corpus=None)
        orc = fc.REPO / "corpus" / "orc" / "valid"
        for name in ("file_fuzzer", "inspect_fuzzer"):
            self.assertIn(orc, campaign.seed_dirs(defaults, name))
        for name in ("page_fuzzer", "orc_tail_fuzzer"):
            self.assertNotIn(orc, campaign.seed_dirs(defaults, name))
        named = argparse.Namespace(corpus=[DATA])
        self.assertEqual(campaign.seed_dirs(named, "file_fuzzer"), [DATA])


class PlantedCampaignTest(unittest.TestCase):
    """fuzz/campaign against a target with one planted heap overflow."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = Path(tempfile.mkdtemp(prefix="campaign_test_"))
        cls.build = cls.tmp / "build"
        (cls.build / "fuzz").mkdir(parents=True)
        source = cls.tmp / "planted.cc"
        source.write_text(PLANTED_SOURCE)
        cls.binary = cls.build / "fuzz" / "planted_fuzzer"
        clang = shutil.which("clang++")
        if clang is None:
            raise unittest.SkipTest("no clang++")
        built = subprocess.run(
            [clang, "-g", "-O1", "-fsanitize=fuzzer,address", source, "-o",
             cls.binary], capture_output=True, check=False)
        if built.returncode != 0:
            raise unittest.SkipTest(f"clang++ cannot build a libFuzzer target: "
                                    f"{built.stderr.decode(errors='replace')}")
        cls.seeds = cls.tmp / "seeds"
        cls.seeds.mkdir()
        (cls.seeds / "near").write_bytes(b"FUZ")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def run_campaign(self, out: str,
                     *extra: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, HERE / "campaign", "--build", self.build, "--out",
             self.tmp / out, "--corpus", self.seeds, "--runs", "100000",
             "--minimize-time", "5", "--source-root", self.tmp,
             "--no-colcheck", *extra],
            capture_output=True, check=False, timeout=120)

    def testFindsReportsAndHonoursKnown(self):
        run = self.run_campaign("out")
        self.assertEqual(run.returncode, 1, run.stderr.decode())
        report = json.loads((self.tmp / "out" / "report.json").read_text())
        signature = ("heap-buffer-overflow in planted::ReadPast < "
                     "LLVMFuzzerTestOneInput")
        self.assertEqual([f["signature"] for f in report["findings"]],
                         [signature])
        finding = report["findings"][0]
        self.assertEqual(finding["kind"], "crash")
        self.assertTrue(Path(finding["reproducer"]).is_file())
        self.assertIn("planted_fuzzer", finding["command"])
        self.assertGreater(report["targets"][0]["execs"], 0)
        self.assertGreater(report["targets"][0]["corpus_size"], 0)
        self.assertIn(signature, (self.tmp / "out" / "report.md").read_text())

        self.assertTrue(finding["decides"])
        self.assertEqual(report["fuzz_seed"], 1)

        known = self.tmp / "known.txt"
        known.write_text(f"# planted\n{signature}\n")
        again = self.run_campaign("out-known", "--known", str(known))
        self.assertEqual(again.returncode, 0, again.stderr.decode())
        # Run-bounded: the same executions and corpus as the first run.
        second = json.loads(
            (self.tmp / "out-known" / "report.json").read_text())
        for key in ("execs", "runs", "corpus_size", "artifacts"):
            self.assertEqual(second["targets"][0][key],
                             report["targets"][0][key], key)

    def testTriageDedupsAndMinimizes(self):
        # Two crashers with the same stack, neither minimal.
        artifacts = self.tmp / "artifacts"
        artifacts.mkdir()
        (artifacts / "crash-a").write_bytes(b"FUZZ" + b"a" * 60)
        (artifacts / "crash-b").write_bytes(b"FUZZ" + b"b" * 30)
        target = fc.Target("planted_fuzzer", self.binary, [self.seeds],
                           [(artifacts / "crash-a", "crash"),
                            (artifacts / "crash-b", "crash")])
        findings = fc.triage("libfuzzer", [target], self.tmp / "triage",
                             [self.tmp], 3, set(), None, 5, [])
        self.assertEqual(len(findings), 1)
        self.assertEqual(findings[0]["count"], 2)
        self.assertTrue(findings[0]["minimized"])
        self.assertEqual(Path(findings[0]["reproducer"]).read_bytes(), b"FUZZ")
        self.assertEqual(Path(findings[0]["original"]).stat().st_size, 34)

    def testUsageErrors(self):
        missing = self.run_campaign("bad", "--target", "no_such_fuzzer")
        self.assertEqual(missing.returncode, 2)
        self.assertIn(b"no_such_fuzzer", missing.stderr)
        bad_engine = self.run_campaign("bad", "--engine", "honggfuzz")
        self.assertEqual(bad_engine.returncode, 2)
        no_colcheck = self.run_campaign("bad", "--colcheck",
                                        "/nonexistent/colcheck")
        self.assertEqual(no_colcheck.returncode, 2)
        # The clock would come back: -fork=N, and AFL++'s time-bounded run.
        forked = self.run_campaign("bad", "--jobs", "2")
        self.assertEqual(forked.returncode, 2)
        self.assertIn(b"--runs takes one job", forked.stderr)
        afl = self.run_campaign("bad", "--engine", "afl")
        self.assertEqual(afl.returncode, 2)


if __name__ == "__main__":
    unittest.main()
