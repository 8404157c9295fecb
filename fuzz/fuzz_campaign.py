"""Fuzzing campaigns over colcheck's fuzz targets: run, triage, report.

`fuzz/campaign` is the command line (see fuzz/README.md, "Campaigns"). This
module holds its parts so that fuzz/campaign_test.py can check the pure ones
(stack parsing, signatures, report rendering) against sanitizer output
captured from real runs, without running a fuzzer.

Stdlib only: CI runs it on Debian's python3 without PyPI.
"""

import dataclasses
import datetime
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Limits shared by fuzzing, reproduction and minimization, so a finding
# reproduces under the conditions it was found in. The table "Limits" in
# fuzz/README.md gives the reasons; keep the two in step.
RSS_LIMIT_MB = 2048
MALLOC_LIMIT_MB = 1024
# Tight enough to catch super-linear work: a sanitizer build validates a
# 64 KiB input (five times for a deep file_fuzzer input) in well under a
# second. The work oracle (fuzz_oracles.h, CheckWork) catches it
# deterministically; these catch what it does not count.
TIMEOUT_S = 2
# Inputs slower than this are kept as slow-unit- artifacts and listed in
# the report's notes: not failures, since they depend on the machine.
SLOW_UNIT_S = 1
MAX_LEN = {"file_fuzzer": 65536, "inspect_fuzzer": 65536,
           "encrypted_fuzzer": 65536}
DEFAULT_MAX_LEN = 4096

# --smoke gives each target a fixed number of executions after its seeds
# instead of a time, so what CI finds does not depend on the machine's
# speed or load. Each is 8 to 13 s under ASan+UBSan on an idle 2-core
# machine (fuzz/README.md, "Smoke campaign"), about 90 s for the whole
# stage with merging and triage.
SMOKE_RUNS = {
    "file_fuzzer": 6000,
    # Whole encrypted files: about 370 exec/s under ASan+UBSan on
    # parquet-testing's encrypted files and the seeds (2026-12-05).
    "encrypted_fuzzer": 3000,
    "inspect_fuzzer": 1200,
    "footer_fuzzer": 20000,
    "thrift_fuzzer": 50000,
    "page_fuzzer": 80000,
    "orc_footer_fuzzer": 80000,
    "orc_tail_fuzzer": 120000,
}
SMOKE_DEFAULT_RUNS = 2000
# libFuzzer's -seed for run-bounded campaigns; its 0 means "from the clock".
DEFAULT_FUZZ_SEED = 1
# A run-bounded libFuzzer run that takes longer than this has hung.
RUN_BOUNDED_WALL_S = 3600
SMOKE_MINIMIZE_S = 10
# A shallow bug can leave hundreds of artifacts; reproducing the smallest
# few per target finds its signatures without spending minutes on copies.
MAX_TRIAGED_PER_TARGET = 25
# Frames kept in a finding's stack in the report.
REPORT_STACK_FRAMES = 12
# Diagnostics kept from colcheck's output per finding.
REPORT_DIAGNOSTICS = 20

# Sanitizer, libFuzzer, AFL++ driver, libc and allocator frames: never the
# place a bug is, so they are dropped before a signature is taken.
_RUNTIME_FUNCTION = re.compile(
    r"^(__asan|__lsan|__ubsan|__msan|__sanitizer|__interceptor|___interceptor"
    r"|__interception|fuzzer::|__libc|__GI_|__pthread|pthread_kill$|raise$"
    r"|abort$|gsignal$|_start$|main$|malloc$|calloc$|realloc$|free$"
    r"|operator new|operator delete|__cxa_|__cxxabiv1|std::terminate"
    r"|std::__terminate|__clone|start_thread$|LLVMFuzzerRunDriver$"
    r"|ExecuteFilesOnyByOne$)")

_FRAME = re.compile(r"^\s*#(\d+)\s+0x[0-9a-fA-F]+\s*(.*)$")
_BUILD_ID = re.compile(r"\s*\(BuildId: [0-9a-fA-F]+\)\s*$")
_MODULE_LOCATION = re.compile(r"\s*\(([^()]*\+0x[0-9a-fA-F]+)\)$")
_SOURCE_LOCATION = re.compile(r"^(\S+?):(\d+)(?::\d+)?$")
_HEADLINE = re.compile(
    r"(ERROR: (AddressSanitizer|LeakSanitizer|MemorySanitizer|ThreadSanitizer"
    r"|UndefinedBehaviorSanitizer|libFuzzer): .*|runtime error: .*)")
