"""The installed package is the wheel for CPython's stable ABI (one `cp39-abi3` wheel for every
CPython 3.9 or later), and, in the run of scripts/test-python (PACHISI_WHEEL_TEST=1), it was
installed and runs where no Rust toolchain can be found.

Outside that run the checks of the environment are skipped (visibly), except under CI=true,
where that fails: CI runs these tests through scripts/test-python only.
"""

import importlib.metadata
import os
import shutil
import sys
from pathlib import Path

import pytest

import pachisi
import pachisi._pachisi as native

WHEEL_TEST = os.environ.get("PACHISI_WHEEL_TEST") == "1"


def wheel_tags() -> list:
    dist = importlib.metadata.distribution("pachisi")
    text = dist.read_text("WHEEL")
    assert text is not None, "the installed pachisi has no WHEEL metadata"
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Tag:")]


def need_wheel_run() -> None:
    if WHEEL_TEST:
        return
    message = (
        "not the run of scripts/test-python (PACHISI_WHEEL_TEST=1): "
        "the wheel's environment is not checked"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def test_the_native_module_is_the_stable_abi_build():
    name = Path(native.__file__).name
    assert name.startswith("_pachisi."), name
    if sys.platform != "win32":
        # CPython names a module built for the stable ABI `NAME.abi3.so`, a version's own build
        # `NAME.cpython-3XX-PLATFORM.so`.
        assert name.endswith(".abi3.so"), f"{name} is not an abi3 build"


def test_the_installed_wheel_is_tagged_for_every_cpython_from_3_9():
    tags = wheel_tags()
    assert tags, "the WHEEL metadata names no tag"
    for tag in tags:
        python, abi, platform = tag.split("-")
        assert (python, abi) == ("cp39", "abi3"), f"{tag} is not a cp39-abi3 wheel"
        if WHEEL_TEST and sys.platform.startswith("linux"):
            # maturin tags a Linux wheel manylinux_X_Y from the glibc symbols it uses: pip then
            # installs it on any Linux with that glibc or later.
            assert platform.startswith("manylinux"), f"{tag} is not a manylinux wheel"


def test_the_package_runs_from_the_installed_wheel():
    need_wheel_run()
    prefix = Path(sys.prefix).resolve()
    for path in (Path(pachisi.__file__), Path(native.__file__)):
        assert prefix in path.resolve().parents, f"{path} is not installed in {sys.prefix}"
    assert "pachisi" in pachisi.rulesets()


def test_no_rust_toolchain_is_reachable():
    need_wheel_run()
    for tool in ("cargo", "rustc"):
        assert shutil.which(tool) is None, f"{tool} is on PATH: {shutil.which(tool)}"
    for variable in ("CARGO_HOME", "RUSTUP_HOME"):
        home = os.environ.get(variable)
        assert home, f"{variable} is not set: rustup's default would be found"
        assert not any(Path(home).iterdir()), f"{variable}={home} is not empty"
