"""Builds the colcheck Python package: python/colcheck, and its extension
colcheck._colcheck (python/colcheck_module.cc) with the project's CMake.

COLCHECK_CMAKE_BUILD_DIR names a configured build tree to build the
extension in (a developer's build/, so nothing is compiled twice);
otherwise a Release tree is configured under build-python/.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(colcheck VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        tree = os.environ.get("COLCHECK_CMAKE_BUILD_DIR")
        if not tree:
            tree = str(ROOT / "build-python" / "cmake")
            subprocess.run(
                ["cmake", "-S", str(ROOT), "-B", tree, "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", "-DCOLCHECK_BUILD_TESTS=OFF",
                 f"-DPython3_EXECUTABLE={sys.executable}"],
                check=True)
        subprocess.run(["cmake", "--build", tree, "--target",
                        "colcheck_python", "--parallel"], check=True)
        built = sorted((pathlib.Path(tree) / "python" / "colcheck")
                       .glob("_colcheck*.so"))
        if not built:
            raise RuntimeError(f"no colcheck extension was built in {tree}")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    version=project_version(),
    packages=["colcheck"],
    package_dir={"": "python"},
    package_data={"colcheck": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("colcheck._colcheck", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-python"},
             "egg_info": {"egg_base": "build-python"}},
    zip_safe=False,
)