_SUMMARY = re.compile(r"^SUMMARY: (\w+): (.*)$")
_ORACLE = re.compile(r"fuzz oracle failed: .*")

# Artifact name prefixes libFuzzer writes, and the kind each records.
# slow-unit- files are not failures and are left alone.
_LIBFUZZER_ARTIFACT_KINDS = {
    "crash-": "crash",
    "timeout-": "timeout",
    "oom-": "oom",
    "leak-": "leak",
}


@dataclasses.dataclass(frozen=True)
class Frame:
    """One symbolized stack frame."""
    function: str  # Demangled, parameter list removed; "" when unknown.
    file: str = ""  # Source file, "" when only the module is known.
    line: int = 0
    module: str = ""  # Binary or library, when no source is known.

    def describe(self) -> str:
        where = f"{self.file}:{self.line}" if self.file else self.module
        return f"{self.function or '??'} {where}".strip()


@dataclasses.dataclass
class Failure:
    """What a reproduction printed, reduced to what triage needs."""
    kind: str  # crash, timeout, oom or leak.
    type: str  # heap-buffer-overflow, signed-integer-overflow, timeout, ...
    headline: str  # The sanitizer's or libFuzzer's ERROR line.
    frames: list[Frame]  # The first stack after the headline, runtime kept.
    oracle: str = ""  # A COLCHECK_FUZZ_CHECK message, when an oracle failed.


def strip_parameters(function: str) -> str:
    """Removes a trailing parameter list (and cv-qualifier) from a name.

    Signatures must survive a changed parameter type as much as a moved
    line, and `Foo(std::span<std::byte const, ...>)` is mostly noise in a
    report. `operator()` and lambdas keep their own parentheses.
    """
    name = function.strip()
    name = re.sub(r"\s+(const|volatile|&|&&)$", "", name)
    if not name.endswith(")"):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        if name[i] == ")":
            depth += 1
        elif name[i] == "(":
            depth -= 1
            if depth == 0:
                # "operator()" followed by its parameter list: "()" is the name.
                if i == 0:
                    return name
                return name[:i]
    return name


def parse_frame(line: str) -> Frame | None:
    """Parses an ASan/UBSan/libFuzzer stack line ("#3 0x... in f file:1:2")."""
    match = _FRAME.match(line)
    if not match:
        return None
    rest = _BUILD_ID.sub("", match.group(2)).strip()
    if rest.startswith("in "):
        rest = rest[3:].strip()
    module = _MODULE_LOCATION.search(rest)
    if module:
        return Frame(strip_parameters(rest[:module.start()]),
                     module=module.group(1).rsplit("+", 1)[0])
    head, _, last = rest.rpartition(" ")
    source = _SOURCE_LOCATION.match(last)
    if head and source:
        return Frame(strip_parameters(head), source.group(1),
                     int(source.group(2)))
    # The AFL++ driver's own frames name an object file: "f aflpp_driver.o".
    if head and not last.endswith(")"):
        return Frame(strip_parameters(head), module=last)
    return Frame(strip_parameters(rest))


def _failure_type(summary: re.Match | None, headline: str) -> str:
    if summary:
        tool, text = summary.group(1), summary.group(2).strip()
        if tool == "libFuzzer":
            return text.replace(" ", "-")
        if "leaked in" in text:
            return "memory-leak"
        return text.split()[0]
    if headline.startswith("runtime error:"):
        return "undefined-behavior"
    match = re.match(r"ERROR: \w+: (\S+)", headline)
    return match.group(1).rstrip(":") if match else "unknown"


def _kind_of_type(failure_type: str) -> str:
    if failure_type == "timeout":
        return "timeout"
    if failure_type in ("out-of-memory", "allocation-size-too-big",
                        "malloc-limit", "rss-limit-exceeded"):
        return "oom"
    if failure_type in ("memory-leak", "detected"):
        return "leak"
    return "crash"


