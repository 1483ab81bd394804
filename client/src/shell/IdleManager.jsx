import { t } from "../strings/strings.js";
import { useEffect, useRef, useState } from "react";
import * as api from "../api/client.js";
import { IdleTimer, IDLE_PROMPT_MS, IDLE_TIMEOUT_MS } from "./idle.js";
import { Modal } from "./Modal.jsx";

const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "scroll", "touchstart", "wheel"];

/** The idle timer, started on mount: activity and a return to the tab count; prompts, then logs out. */
function useIdleTimer({ timeoutMs, promptMs, onLogout, setPrompting }) {
  const timer = useRef(null);
  useEffect(() => {
    const idle = new IdleTimer({
      timeoutMs,
      promptMs,
      onPrompt: () => setPrompting(true),
      onTimeout: () => {
        setPrompting(false);
        onLogout({ errorMessage: t("idle_logged_out"), errorTitle: t("shell_logged_out") });
      },
    });
    timer.current = idle;
    const onActivity = () => idle.activity();
    const onReturn = () => document.visibilityState !== "hidden" && idle.check();
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    document.addEventListener("visibilitychange", onReturn);
    window.addEventListener("focus", onReturn);
    idle.start();
    return () => {
      idle.stop();
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
      document.removeEventListener("visibilitychange", onReturn);
      window.removeEventListener("focus", onReturn);
    };
  }, [timeoutMs, promptMs, onLogout, setPrompting]);
  return timer;
}

/** The idle-session prompt and automatic logout; mounted only while logged in. */
export function IdleManager({ settings, onLogout }) {
  const [prompting, setPrompting] = useState(false);
  const timeoutMs = settings?.timeout_ms || IDLE_TIMEOUT_MS;
  const promptMs = settings?.prompt_ms || IDLE_PROMPT_MS;

  const timer = useIdleTimer({ timeoutMs, promptMs, onLogout, setPrompting });

  const stay = () => {
    setPrompting(false);
    timer.current?.stayActive();
    api.fetchTabs().catch(() => {}); // any authenticated call renews the server's idle timer too
  };

  return (
    <Modal
      open={prompting}
      title={t("idle_title")}
      size="small"
      role="alertdialog"
      actions={
        <>
          <button type="button" className="button button-primary" onClick={stay}>
            {t("idle_stay")}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setPrompting(false);
              onLogout();
            }}
          >
            {t("idle_leave")}
          </button>
        </>
      }
    >
      <p>{t("idle_text")}</p>
    </Modal>
  );
}
