"""The system's reasons for a file it refused, in the learner's language.

An ``OSError`` carries its reason in the system's own words (``strerror``), which are English
on nearly every machine: "Permission denied" in the middle of a German sentence. Every message
that names why a file could not be read or written takes its reason from ``system_reason``,
which says the common reasons in the learner's language and leaves any other as the system
said it.

>>> from tutor.words.i18n import Speaker
>>> system_reason(PermissionError(13, "Permission denied"), Speaker("de"))
'keine Berechtigung'
>>> system_reason("Permission denied", Speaker("pap"))
'no tin permiso'
>>> system_reason(OSError(5, "Input/output error"), Speaker("en"))
'Input/output error'
>>> system_reason(OSError("something odd"), Speaker("en"))
'something odd'
"""

from __future__ import annotations

import errno
import os

from tutor.words.i18n import N_, Speaker

REASONS: dict[int, str] = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EROFS: N_("Read-only file system"),
    errno.EIO: N_("Input/output error"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EEXIST: N_("File exists"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EMFILE: N_("Too many open files"),
    errno.ETXTBSY: N_("Text file busy"),
    errno.ENXIO: N_("No such device or address"),
}
"""The reasons said in the learner's language; the English is glibc's ``strerror``."""

_BY_TEXT = {os.strerror(code): code for code in REASONS}
"""The system's words for each of those reasons, on this machine."""


def system_reason(error: BaseException | str | int | None, sp: Speaker) -> str:
    """Why the system refused, in the learner's language when it is a common reason.

    ``error`` is the ``OSError`` (its ``errno`` decides), an ``errno`` code, or the system's
    words already taken from one (``strerror``); anything else is said as it is.
    """
    if error is None:
        return sp._("the system refused")
    if isinstance(error, int):
        return sp._(REASONS[error]) if error in REASONS else os.strerror(error)
    code = getattr(error, "errno", None)
    if isinstance(error, str):
        code = _BY_TEXT.get(error)
        text = error
    else:
        text = getattr(error, "strerror", None) or str(error)
    if code in REASONS:
        return sp._(REASONS[code])
    return text or sp._("the system refused")