def parse_failure(output: str) -> Failure | None:
    """Finds the failure in a reproduction's stderr; None if there is none.

    Takes the first report (the one that stopped the run) and its first
    stack: ASan prints the faulting access first and the allocation stacks
    after it.
    """
    lines = output.splitlines()
    start = None
    headline = ""
    for i, line in enumerate(lines):
        match = _HEADLINE.search(line)
        if match:
            start, headline = i, match.group(1).strip()
            break
    if start is None:
        return None
    frames = []
    for line in lines[start + 1:]:
        frame = parse_frame(line)
        if frame is not None:
            frames.append(frame)
        elif frames:
            break
    summary = None
    for line in lines[start:]:
        summary = _SUMMARY.match(line.strip())
        if summary:
            break
    oracle = _ORACLE.search(output)
    failure_type = _failure_type(summary, headline)
    return Failure(_kind_of_type(failure_type), failure_type, headline, frames,
                   oracle.group(0) if oracle else "")


def project_frames(frames: list[Frame], roots: list[Path]) -> list[Frame]:
    """The frames whose source lies under one of `roots`.

    When there are none (a binary built elsewhere, or no symbols), every
    frame that is not sanitizer, engine or libc machinery stands in, so the
    signature still says something.
    """
    prefixes = [str(root.resolve()) + os.sep for root in roots]
    inside = [f for f in frames
              if f.file and any(f.file.startswith(p) for p in prefixes)
              and not _RUNTIME_FUNCTION.match(f.function)]
    if inside:
        return inside
    return [f for f in frames
            if f.function and not _RUNTIME_FUNCTION.match(f.function)]


def trim_stack(frames: list[Frame]) -> list[str]:
    """The report's stack: runtime and system-header frames dropped.

    libstdc++'s template frames (std::sort and its helpers) are long and
    say little once the project frames around them are shown.
    """
    return [f.describe() for f in frames
            if not _RUNTIME_FUNCTION.match(f.function)
            and not f.file.startswith("/usr/")][:REPORT_STACK_FRAMES]


def signature_of(failure: Failure, roots: list[Path], depth: int,
              target: str) -> str:
    """A one-line key for deduplication: the type and top in-project frames.

    Names only (no addresses, offsets or lines), so the same bug keeps its
    signature across rebuilds and small edits. Without usable frames the
    target stands in, so at least the findings of different targets differ.
    """
    functions = []
    for frame in project_frames(failure.frames, roots):
        if not functions or functions[-1] != frame.function:
            functions.append(frame.function)
    if not functions:
        return f"{failure.type} in <no stack: {target}>"
    return f"{failure.type} in {' < '.join(functions[:depth])}"


def signature_id(signature: str) -> str:
    """A short stable name for a finding's directory."""
    return hashlib.sha1(signature.encode()).hexdigest()[:12]


def read_known(path: Path | None) -> set[str]:
    """Signatures in a known-findings file: one a line, '#' comments."""
    if path is None or not path.exists():
        return set()
    known = set()
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            known.add(line)
    return known


def parse_libfuzzer_stats(log: str) -> int:
    """Executions in one libFuzzer run, from its stats or status lines."""
    execs = 0
    for match in re.finditer(r"^#(\d+):?\s", log, re.MULTILINE):
        execs = max(execs, int(match.group(1)))
    for match in re.finditer(r"^stat::number_of_executed_units: (\d+)", log,
                             re.MULTILINE):
        execs = max(execs, int(match.group(1)))
    return execs


def parse_afl_stats(text: str) -> dict[str, str]:
    """An AFL++ fuzzer_stats file as a dict ("execs_done" -> "1234")."""
    stats = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            stats[key.strip()] = value.strip()
    return stats


