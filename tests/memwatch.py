"""Watch the machine while a run goes on: the most its available memory fell."""

from __future__ import annotations

import threading
from pathlib import Path


def mem_available() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no MemAvailable")


class MemoryWatch:
    """Samples the machine's available memory every 20 ms while in its `with` block;
    subclasses sample more in `sample`."""

    def __init__(self):
        self.baseline = self.lowest = mem_available()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> None:
        self.lowest = min(self.lowest, mem_available())

    def _run(self):
        while not self.done.is_set():
            self.sample()
            self.done.wait(0.02)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join()

    @property
    def drop(self) -> int:
        """How far available memory fell below where it was at the start."""
        return self.baseline - self.lowest
