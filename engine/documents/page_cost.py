"""What each page of an uploaded PDF costs to draw, measured by drawing it once before it is stored.

A page's cost depends on what its instructions paint, not on how many there are: twenty bytes that
fill the whole page, repeated a thousand times, take a reader tens of seconds at reading resolution,
and so do tiling patterns with tiny cells, deep transparency groups, costly shadings or clipping.
Counting instructions cannot tell these apart from an ordinary drawing of many small strokes, so
each page is drawn as a reader draws it, by PDFium (Chromium's PDF renderer, through pypdfium2) at
`DPI` (the benchmark's reading resolution), in a child process (forked: nothing to start) with a
CPU limit of its own:

- each page gets `PAGE_CPU_S` seconds of CPU (the kernel's profiling timer, ITIMER_PROF: a page
  that runs over ends the child by SIGPROF, whatever PDFium is doing at the time);
- the whole child gets `DOCUMENT_CPU_S` (RLIMIT_CPU) and the caller waits `WALL_S` at most.

An ordinary page takes PDFium 1-10 ms, a page holding a 6-megapixel photograph about 80 ms. Other
readers are slower: poppler (pdftoppm, Evince) draws large fills about ten times slower than
PDFium, so the costliest page allowed takes poppler seconds, not minutes (docs/benchmarks.md,
Hostile documents, measures both). A very large page is drawn at a lower resolution (at most
`MAX_BITMAP_PIXELS`), as a reader fitting it to the screen would. The child writes the number of
the page it starts to a pipe, so the refusal can name it. The worker imports pypdfium2 before it
forks its work-horses (engine/documents/jobs.py preload).
"""

from __future__ import annotations

import contextlib
import math
import os
import resource
import select
import signal
import time

DPI = 150
PAGE_CPU_S = 0.25
DOCUMENT_CPU_S = 5  # whole seconds (RLIMIT_CPU): a hundred ordinary pages take about 0.15
WALL_S = 30  # a child that waits (the machine is busy) this long is ended: the upload is refused
MAX_BITMAP_PIXELS = 8_500_000  # a US Letter page at 150 dpi is 2.1 million


class TooSlow(Exception):
    """`page` (1-based, or None for the document as a whole) took more than its share of CPU."""

    def __init__(self, page: int | None):
        super().__init__(page)
        self.page = page


class Unreadable(Exception):
    """PDFium could not open the document: no reader of ours can show it either."""


def check(pdf: bytes) -> None:
    """TooSlow or Unreadable, or nothing when every page draws within its budget."""
    import pypdfium2  # noqa: F401 - imported before the fork, so that the child has it (and preload)

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        status = 1
        try:
            os.close(read_end)
            with os.fdopen(write_end, "w") as out:
                _draw_each_page(pdf, out)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    try:
        said, ended = _read_until_closed(read_end, pid)
    except BaseException:  # the job's own time limit, a stop signal: the child goes too
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        raise
    lines = said.split()
    if ended and os.WIFEXITED(ended[1]) and os.WEXITSTATUS(ended[1]) == 0 and lines[-1:] == ["done"]:
        return
    if lines[-1:] == ["unreadable"]:
        raise Unreadable()
    signum = os.WTERMSIG(ended[1]) if ended and os.WIFSIGNALED(ended[1]) else None
    started = [int(line) for line in lines if line.isdigit()]
    if signum == signal.SIGPROF and started:
        raise TooSlow(started[-1])
    if ended is None or signum in (signal.SIGXCPU, signal.SIGKILL):
        raise TooSlow(None)
    raise RuntimeError(f"drawing the pages failed (wait status {ended[1]}): {said[-300:]!r}")


def _read_until_closed(fd: int, pid: int) -> tuple[str, tuple[int, int] | None]:
    """What the child wrote, and its (pid, wait status); None when it ran past WALL_S (it is killed)."""
    chunks = []
    deadline = time.monotonic() + WALL_S
    with os.fdopen(fd, "rb") as source:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([source], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return b"".join(chunks).decode("ascii", "replace"), None
            chunk = os.read(source.fileno(), 4096)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks).decode("ascii", "replace"), os.waitpid(pid, 0)


def _draw_each_page(pdf: bytes, out) -> None:
    """The child: draws every page, writing each page's number before it starts and "done" at the end."""
    resource.setrlimit(resource.RLIMIT_CPU, (DOCUMENT_CPU_S, DOCUMENT_CPU_S + 1))
    signal.signal(signal.SIGPROF, signal.SIG_DFL)  # its default action ends the process
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError:
        print("unreadable", file=out, flush=True)
        return
    for index in range(len(document)):
        print(index + 1, file=out, flush=True)
        page = document[index]
        width, height = page.get_size()  # points
        scale = min(DPI / 72, math.sqrt(MAX_BITMAP_PIXELS / max(width * height, 1.0)))
        signal.setitimer(signal.ITIMER_PROF, PAGE_CPU_S)
        page.render(scale=scale, draw_annots=False, may_draw_forms=False).close()
        signal.setitimer(signal.ITIMER_PROF, 0)
        page.close()
    document.close()
    print("done", file=out, flush=True)