def render_markdown(report: dict) -> str:
    """report.md: a summary table per target, then one section per finding."""
    out = [f"# Fuzzing campaign ({report['engine']})", ""]
    new = [f for f in report["findings"] if not f["known"]]
    undecided = sum(not f.get("decides", True) for f in new)
    out.append(f"Started {report['started']}, {report['duration_s']} s. "
               f"{len(report['findings'])} finding(s), {len(new)} new"
               + (f", {undecided} of which depend on load and do not decide "
                  "the exit status" if undecided else "") + ".")
    if "runs" in report:
        out.append(f"Run-bounded: libFuzzer -seed={report['fuzz_seed']}, "
                   "-reload=0; the same inputs on any machine.")
    out += ["", "| Target | Binary | Fuzzed (s) | Execs | Execs/s | "
            "Corpus files | Artifacts |", "|---|---|---|---|---|---|---|"]
    for t in report["targets"]:
        out.append(f"| {t['name']} | `{t['binary']}` | {t['time_s']} | "
                   f"{t['execs']} | {t['execs_per_s']} | {t['corpus_size']} | "
                   f"{t['artifacts']} |")
    for note in report.get("notes", []):
        out += ["", f"Note: {note}"]
    for i, f in enumerate(report["findings"], 1):
        status = "known" if f["known"] else "NEW"
        if not f.get("decides", True):
            status += (", does not decide the exit status: it depends on "
                       "the machine's speed and load")
        out += ["", f"## {i}. {f['kind']}: `{f['signature']}` ({status})", "",
                f"- targets: {', '.join(f['targets'])}; "
                f"{f['count']} artifact(s) with this signature",
                f"- headline: `{f['headline']}`"]
        if f["oracle"]:
            out.append(f"- oracle: `{f['oracle']}`")
        out += [f"- reproducer ({f['reproducer_size']} bytes"
                f"{', minimized' if f['minimized'] else ''}): "
                f"`{f['reproducer']}`",
                "", "```sh", f["command"], "```", "", "Stack:", "", "```"]
        out += f["stack"] or ["(no stack)"]
        out += ["```", "", "colcheck:", ""]
        colcheck = f["colcheck"]
        if colcheck is None:
            out.append("(not run: no colcheck binary)")
        else:
            out.append(f"exit {colcheck['exit_code']}, verdict "
                       f"`{colcheck.get('verdict', '?')}`")
            out.append("")
            for d in colcheck.get("diagnostics", []):
                out.append(f"- `{d.get('code')}` {d.get('severity')} at "
                           f"{d.get('offset')}+{d.get('length')}: "
                           f"{d.get('message')}")
            if colcheck.get("error"):
                out.append(f"- colcheck failed: {colcheck['error']}")
    out.append("")
    return "\n".join(out)


