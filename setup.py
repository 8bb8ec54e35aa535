"""Build the optional compiled solver; everything else is declared in pyproject.toml.

``webapp.ai._csolver`` is the open-hand solver's core in C. Without a C compiler the build only
warns and Kiebitz installs all the same: ``webapp.ai.solver.get_solver()`` then uses the
pure-Python solver.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """Build the extensions, but let a failed build be a warning, never a failed install."""

    def run(self) -> None:
        """Build, or warn that the pure-Python solver will be used."""
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers, …: fall back, never fail
            self._warn(error)

    def build_extension(self, ext: Extension) -> None:
        """Build one extension, or warn."""
        try:
            super().build_extension(ext)
        except Exception as error:
            self._warn(error)

    @staticmethod
    def _warn(error: Exception) -> None:
        print(
            f"warning: the compiled solver was not built ({error}); "
            "Kiebitz will use the pure-Python solver",
            file=sys.stderr,
        )


setup(
    ext_modules=[
        Extension(
            "webapp.ai._csolver",
            sources=["webapp/ai/_csolver.c"],
            extra_compile_args=["-O2"] if sys.platform != "win32" else ["/O2"],
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
