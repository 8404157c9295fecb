"""Campaigns against other Parquet readers: fuzz/campaign --reader-cmd.

The structure-aware mutator (fuzz/mutator/parquet_mutate) writes mutants
of seed files; each goes through the reader command, without coverage, and
through colcheck. Every input lands in one cell of a differential matrix:

                     colcheck: valid   invalid
    reader accepts   agree             the reader misses a fault
    reader rejects   a false rejection agree
    reader crashes   always a finding  always a finding
    reader hangs     always a finding  always a finding

A crash is a death by signal (or an exit status of 128 and above, which
shells and runtimes use for one); a hang outlives --reader-timeout. The
inputs of every cell but the agreeing ones are kept with a reproducer
command in report.json and report.md.
"""

import json
import shlex
import signal
import subprocess
import time
from pathlib import Path

OUTCOMES = ("accepts", "rejects", "crashes", "hangs")
# At most this many example inputs per matrix cell in the report.
EXAMPLES_PER_CELL = 10


def reader_argv(template: str, path: Path) -> list[str]:
    """The reader command for one input: `{}` in the template is the
    input's path (appended when the template has none)."""
    words = shlex.split(template)
    if not any("{}" in w for w in words):
        words.append("{}")
    return [w.replace("{}", str(path)) for w in words]


def classify(returncode: int | None) -> str:
    """The reader's outcome from its exit status; None is a timeout."""
    if returncode is None:
        return "hangs"
    if returncode < 0 or returncode >= 128:
        return "crashes"
    return "accepts" if returncode == 0 else "rejects"


def signal_name(returncode: int | None) -> str | None:
    if returncode is None or 0 <= returncode < 128:
        return None
    number = -returncode if returncode < 0 else returncode - 128
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def run_reader(template: str, path: Path, timeout: float,
               cwd: Path | None) -> dict:
    """Runs the reader on one input: outcome, exit status, seconds, and the
    tail of its output."""
    started = time.monotonic()
    try:
        proc = subprocess.run(reader_argv(template, path), cwd=cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, check=False)
        code, output = proc.returncode, proc.stdout
    except subprocess.TimeoutExpired as e:
        code, output = None, e.stdout or b""
    return {"outcome": classify(code), "exit_code": code,
            "signal": signal_name(code),
            "seconds": round(time.monotonic() - started, 3),
            "output": output.decode(errors="replace").strip()[-300:]}


def colcheck_verdicts(colcheck: Path, paths: list[Path]) -> dict:
    """{path: (verdict, first error code or None)} from one colcheck run."""
    verdicts = {}
    for start in range(0, len(paths), 200):
        batch = paths[start:start + 200]
        proc = subprocess.run(
            [str(colcheck), "validate", "--format", "json",
             *map(str, batch)], stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, check=False)
        for report in json.loads(proc.stdout)["files"]:
            errors = [d["code"] for d in report["diagnostics"]
                      if d["severity"] == "error"]
            verdicts[report["path"]] = (report["verdict"],
                                        errors[0] if errors else None)
    return verdicts


def mutants(mutate: Path, seeds: list[Path], count: int, seed: int,
            out: Path) -> list[Path]:
    """The seed files themselves, then `count` mutants of them."""
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(mutate), "--seed", str(seed), "--count", str(count),
                    "--out", str(out), *map(str, seeds)],
                   stdout=subprocess.DEVNULL, check=True)
    return seeds + sorted(p for p in out.iterdir() if p.is_file())


def run_campaign(template: str, inputs: list[Path], colcheck: Path,
                 timeout: float, budget_s: float, cwd: Path | None) -> dict:
    """Runs every input (until the time budget is spent) and builds the
    matrix."""
    verdicts = colcheck_verdicts(colcheck, inputs)
    started = time.monotonic()
    matrix = {o: {} for o in OUTCOMES}
    examples = {}
    ran = 0
    for path in inputs:
        if time.monotonic() - started > budget_s:
            break
        result = run_reader(template, path, timeout, cwd)
        verdict, first_error = verdicts.get(str(path), ("unknown", None))
        cell = (result["outcome"], verdict)
        matrix[result["outcome"]][verdict] = (
            matrix[result["outcome"]].get(verdict, 0) + 1)
        ran += 1
        if _interesting(*cell):
            kept = examples.setdefault(f"{cell[0]}/{cell[1]}", [])
            if len(kept) < EXAMPLES_PER_CELL:
                kept.append({"input": str(path), "colcheck_error": first_error,
                             "reproduce": shlex.join(
                                 reader_argv(template, path)),
                             **result})
    return {"reader_cmd": template, "inputs": ran, "skipped": len(inputs) - ran,
            "timeout_s": timeout,
            "duration_s": round(time.monotonic() - started),
            "matrix": matrix, "examples": examples,
            "findings": sum(n for o in ("crashes", "hangs")
                            for n in matrix[o].values())}


def _interesting(outcome: str, verdict: str) -> bool:
    return not ((outcome == "accepts" and verdict == "valid") or
                (outcome == "rejects" and verdict == "invalid"))


def render_markdown(report: dict) -> str:
    verdicts = sorted({v for row in report["matrix"].values() for v in row})
    lines = [f"# Reader campaign: `{report['reader_cmd']}`", "",
             f"{report['inputs']} inputs in {report['duration_s']} s "
             f"({report['skipped']} left for lack of time), timeout "
             f"{report['timeout_s']} s; {report['findings']} crash(es) or "
             "hang(s).", "",
             "| Reader \\ colcheck | " + " | ".join(verdicts) + " |",
             "|---|" + "---|" * len(verdicts)]
    for outcome in OUTCOMES:
        row = report["matrix"][outcome]
        lines.append(f"| {outcome} | " +
                     " | ".join(str(row.get(v, 0)) for v in verdicts) + " |")
    for cell, kept in sorted(report["examples"].items()):
        outcome, verdict = cell.split("/")
        lines += ["", f"## Reader {outcome}, colcheck says {verdict}", ""]
        for e in kept:
            why = f" (colcheck: `{e['colcheck_error']}`)" \
                if e["colcheck_error"] else ""
            status = e["signal"] or e["exit_code"]
            # What a reader that failed said (an accepting one printed data).
            said = (e["output"].splitlines()[-1][:160]
                    if e["output"] and e["outcome"] != "accepts" else "")
            lines.append(f"- `{e['input']}`{why}: exit {status}, "
                         f"{e['seconds']} s; `{e['reproduce']}`" +
                         (f"\n  reader: {said}" if said else ""))
    return "\n".join(lines) + "\n"


def write_report(report: dict, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "report.md").write_text(render_markdown(report))
