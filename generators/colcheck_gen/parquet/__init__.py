"""The Parquet generators: the writer, Hypothesis strategies, the fixed
and the generic mutations, and the corpus builders."""
