"""Hatchling build hook: compile the gettext catalogs into the wheel.

The ``.po`` files are the source; ``.mo`` files are build products and never
committed. A catalog with errors stops the build.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        self._tmp = tempfile.TemporaryDirectory()
        for po in sorted(Path(self.root).glob("locales/*/LC_MESSAGES/tutor.po")):
            language = po.parent.parent.name
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=language, domain="tutor")
            errors = [(message.id, error) for message, errs in catalog.check() for error in errs]
            if errors:
                raise RuntimeError(f"{po}: {errors}")
            mo = Path(self._tmp.name, language, "tutor.mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with mo.open("wb") as handle:
                write_mo(handle, catalog)
            build_data["force_include"][str(mo)] = f"tutor/locales/{language}/LC_MESSAGES/tutor.mo"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if hasattr(self, "_tmp"):
            self._tmp.cleanup()
