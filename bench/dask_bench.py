"""colcheck.dask over a directory of files, on 1 and on 2 worker processes.

Starts a distributed.LocalCluster of N single-threaded worker processes
for each N, validates every Parquet and ORC file under --corpus (default:
the real-world corpus) at --level, and prints the best wall time of
--repeat runs (the cluster's start not included) and the speed-up.

  PYTHONPATH=build/python /usr/bin/python3 bench/dask_bench.py \
      [--corpus ../shared/corpus-real-world] [--level full]
"""

import argparse
import os
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", default=os.environ.get(
        "COLCHECK_REAL_WORLD_CORPUS", "../shared/corpus-real-world"))
    parser.add_argument("--level", default="full")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--partition-size", type=int, default=64)
    args = parser.parse_args()
    from distributed import Client, LocalCluster
    import colcheck.dask
    corpus = "file://" + os.path.abspath(args.corpus)
    files = colcheck.dask.list_files([corpus])
    size = sum(os.path.getsize(f[len("file://"):]) for f in files)
    print(f"{len(files):,} files, {size / 1e6:.1f} MB, under {args.corpus}, "
          f"level {args.level}, {args.partition_size} files per task")
    best = {}
    for workers in args.workers:
        with LocalCluster(n_workers=workers, threads_per_worker=1,
                          processes=True, dashboard_address=None,
                          silence_logs=40) as cluster, Client(cluster) as c:
            times = []
            for _ in range(args.repeat):
                start = time.monotonic()
                frame = colcheck.dask.validate(
                    files, client=c, level=args.level,
                    partition_size=args.partition_size).compute()
                times.append(time.monotonic() - start)
            best[workers] = min(times)
            verdicts = frame[frame.kind == "file"].verdict.value_counts()
            print(f"  {workers} worker(s): best {best[workers]:.2f} s "
                  f"({len(files) / best[workers]:.0f} files/s) of "
                  f"{', '.join(f'{t:.2f}' for t in times)}; "
                  f"{dict(verdicts)}")
    if 1 in best:
        for workers, seconds in best.items():
            if workers != 1:
                print(f"  speed-up of {workers} workers: "
                      f"{best[1] / seconds:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