def write_report(report: dict, out_dir: Path) -> None:
    """Writes out_dir/report.json and out_dir/report.md."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "report.json").write_text(
        json.dumps(report, indent=2, sort_keys=True) + "\n")
    (out_dir / "report.md").write_text(render_markdown(report))


# The rest runs fuzzers and tools; fuzz/campaign_test.py covers it through
# the planted-crash test.


@dataclasses.dataclass
class Target:
    """A fuzz target as the campaign runs it."""
    name: str  # As in fuzz/CMakeLists.txt, e.g. footer_fuzzer.
    binary: Path  # The binary fuzzed: NAME or NAME_structured.
    seeds: list[Path]
    artifacts: list[tuple[Path, str]] = dataclasses.field(default_factory=list)
    stats: dict = dataclasses.field(default_factory=dict)
    notes: list[str] = dataclasses.field(default_factory=list)


def log_message(message: str) -> None:
    print(f"campaign: {message}", file=sys.stderr, flush=True)


def sanitizer_env() -> dict[str, str]:
    """The environment for running targets: full stacks, symbolized.

    Inherited sanitizer options are replaced (ctest's abort_on_error, say),
    so a finding reproduces the same way wherever the campaign runs.
    handle_abort makes ASan print a stack for abort() (an oracle failure)
    under the AFL++ driver too, which has no signal handler of its own.
    """
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "handle_abort=1:symbolize=1"
    env["UBSAN_OPTIONS"] = (
        "print_stacktrace=1:report_error_type=1:halt_on_error=1")
    if "ASAN_SYMBOLIZER_PATH" not in env and not shutil.which(
        "llvm-symbolizer", path=env.get("PATH")):
        symbolizers = Path("/usr/lib").glob("llvm-*/bin/llvm-symbolizer")
        for candidate in sorted(symbolizers, reverse=True):
            env["ASAN_SYMBOLIZER_PATH"] = str(candidate)
            break
    return env


def all_oracles_env() -> dict[str, str]:
    """sanitizer_env() with every oracle on for every input.

    A campaign runs the expensive oracles on a fraction of the inputs
    (fuzz/fuzz_oracles.h), chosen by a hash of each input. Reproducing and
    minimizing run them all, so a minimizer that changes that hash keeps
    the oracle that failed.
    """
    env = sanitizer_env()
    env["COLCHECK_FUZZ_ORACLES"] = "all"
    return env


def decides(finding_kind: str, headline: str) -> bool:
    """Whether a finding of a run-bounded campaign decides its exit status.

    A run-bounded campaign executes the same inputs wherever it runs, so a
    crash, a sanitizer report, a leak or a -malloc_limit_mb OOM (checked
    at each allocation) is found or not whatever the machine. A timeout
    and an -rss_limit_mb OOM (sampled by a thread once a second) depend on
    the machine's speed and load: they are reported, and left to a person.
    """
    if finding_kind == "timeout":
        return False
    return finding_kind != "oom" or "malloc(" in headline


def smoke_runs(target: str) -> int:
    return SMOKE_RUNS.get(target, SMOKE_DEFAULT_RUNS)


def libfuzzer_limits() -> list[str]:
    return [f"-rss_limit_mb={RSS_LIMIT_MB}",
            f"-malloc_limit_mb={MALLOC_LIMIT_MB}", f"-timeout={TIMEOUT_S}",
            f"-report_slow_units={SLOW_UNIT_S}"]


def max_len(target: str) -> int:
    return MAX_LEN.get(target, DEFAULT_MAX_LEN)


def afl_memory_limit(binary: Path) -> str:
    """afl-fuzz's -m: ASan reserves terabytes of address space up front."""
    if b"__asan_init" in binary.read_bytes():
        return "none"
    return str(RSS_LIMIT_MB)


def run(cmd: list, timeout: float, env: dict | None = None,
        cwd: Path | None = None) -> tuple[int, str]:
    """Runs cmd, returning (exit status, stdout+stderr); -9 on timeout."""
    try:
        proc = subprocess.run([str(c) for c in cmd], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout,
                              env=env, cwd=cwd, check=False)
        return proc.returncode, proc.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if e.stdout else ""
        return -9, out


def files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.rglob("*") if p.is_file())


def prepare_out(out: Path, targets: list[Target]) -> None:
    """Clears what a previous campaign in `out` left, except its corpus.

    Old artifacts would be reported again as this run's findings; the
    merged corpus out/corpus/NAME is the best seed a new run can have, so
    it joins each target's seeds.
    """
    shutil.rmtree(out / "findings", ignore_errors=True)
    for target in targets:
        for directory in ("artifacts", "afl", "work"):
            shutil.rmtree(out / directory / target.name, ignore_errors=True)
        previous = out / "corpus" / target.name
        if files(previous):
            target.seeds.append(previous)


