"""Comparing a fresh generation with the committed corpus, for the corpus
builders' --check."""

import filecmp
import os


def files(root):
    """The paths of every file under `root`, relative to it."""
    out = set()
    for base, _, names in os.walk(root):
        out |= {os.path.relpath(os.path.join(base, n), root) for n in names}
    return out


def differences(fresh, old, parts):
    """The files of `parts` (directories or files, relative to both roots)
    that differ between `fresh` and `old`: missing, not generated, or with
    other bytes."""
    bad = []
    for rel in parts:
        a, b = os.path.join(fresh, rel), os.path.join(old, rel)
        if os.path.isfile(a):
            if not os.path.isfile(b):
                bad.append(rel + " (missing)")
            elif not filecmp.cmp(a, b, shallow=False):
                bad.append(rel)
            continue
        new, have = files(a), files(b) if os.path.isdir(b) else set()
        bad += [os.path.join(rel, f) + " (missing)" for f in new - have]
        bad += [os.path.join(rel, f) + " (not generated)" for f in have - new]
        bad += [os.path.join(rel, f) for f in sorted(new & have)
                if not filecmp.cmp(os.path.join(a, f), os.path.join(b, f),
                                   shallow=False)]
    return sorted(bad)


def report(bad, module, same):
    """Prints the differences and returns 1, or prints `same` and returns 0
    (--check's exit status)."""
    if bad:
        print(f"differs from a fresh generation (run python3 -m {module}):"
              "\n  " + "\n  ".join(bad))
        return 1
    print(same)
    return 0
