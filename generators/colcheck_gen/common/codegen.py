"""Code generated at run time from colcheck's own IDLs (`thrift --gen py`
of parquet.thrift, `protoc --python_out` of orc_metadata.proto), once per
IDL content, into a cache directory: $COLCHECK_GEN_BUILD if set, else a
directory under the system temp dir. Nothing generated is committed."""

import hashlib
import importlib.util
import os
import shutil
import subprocess
import tempfile


def _cache_root():
    root = os.environ.get("COLCHECK_GEN_BUILD")
    if root:
        return root
    return os.path.join(tempfile.gettempdir(),
                        f"colcheck-gen-{os.getuid()}")


def compiler(program, package, unavailable):
    """The path of `program`; raises `unavailable` (an exception class)
    naming its Debian package when it is not on PATH."""
    path = shutil.which(program)
    if path is None:
        raise unavailable(
            f"{program} is not on PATH (Debian package '{package}')")
    return path


def generate(idl_path, prefix, command, what):
    """(directory, digest): the output of running command(directory) for
    the IDL at `idl_path`, in the cache directory <prefix><digest of the
    IDL>, generated first if it is not there; `what` names the command in
    the error raised when it fails."""
    with open(idl_path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    out_dir = os.path.join(_cache_root(), prefix + digest)
    if not os.path.isdir(out_dir):
        # Generate into a private directory, then rename, so a concurrent
        # run never imports a half-written module.
        os.makedirs(_cache_root(), exist_ok=True)
        staging = tempfile.mkdtemp(dir=_cache_root())
        try:
            subprocess.run(command(staging), check=True, capture_output=True,
                           text=True)
        except subprocess.CalledProcessError as e:
            shutil.rmtree(staging, ignore_errors=True)
            raise RuntimeError(f"{what} failed:\n{e.stderr}") from e
        try:
            os.rename(staging, out_dir)
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)  # Another run won.
    return out_dir, digest


def import_file(name, path):
    """Imports the Python file at `path` as a module called `name`."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