def fuzz_libfuzzer(target: Target, seconds: int, jobs: int, out: Path,
                  dictionary: Path | None, runs: int | None = None,
                  fuzz_seed: int = DEFAULT_FUZZ_SEED) -> None:
    """Fuzzes for `seconds`, or for `runs` executions after the seeds, then
    merges the corpus into out/corpus/NAME.

    A crash must not end a target's campaign early, so one shallow bug
    cannot hide the rest. With one job, libFuzzer is restarted on the grown
    corpus after each crash, which keeps its full speed; with more, -fork=N
    -ignore_crashes does the same across N processes (its short jobs each
    reload part of the corpus, a cost that only parallelism repays).

    With `runs` (one job), a campaign is a function of the binary, the seeds
    and `fuzz_seed`: -seed is fixed, and -reload=0 stops libFuzzer from
    rereading its corpus directory once a second, which runs inputs at
    moments that depend on the clock (fuzz/planted/planted_test.py).
    """
    work = out / "work" / target.name
    live = work / "corpus"
    artifacts = out / "artifacts" / target.name
    merged = out / "corpus" / target.name
    for d in (live, artifacts, merged):
        d.mkdir(parents=True, exist_ok=True)
    flags = [*libfuzzer_limits(), f"-max_len={max_len(target.name)}",
             "-print_final_stats=1",
             f"-artifact_prefix={artifacts}/"]
    if dictionary:
        flags.append(f"-dict={dictionary}")
    if jobs > 1:
        flags += [f"-fork={jobs}", "-ignore_crashes=1", "-ignore_timeouts=1",
                  "-ignore_ooms=1"]
    if runs is not None:
        flags += [f"-seed={fuzz_seed}", "-reload=0"]
        # The seeds' own executions count in libFuzzer's -runs.
        total_runs = runs + sum(len(files(d)) for d in target.seeds)
        log_message(f"{target.name}: fuzzing {runs} runs after the seeds, "
                    f"-seed={fuzz_seed}")
    else:
        log_message(f"{target.name}: fuzzing {seconds} s"
            + (f" with -fork={jobs}" if jobs > 1 else ""))
    started = time.monotonic()
    execs, restarts = 0, 0
    with open(work / "fuzz.log", "w", encoding="utf-8") as log:
        while True:
            if runs is None:
                left = round(seconds - (time.monotonic() - started))
                if left < 2:
                    break
                budget, wall = [f"-max_total_time={left}"], left + 300
            else:
                left = total_runs - execs
                if left < 1:
                    break
                budget, wall = [f"-runs={left}"], RUN_BOUNDED_WALL_S
            run_started = time.time()
            code, output = run(
                [target.binary, *flags, *budget, live, *target.seeds], wall,
                sanitizer_env(), cwd=work)
            log.write(output)
            execs += parse_libfuzzer_stats(output)
            restarts += 1
            # Go on only if the run ended on an artifact (a rediscovered input
            # rewrites its file) after loading the corpus: a clean exit means
            # the time is spent, and a failure without an artifact, or on a
            # seed, would only repeat.
            newest = max((p.stat().st_mtime for p in files(artifacts)),
                         default=0)
            if code == 0 or jobs > 1 or newest < run_started:
                break
            if "INITED" not in output:
                target.notes.append(
                    f"{target.name}: a seed fails, so fuzzing stopped after "
                    f"{round(time.monotonic() - started)} s; see the findings")
                break
    elapsed = time.monotonic() - started
    log_message(f"{target.name}: merging the corpus into {merged}")
    _, merge_log = run([target.binary, "-merge=1", *libfuzzer_limits(), merged,
                        live, *target.seeds], 600, sanitizer_env(), cwd=work)
    (work / "merge.log").write_text(merge_log)
    target.stats = {"time_s": round(elapsed), "execs": execs, "runs": restarts,
                    "execs_per_s": round(execs / elapsed) if elapsed else 0,
                    "corpus_size": len(files(merged))}
    slow = []
    for path in files(artifacts):
        if path.name.startswith("slow-unit-"):
            slow.append(path)
        for prefix, kind in _LIBFUZZER_ARTIFACT_KINDS.items():
            if path.name.startswith(prefix):
                target.artifacts.append((path, kind))
    if slow:
        target.notes.append(
            f"{target.name}: {len(slow)} inputs took over {SLOW_UNIT_S} s "
            f"(slow units, not failures; replay them with COLCHECK_FUZZ_"
            f"ORACLES=all to see their work): "
            + ", ".join(str(p) for p in slow[:10]))


