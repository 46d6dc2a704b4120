"""Waiting for descriptors with poll(2). select(2) takes no descriptor numbered 1024 or
above, which a long-lived grader process reaches (a bulk run's or a staff script's,
or a test session's): select raised ValueError there and failed the submission."""

from __future__ import annotations

import math
import select
TYPE_CHECKING = False
if TYPE_CHECKING:  # (process.py loads this before a student's worker starts)
    from typing import Any, Dict, List, Optional, Sequence, Tuple

_READ = select.POLLIN | select.POLLPRI
_WRITE = select.POLLOUT
_ENDED = select.POLLHUP | select.POLLERR | select.POLLNVAL


def _fd(item: Any) -> int:
    return item if isinstance(item, int) else item.fileno()


def ready(read: Sequence[Any] = (), write: Sequence[Any] = (),
          timeout: Optional[float] = None) -> Tuple[List[Any], List[Any]]:
    """(readable, writable) of READ and WRITE (descriptors or objects with fileno())
    within TIMEOUT seconds (None: until one is), as select.select tells them: a
    descriptor whose other end is gone, or that is closed, counts as ready (a read or
    write then says what happened)."""
    masks: Dict[int, int] = {}
    for item in read:
        masks[_fd(item)] = masks.get(_fd(item), 0) | _READ
    for item in write:
        masks[_fd(item)] = masks.get(_fd(item), 0) | _WRITE
    poller = select.poll()
    for fd, mask in masks.items():
        poller.register(fd, mask)
    wait = None if timeout is None else max(0, math.ceil(timeout * 1000))
    events = dict(poller.poll(wait))
    readable = [item for item in read if events.get(_fd(item), 0) & (_READ | _ENDED)]
    writable = [item for item in write if events.get(_fd(item), 0) & (_WRITE | _ENDED)]
    return readable, writable


def readable(read: Sequence[Any], timeout: Optional[float] = None) -> List[Any]:
    """Those of READ ready to be read within TIMEOUT seconds (see `ready`)."""
    return ready(read, (), timeout)[0]
