"""Generates and imports the Python protobuf classes of ORC's metadata.

`protoc --python_out` runs once per .proto content into a cache directory
($COLCHECK_GEN_BUILD/orc-py-<hash> if set, else under the system temp dir),
the same scheme as thrift_gen.py. Nothing generated is committed.

    pb = orc_proto.load()
    ps = pb.PostScript(footer_length=10, compression=pb.NONE)
"""

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

from colcheck_gen.common.paths import REPO

DEFAULT_PROTO = os.path.join(REPO, "validator", "orc",
                             "orc_metadata.proto")

_module = None


class ProtobufUnavailable(RuntimeError):
    """protoc or the python3 protobuf module is missing."""


def _cache_root():
    root = os.environ.get("COLCHECK_GEN_BUILD")
    if root:
        return root
    return os.path.join(tempfile.gettempdir(), f"colcheck-gen-{os.getuid()}")


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
    compiler = shutil.which("protoc")
    if compiler is None:
        raise ProtobufUnavailable(
            "protoc is not on PATH (Debian package 'protobuf-compiler')")
    with open(DEFAULT_PROTO, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    out_dir = os.path.join(_cache_root(), f"orc-py-{digest}")
    if not os.path.isdir(out_dir):
        # Generate privately, then rename: a concurrent run never imports a
        # half-written module.
        os.makedirs(_cache_root(), exist_ok=True)
        staging = tempfile.mkdtemp(dir=_cache_root())
        try:
            subprocess.run([compiler, f"--python_out={staging}",
                            f"-I{os.path.dirname(DEFAULT_PROTO)}",
                            DEFAULT_PROTO],
                           check=True, capture_output=True, text=True)
        except subprocess.CalledProcessError as e:
            shutil.rmtree(staging, ignore_errors=True)
            raise RuntimeError(f"protoc failed:\n{e.stderr}") from e
        try:
            os.rename(staging, out_dir)
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)  # Another run won.
    path = os.path.join(out_dir, "orc_metadata_pb2.py")
    spec = importlib.util.spec_from_file_location("colcheck_orc_metadata_pb2",
                                                  path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _module = module
    return module
