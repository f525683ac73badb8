"""Build the compiled search core (Cython, optimised); everything else is in pyproject.toml.

With GCC the core is built guided by a profile (PGO): built once instrumented, run on
tools/pgo_training.py's seeded solves, built again with what that run recorded.  The search
is all branches; the profile tells the compiler which way they go (the median deal 2-16 %
faster, the same nodes: docs/reference/solving-speed.md).  ``TAROKDD_PGO=0`` builds
without it; so does any other compiler, or any failure of the profiling step (with a warning).

On x86 the core counts and finds bits with the processor's POPCNT, LZCNT and BMI instructions
where the machine that builds it has them (5-10 % less time on seeded deals, the same nodes);
``TAROKDD_PORTABLE=1`` builds without them, for a build run on other machines.  A core built
with them refuses to load on a processor without them (solver/_system.pxd, _core.pyx).
"""

import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.modified import newer_group

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
}
TRAINING = Path(__file__).resolve().parent / "tools" / "pgo_training.py"


class ProfileGuidedBuild(build_ext):
    """build_ext that builds with GCC's profile-guided optimisation where it can."""

    def build_extensions(self) -> None:
        if (os.environ.get("TAROKDD_PGO") == "0" or not self._gcc() or not TRAINING.is_file()
                or not (self.force or any(newer_group(ext.sources + ext.depends, self.get_ext_fullpath(ext.name))
                                          for ext in self.extensions))):  # (or nothing to build)
            super().build_extensions()
            return
        self.force = True  # (both builds, whatever their files' dates)
        plain = {ext.name: (list(ext.extra_compile_args), list(ext.extra_link_args)) for ext in self.extensions}
        profile = tempfile.mkdtemp(prefix="tarokdd-pgo-")
        try:
            try:
                self._flags(plain, ["-fprofile-generate", "-fprofile-dir=" + profile], ["-fprofile-generate"])
                super().build_extensions()
                for ext in self.extensions:
                    subprocess.run([sys.executable, str(TRAINING), self.get_ext_fullpath(ext.name)], check=True,
                                   stdout=subprocess.DEVNULL, timeout=600)
                if not any(name.endswith(".gcda") for name in os.listdir(profile)):
                    raise RuntimeError("the training run recorded no profile")
                self._flags(plain, ["-fprofile-use", "-fprofile-dir=" + profile, "-fprofile-partial-training"], [])
                super().build_extensions()
                return
            except Exception as e:  # any failure: the plain build
                print("warning: building the search core without a profile (%s)" % e, file=sys.stderr)
            self._flags(plain, [], [])
            super().build_extensions()
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    def _flags(self, plain: dict, compile_args: list, link_args: list) -> None:
        for ext in self.extensions:
            ext.extra_compile_args = plain[ext.name][0] + compile_args
            ext.extra_link_args = plain[ext.name][1] + link_args

    def _gcc(self) -> bool:
        """Whether the C compiler is GCC (clang and MSVC take other profiling flags)."""
        if self.compiler.compiler_type != "unix":
            return False
        try:
            out = subprocess.run(self.compiler.compiler_so[:1] + ["--version"], capture_output=True, text=True,
                                 timeout=60).stdout
        except (OSError, subprocess.SubprocessError):
            return False
        return "Free Software Foundation" in out and "clang" not in out


# x86 instructions the core is built with where the building processor has them: the flag, and
# the feature's name in Linux's /proc/cpuinfo and in macOS's sysctl machdep.cpu tables
X86_FEATURES = [("-mpopcnt", "popcnt", "POPCNT"), ("-mlzcnt", "abm", "LZCNT"), ("-mbmi", "bmi1", "BMI1"),
                ("-mbmi2", "bmi2", "BMI2")]


def cpu_features() -> set:
    """The names (Linux's, lower case) of this machine's x86 features, empty elsewhere."""
    if platform.machine().lower() not in ("x86_64", "amd64", "i386", "i686"):
        return set()
    try:
        if sys.platform.startswith("linux"):
            with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
                for line in f:
                    if line.startswith("flags"):
                        return set(line.split(":", 1)[-1].split())
        elif sys.platform == "darwin":
            out = subprocess.run(["sysctl", "-n", "machdep.cpu.features", "machdep.cpu.leaf7_features",
                                  "machdep.cpu.extfeatures"], capture_output=True, text=True, timeout=60).stdout
            have = set(out.split())
            return {linux for _, linux, mac in X86_FEATURES if mac in have}
    except (OSError, subprocess.SubprocessError):
        pass
    return set()


def compile_args() -> list:
    """The optimising flags, with the bit instructions this machine has (unless TAROKDD_PORTABLE=1)."""
    if sys.platform == "win32":
        return ["/O2"]  # (MSVC's bit count is POPCNT already: solver/_types.pxd)
    have = cpu_features() if os.environ.get("TAROKDD_PORTABLE") != "1" else set()
    return ["-O3"] + [flag for flag, linux, _ in X86_FEATURES if linux in have]


extensions = [
    Extension("solver." + pyx.stem, [str(pyx)], extra_compile_args=compile_args())
    for pyx in sorted(Path("solver").glob("*.pyx"))
]

setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES), cmdclass={"build_ext": ProfileGuidedBuild})
