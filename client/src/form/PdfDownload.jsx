import { useEffect, useRef, useState } from "react";
import { api } from "./appBridge.js";
import { t } from "../strings/formStrings.js";

// Poll every second while the PDF is unprocessed or in progress, then every ten minutes (a settled
// PDF changes only when the answers do).
export const PDF_POLL_MS = { waiting: 1000, settled: 600000 };
const WAITING = new Set(["unprocessed", "in_progress"]);

/**
 * Ask for the application PDF and follow it: progress while it renders, open the signed URL when
 * completed, the server's message (or the standard one) in an error toast when it failed.
 */
export function pdfFollower({
  fetchStatus = api.applicationPdf,
  open,
  onError,
  onBusy,
  timers = globalThis,
}) {
  let timer = null;
  let stopped = false;
  let opened = false;
  const tick = async () => {
    let status;
    try {
      status = await fetchStatus();
    } catch (error) {
      onBusy(false);
      onError(error?.message || t("shell_unexpected"));
      return;
    }
    if (stopped) return;
    const value = String(status.status || "").toLowerCase();
    const waiting = WAITING.has(value);
    onBusy(waiting);
    if (value === "completed" && status.url && !opened) {
      opened = true;
      open(status.url);
    } else if (value === "failed") {
      onError(status.message || t("shell_unexpected"));
      return;
    }
    timer = timers.setTimeout(tick, waiting ? PDF_POLL_MS.waiting : PDF_POLL_MS.settled);
  };
  tick();
  return () => {
    stopped = true;
    if (timer) timers.clearTimeout(timer);
  };
}

export function PdfDownload({ toastError, label = t("pdf_download") }) {
  const [busy, setBusy] = useState(false);
  const stop = useRef(null);
  useEffect(() => () => stop.current?.(), []);
  const start = () => {
    stop.current?.();
    setBusy(true);
    stop.current = pdfFollower({
      open: (url) => globalThis.open?.(url, "_blank", "noopener"),
      onError: (message) => {
        setBusy(false);
        toastError(message);
      },
      onBusy: setBusy,
    });
  };
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={start}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner spinner-small" aria-hidden="true" />}
      {busy ? t("pdf_preparing") : label}
    </button>
  );
}
