"""corpus/orc/: a fresh generation is byte-identical to the committed
files, every file is small and passes every whole-file check of
test_orc_writer, and each covers what the README says it covers."""

import os
import unittest

from colcheck_gen.orc import (corpus as orc_corpus, rle as orc_rle,
                              writer as orc_writer)
from tests.test_orc_rle import decode_int_rle_v2
from tests.test_orc_writer import OrcChecks, parse

CORPUS = os.path.join(orc_corpus.REPO, "corpus", "orc")


class OrcCorpusTest(OrcChecks):
    @classmethod
    def setUpClass(cls):
        cls.files = {name: orc_corpus.build(name) for name in orc_corpus.VALID}

    def test_committed_files_are_a_fresh_generation(self):
        self.assertEqual(orc_corpus.check(CORPUS), [])

    def test_every_file_is_small_and_valid(self):
        for name, orc in self.files.items():
            with self.subTest(name=name):
                self.assertLess(len(orc.data), orc_corpus.MAX_BYTES)
                self.check_file(orc, orc.spec.rows)

    def test_codecs_and_chunks(self):
        for codec in ("ZLIB", "SNAPPY", "LZO", "LZ4", "ZSTD"):
            orc = self.files["codec_" + codec.lower()]
            self.assertEqual(orc.postscript.compression,
                             orc_writer.orc_compress.CODEC_IDS[codec])
            chunks = [c for st in orc.layout.stripes for s in st.streams
                      for c in s.chunks]
            self.assertTrue(any(c.original for c in chunks), codec)
            self.assertTrue(any(not c.original for c in chunks), codec)
            self.assertGreater(max(len(s.chunks) for st in orc.layout.stripes
                                   for s in st.streams), 1)

    def test_rle_v2_runs_has_every_sub_encoding(self):
        orc = self.files["rle_v2_runs"]
        parsed = parse(orc.data)
        _, _, streams = parsed.stripes[0]
        kinds = []
        decode_int_rle_v2(streams[(1, orc_writer.DATA)].data, True,
                          kinds=kinds)
        self.assertEqual(set(kinds), {orc_rle.SHORT_REPEAT, orc_rle.DIRECT,
                                      orc_rle.PATCHED_BASE, orc_rle.DELTA})
        kinds = []
        decode_int_rle_v2(parse(self.files["rle_v2_forced_patched_base"]
                                .data).stripes[0][2][(1, orc_writer.DATA)]
                          .data, True, kinds=kinds)
        self.assertEqual(set(kinds), {orc_rle.PATCHED_BASE})

    def test_shapes(self):
        self.assertEqual(len(self.files["empty"].footer.stripes), 0)
        self.assertEqual(len(self.files["stripes_index_bloom"].footer.stripes),
                         3)
        blooms = self.files["stripes_index_bloom"].bloom_indexes
        self.assertEqual(len(blooms[0]), 7)
        rle_v1 = self.files["rle_v1"].stripe_footers[0]
        self.assertIn(1, {c.kind for c in rle_v1.columns})  # DICTIONARY
        self.assertNotIn(2, {c.kind for c in rle_v1.columns})
        self.assertEqual(self.files["cpp_writer"].footer.writer, 1)


if __name__ == "__main__":
    unittest.main()
