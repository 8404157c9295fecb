"""What the Parquet and ORC generators share: the breakage registry, the
diagnostic codes, the repository's paths and byte helpers."""