def fuzz_afl(target: Target, seconds: int, jobs: int, out: Path,
            dictionary: Path | None, mutator: Path | None) -> None:
    """Runs afl-fuzz -M/-S instances for `seconds`, then afl-cmin's corpus."""
    work = out / "work" / target.name
    seeds = work / "seeds"
    sync = out / "afl" / target.name
    merged = out / "corpus" / target.name
    shutil.rmtree(seeds, ignore_errors=True)
    seeds.mkdir(parents=True)
    sync.mkdir(parents=True, exist_ok=True)
    # afl-fuzz takes one input directory; names are prefixed by their source
    # so equal names from two directories do not collide.
    for i, directory in enumerate(target.seeds):
        for path in files(directory):
            shutil.copy(path, seeds / f"{i}_{path.name}")
    env = sanitizer_env()
    # afl-fuzz insists on its own ASan settings, and reports every crash as
    # a signal, which symbolizing would only slow down.
    env["ASAN_OPTIONS"] = "abort_on_error=1:symbolize=0:detect_leaks=0"
    env.update(AFL_NO_UI="1", AFL_SKIP_CPUFREQ="1", AFL_AUTORESUME="1",
               AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES="1", AFL_SKIP_CRASHES="1",
               AFL_NO_AFFINITY="1",
               # afl-cmin refuses /tmp for fear of other users' symlinks;
               # its files here all live in this campaign's own directory.
               AFL_ALLOW_TMP="1")
    if mutator:
        env["AFL_CUSTOM_MUTATOR_LIBRARY"] = str(mutator)
    memory = afl_memory_limit(target.binary)
    base = ["afl-fuzz", "-i", seeds, "-o", sync, "-V", str(seconds), "-m",
            memory, "-t", str(TIMEOUT_S * 1000),
            "-G", str(max_len(target.name))]
    if dictionary:
        base += ["-x", dictionary]
    names = ["main"] + [f"secondary{i}" for i in range(1, jobs)]
    log_message(f"{target.name}: afl-fuzz for {seconds} s, {jobs} instance(s)")
    procs = []
    for name in names:
        role = ["-M", name] if name == "main" else ["-S", name]
        # Closed below, once the instance has exited.
        log = open(work / f"afl-{name}.log", "wb")  # pylint: disable=R1732
        procs.append((subprocess.Popen(  # pylint: disable=R1732
            [str(c) for c in base + role + ["--", target.binary]],
            stdout=log, stderr=subprocess.STDOUT, env=env), log))
    for proc, log in procs:
        try:
            proc.wait(timeout=seconds + 300)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
    execs, rate, queue_files = 0, 0, []
    for name in names:
        stats = parse_afl_stats(_read_text(sync / name / "fuzzer_stats"))
        execs += int(stats.get("execs_done", "0"))
        rate += float(stats.get("execs_per_sec", "0"))
        queue_files += [p for p in files(sync / name / "queue")
                        if p.name.startswith("id:")]
        for sub, kind in (("crashes", "crash"), ("hangs", "timeout")):
            target.artifacts += [(p, kind) for p in files(sync / name / sub)
                                 if p.name.startswith("id:")]
    pool = work / "cmin-input"
    shutil.rmtree(pool, ignore_errors=True)
    pool.mkdir()
    for i, path in enumerate(queue_files + files(merged)):
        shutil.copy(path, pool / f"{i:06d}")
    shutil.rmtree(merged, ignore_errors=True)
    merged.parent.mkdir(parents=True, exist_ok=True)
    log_message(f"{target.name}: afl-cmin into {merged}")
    _, cmin_log = run(["afl-cmin", "-i", pool, "-o", merged, "-m", memory,
                       "-t", str(TIMEOUT_S * 1000), "--", target.binary], 900,
                      env)
    (work / "cmin.log").write_text(cmin_log)
    target.stats = {"time_s": seconds, "execs": execs,
                    "execs_per_s": round(rate),
                    "corpus_size": len(files(merged))}


