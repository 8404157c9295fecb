"""The repository's root, for the files the generators read (IDLs, the
code registry, peers/) and the corpus they write."""

import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
