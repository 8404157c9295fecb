"""The reader conformance suite (conformance/README.md): y_, n_ and i_
cases written from a fixed seed, with their expected rows computed here
from the values written, independently of colcheck."""