def _read_text(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""


def reproduce_command(engine: str, binary: Path, reproducer: Path) -> list:
    """The command that replays one input through the fuzzer binary."""
    if engine == "libfuzzer":
        return [binary, *libfuzzer_limits(), reproducer]
    # The AFL++ driver runs the files it is given once each.
    return [binary, reproducer]


def reproduce(engine: str, binary: Path, path: Path) -> Failure | None:
    _, output = run(reproduce_command(engine, binary, path), TIMEOUT_S * 3 + 30,
                    all_oracles_env())
    return parse_failure(output)


def minimize(engine: str, binary: Path, source: Path, dest: Path,
             kind: str, seconds: int) -> bool:
    """Writes a smaller input with the same failure to dest; False if none.

    Only crashes are minimized: each attempt on a timeout or OOM costs the
    full limit, which a campaign cannot afford per finding.
    """
    if kind != "crash":
        return False
    if engine == "libfuzzer":
        cmd = [binary, "-minimize_crash=1", "-runs=100000",
               f"-max_total_time={seconds}",
               *libfuzzer_limits(), f"-exact_artifact_path={dest}", source]
    else:
        cmd = ["afl-tmin", "-i", source, "-o", dest, "-m",
               afl_memory_limit(binary), "-t", str(TIMEOUT_S * 1000), "--",
               binary]
    env = all_oracles_env()
    if engine == "afl":
        env["ASAN_OPTIONS"] = "abort_on_error=1:symbolize=0:detect_leaks=0"
    run(cmd, seconds + 60, env, cwd=dest.parent)
    if dest.exists() and dest.stat().st_size < source.stat().st_size:
        return True
    dest.unlink(missing_ok=True)
    return False


def run_colcheck(colcheck: Path | None, path: Path) -> dict | None:
    """colcheck's verdict and diagnostics for a reproducer."""
    if colcheck is None:
        return None
    code, output = run([colcheck, "validate", "--format", "json", path], 120)
    result = {"exit_code": code}
    try:
        file_report = json.loads(output)["files"][0]
        result["verdict"] = file_report.get("verdict")
        result["diagnostics"] = file_report.get(
            "diagnostics", [])[:REPORT_DIAGNOSTICS]
    except (ValueError, KeyError, IndexError):
        result["error"] = output.strip()[-500:]
    return result


def triage(engine: str, targets: list[Target], out: Path, roots: list[Path],
           depth: int, known: set[str], colcheck: Path | None,
           minimize_seconds: int, notes: list[str],
           run_bounded: bool = False) -> list[dict]:
    """Reproduces, deduplicates, minimizes and describes every artifact.

    In a run-bounded campaign, findings that depend on the machine's load
    are marked as not deciding the exit status (decides()).
    """
    groups: dict[str, dict] = {}
    for target in targets:
        artifacts = sorted(target.artifacts, key=lambda a: a[0].stat().st_size)
        if len(artifacts) > MAX_TRIAGED_PER_TARGET:
            notes.append(f"{target.name}: triaged the {MAX_TRIAGED_PER_TARGET} "
                         f"smallest of {len(artifacts)} artifacts")
        for path, artifact_kind in artifacts[:MAX_TRIAGED_PER_TARGET]:
            failure = reproduce(engine, target.binary, path)
            if failure is None:
                failure = Failure(artifact_kind,
                                  f"unreproducible-{artifact_kind}", "", [])
            signature = signature_of(failure, roots, depth, target.name)
            group = groups.setdefault(signature, {
                "failure": failure, "target": target, "path": path, "count": 0,
                "targets": []})
            group["count"] += 1
            if target.name not in group["targets"]:
                group["targets"].append(target.name)
    findings = []
    for signature, group in sorted(groups.items()):
        failure, target, original = (group["failure"], group["target"],
                                     group["path"])
        directory = out / "findings" / signature_id(signature)
        directory.mkdir(parents=True, exist_ok=True)
        shutil.copy(original, directory / "original")
        reproducer = directory / "original"
        minimized = directory / "minimized"
        minimized.unlink(missing_ok=True)
        log_message(f"{target.name}: {signature}")
        if minimize(engine, target.binary, original, minimized, failure.kind,
                    minimize_seconds):
            again = reproduce(engine, target.binary, minimized)
            # A minimizer keeps any crash; a different bug is not this finding.
            if again and signature_of(again, roots, depth,
                                      target.name) == signature:
                reproducer = minimized
        command = reproduce_command(engine, target.binary, reproducer)
        env = all_oracles_env()
        findings.append({
            "signature": signature,
            "id": signature_id(signature),
            "kind": failure.kind,
            "type": failure.type,
            "known": signature in known,
            "decides": not run_bounded or decides(failure.kind,
                                                  failure.headline),
            "targets": group["targets"],
            "count": group["count"],
            "headline": failure.headline,
            "oracle": failure.oracle,
            "stack": trim_stack(failure.frames),
            "original": str(directory / "original"),
            "reproducer": str(reproducer),
            "reproducer_size": reproducer.stat().st_size,
            "minimized": reproducer == minimized,
            "command": " ".join(
                [f"ASAN_OPTIONS={shlex.quote(env['ASAN_OPTIONS'])}",
                 f"UBSAN_OPTIONS={shlex.quote(env['UBSAN_OPTIONS'])}",
                 "COLCHECK_FUZZ_ORACLES=all"] +
                [shlex.quote(str(c)) for c in command]),
            "colcheck": run_colcheck(colcheck, reproducer),
        })
    return findings


def timestamp() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(
        timespec="seconds")
