"""The ORC generators: the writer, Hypothesis strategies, the mutations
and the corpus builders."""
