# The extension's functions return the JSON the command line prints; the
# package (colcheck/__init__.py) turns it into typed objects.
from typing import BinaryIO, Optional, Union

__version__: str

class ToolError(OSError): ...

_File = Union[str, bytes, bytearray, memoryview]

def validate(file: Union[_File, BinaryIO], name: str, level: int, max_diagnostics: int,
             threads: int, select: Optional[str], ignore: str,
             severity: str, strict: bool, headers: list[str],
             keys: dict) -> str: ...
def explain(file: _File, name: str, footer: bool,
            max_diagnostics: int, keys: dict) -> str: ...
def schema(file: _File, name: str, max_diagnostics: int, keys: dict) -> str: ...
def plan(file: _File, name: str, data: bool, max_diagnostics: int,
         keys: dict) -> str: ...
def codes() -> str: ...
