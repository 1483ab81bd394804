// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { PDF_POLL_MS, pdfFollower } from "./PdfDownload.jsx";

afterEach(() => vi.useRealTimers());

describe("pdfFollower", () => {
  it("polls every 1000 ms while rendering, opens the URL when completed, then every 600000 ms", async () => {
    vi.useFakeTimers();
    const statuses = [
      { status: "unprocessed" },
      { status: "IN_PROGRESS" },
      { status: "completed", url: "/pdf/1" },
      { status: "completed", url: "/pdf/1" },
    ];
    const fetchStatus = vi.fn(async () => statuses.shift());
    const open = vi.fn();
    const busy = [];
    const stop = pdfFollower({ fetchStatus, open, onError: vi.fn(), onBusy: (b) => busy.push(b) });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS.waiting);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS.waiting);
    expect(open).toHaveBeenCalledWith("/pdf/1");
    expect(busy).toEqual([true, true, false]);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS.waiting);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS.settled);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    expect(open).toHaveBeenCalledTimes(1);
    stop();
  });

  it("shows the server's message, or the standard one, when it failed", async () => {
    const onError = vi.fn();
    pdfFollower({
      fetchStatus: async () => ({ status: "failed", message: "The PDF could not be made." }),
      open: vi.fn(),
      onError,
      onBusy: vi.fn(),
    });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith("The PDF could not be made."));
    const onError2 = vi.fn();
    pdfFollower({
      fetchStatus: async () => ({ status: "failed", message: "" }),
      open: vi.fn(),
      onError: onError2,
      onBusy: vi.fn(),
    });
    await vi.waitFor(() =>
      expect(onError2).toHaveBeenCalledWith(
        "We've encountered an unexpected error at this time. Please try again later.",
      ),
    );
  });
});
