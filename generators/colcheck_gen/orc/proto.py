"""Generates and imports the Python protobuf classes of ORC's metadata.

`protoc --python_out` runs once per .proto content into a cache directory
($COLCHECK_GEN_BUILD/orc-py-<hash> if set, else under the system temp dir),
the scheme of common/codegen.py, as parquet/thrift_gen.py. Nothing
generated is committed.

    pb = orc_proto.load()
    ps = pb.PostScript(footer_length=10, compression=pb.NONE)
"""

import importlib.util
import os
import sys

from colcheck_gen.common import codegen
from colcheck_gen.common.paths import REPO

DEFAULT_PROTO = os.path.join(REPO, "validator", "orc",
                             "orc_metadata.proto")

_module = None


class ProtobufUnavailable(RuntimeError):
    """protoc or the python3 protobuf module is missing."""


def load():
    """Returns the generated orc_metadata_pb2 module (generated on first
    use). One per process: protobuf registers its descriptors globally."""
    global _module
    if _module is not None:
        return _module
    if importlib.util.find_spec("google.protobuf") is None:
        raise ProtobufUnavailable(
            f"{sys.executable} lacks the 'protobuf' module; on Debian "
            "install python3-protobuf and use /usr/bin/python3")
    compiler = codegen.compiler("protoc", "protobuf-compiler",
                                ProtobufUnavailable)
    out_dir, _ = codegen.generate(
        DEFAULT_PROTO, "orc-py-",
        lambda out: [compiler, f"--python_out={out}",
                     f"-I{os.path.dirname(DEFAULT_PROTO)}", DEFAULT_PROTO],
        "protoc")
    module = codegen.import_file("colcheck_orc_metadata_pb2",
                                 os.path.join(out_dir, "orc_metadata_pb2.py"))
    _module = module
    return module
