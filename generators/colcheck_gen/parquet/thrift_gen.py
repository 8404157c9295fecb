"""Generates and imports the Python Thrift classes of colcheck's IDL.

`thrift --gen py` runs once per IDL content into a cache directory:
$COLCHECK_GEN_BUILD if set, else a directory under the system temp dir. The
directory name carries a hash of the IDL, so an edited IDL is regenerated
and concurrent runs with different IDLs do not collide (common/codegen.py).
"""

import os
import sys

from colcheck_gen.common import codegen
from colcheck_gen.common.paths import REPO

DEFAULT_IDL = os.path.join(REPO, "validator", "parquet",
                           "parquet.thrift")

_cache = {}


class ThriftUnavailable(RuntimeError):
    """The thrift compiler or the python3 thrift module is missing."""


def _check_python_thrift():
    try:
        import thrift.protocol.TCompactProtocol  # noqa: F401
    except ImportError as e:
        raise ThriftUnavailable(
            f"{sys.executable} lacks the 'thrift' module ({e}); on Debian "
            "install python3-thrift and run the generators with "
            "/usr/bin/python3") from e


def _find_ttypes(out_dir):
    """The generated ttypes.py; its package is the IDL's `namespace py`
    (or the IDL's file name without one)."""
    found = sorted(os.path.join(root, "ttypes.py")
                   for root, _, files in os.walk(out_dir)
                   if "ttypes.py" in files)
    if len(found) != 1:
        raise RuntimeError(f"expected one ttypes.py under {out_dir}, "
                           f"found {found}")
    return found[0]


def load(idl_path=None):
    """Returns the generated `ttypes` module for `idl_path` (default: the
    project's parquet.thrift), generating it first if needed."""
    idl_path = os.path.abspath(idl_path or DEFAULT_IDL)
    if idl_path in _cache:
        return _cache[idl_path]
    _check_python_thrift()
    if not os.path.exists(idl_path):
        raise FileNotFoundError(f"Thrift IDL not found: {idl_path}")
    compiler = codegen.compiler("thrift", "thrift-compiler", ThriftUnavailable)
    out_dir, digest = codegen.generate(
        idl_path, "",
        lambda out: [compiler, "--gen", "py", "-out", out, idl_path],
        f"thrift --gen py {idl_path}")
    module = codegen.import_file(f"colcheck_gen_thrift_{digest}",
                                 _find_ttypes(out_dir))
    _cache[idl_path] = module
    return module
