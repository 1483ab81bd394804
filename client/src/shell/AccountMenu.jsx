import { t } from "../strings/formStrings.js";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { hasAnyAnswer } from "./routing.js";
import { Receipt } from "./Receipt.jsx";
import { useServices } from "./services.js";
import * as api from "../api/client.js";

/** The popover's open state: it closes on Escape (focus back on the trigger) or a click outside. */
function usePopover() {
  const [open, setOpen] = useState(false);
  const trigger = useRef(null);
  const panel = useRef(null);

  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector("button:not(.popover-close), a")?.focus();
    const onKey = (event) => {
      if (event.key === "Escape") close();
    };
    const onClick = (event) => {
      if (!panel.current?.contains(event.target) && !trigger.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onClick);
    };
  }, [open]);

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }
  return { open, setOpen, trigger, panel, close };
}

/**
 * The account popover: "Account" opens it; logged in: the username, "My application" (status,
 * reference, submission time, PDF) and Log Out; else Sign In / Create Account, carrying the answers
 * (`getAnswers()`, read on the click: the menu does not follow typing).
 */
export function AccountMenu({ snapshot, getAnswers, onLogout }) {
  const { open, setOpen, trigger, panel, close } = usePopover();
  const navigate = useNavigate();
  const panelId = useId();

  const go = (path) => {
    const answers = getAnswers();
    setOpen(false);
    navigate(path, { state: hasAnyAnswer(answers) ? { studentAnswers: answers } : undefined });
  };
  const logOut = (options) => {
    setOpen(false);
    onLogout(options);
  };

  return (
    <div className="account-menu">
      <button
        ref={trigger}
        type="button"
        className="account-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        {t("shell_account")}
      </button>
      {open && (
        <div ref={panel} id={panelId} className="popover" role="dialog" aria-label={t("shell_account")}>
          <button
            type="button"
            className="icon-button popover-close"
            aria-label={t("shell_close")}
            onClick={close}
          >
            ×
          </button>
          {snapshot.is_logged_in ? (
            <SignedIn snapshot={snapshot} panelId={panelId} onLogOut={() => logOut()} onDeleted={logOut} />
          ) : (
            <>
              <button
                type="button"
                className="button button-primary button-block"
                onClick={() => go("/login")}
              >
                {t("shell_sign_in")}
              </button>
              <button type="button" className="button button-block" onClick={() => go("/signup")}>
                {t("shell_create_account")}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** Logged in: who, the application's status (with its PDF), Log Out and, for a draft, Delete my account. */
function SignedIn({ snapshot, panelId, onLogOut, onDeleted }) {
  const services = useServices();
  return (
    <>
      <p className="popover-user">
        <span className="muted">{t("shell_signed_in_as")}</span>
        <br />
        <strong dir="auto">{snapshot.username}</strong>
      </p>
      <section className="popover-application" aria-labelledby={`${panelId}-application`}>
        <h2 id={`${panelId}-application`} className="popover-heading">
          {t("my_application")}
        </h2>
        <Receipt snapshot={snapshot} statusLine toastError={(message) => services?.toast?.error(message)} />
      </section>
      <button type="button" className="button button-primary button-block" onClick={onLogOut}>
        {t("shell_log_out")}
      </button>
      <MyData panelId={panelId} />
      {!snapshot.submitted_at && <DeleteAccount panelId={panelId} onDeleted={onDeleted} />}
    </>
  );
}

const POLL_MS = 1000;
const WORKING = new Set(["queued", "running"]);

/** The latest copy's state while `open`, polled while a worker prepares it. */
function usePersonalData(open, setError) {
  const [prepared, setPrepared] = useState(null);
  useEffect(() => {
    if (!open) return undefined;
    let stopped = false;
    let timer = null;
    const poll = async () => {
      try {
        const state = await api.personalDataState();
        if (stopped) return;
        setPrepared(state);
        if (WORKING.has(state.state)) timer = setTimeout(poll, POLL_MS);
      } catch (failure) {
        if (!stopped) setError(failure.message);
      }
    };
    if (!prepared || WORKING.has(prepared.state)) poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Polls again when a new copy is asked for (its id changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, prepared?.id]);
  return [prepared, setPrepared];
}

/**
 * "Download my data": the password again asks for a zip of everything kept about the applicant,
 * which a worker prepares; its progress shows here, then the link (the signed-in applicant's, for a limited time).
 */
function MyData({ panelId }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const [prepared, setPrepared] = usePersonalData(open, setError);
  if (!open) {
    return (
      <button type="button" className="button button-block" onClick={() => setOpen(true)}>
        {t("shell_my_data")}
      </button>
    );
  }
  const state = prepared?.state;
  return (
    <section className="popover-delete popover-data" aria-labelledby={`${panelId}-data`}>
      <h2 id={`${panelId}-data`} className="popover-heading">
        {t("shell_my_data")}
      </h2>
      <DataState prepared={prepared} />
      {!WORKING.has(state) && (
        <AskForData panelId={panelId} state={state} error={error} setError={setError} onAsked={setPrepared} />
      )}
    </section>
  );
}

/** The copy's progress, its link once ready, or why it failed. */
function DataState({ prepared }) {
  const state = prepared?.state;
  if (WORKING.has(state)) {
    return (
      <div role="status">
        <p>
          {prepared.total
            ? t("shell_my_data_preparing", { done: prepared.done, total: prepared.total })
            : t("shell_my_data_waiting")}
        </p>
        <progress max={prepared.total || 1} value={prepared.total ? prepared.done : undefined} />
      </div>
    );
  }
  if (state === "ready") {
    return (
      <>
        <p role="status">{t("shell_my_data_ready")}</p>
        <a className="button button-primary button-block" href={prepared.url} download>
          {t("shell_my_data_download")}
        </a>
      </>
    );
  }
  if (state === "failed") {
    return (
      <p className="popover-error" role="alert">
        {t("shell_my_data_failed")}
      </p>
    );
  }
  return null;
}

/** The password again, to ask for a (new) copy. */
function AskForData({ panelId, state, error, setError, onAsked }) {
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const ask = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      onAsked(await api.askPersonalData({ password }));
      setPassword("");
    } catch (failure) {
      setError(failure.message);
    }
    setBusy(false);
  };
  const again = ["ready", "failed", "expired", "taken"].includes(state);
  return (
    <form onSubmit={ask} className="popover-data-form">
      {state !== "ready" && <p>{t("shell_my_data_explain")}</p>}
      <label htmlFor={`${panelId}-data-password`}>{t("shell_my_data_password")}</label>
      <input
        id={`${panelId}-data-password`}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {error && (
        <p className="popover-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={busy || !password}>
        {again ? t("shell_my_data_again") : t("shell_my_data_submit")}
      </button>
    </form>
  );
}

/** A draft's account deleted by its applicant: the password again and a confirmation (the server checks both). */
function DeleteAccount({ panelId, onDeleted }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button type="button" className="button button-block" onClick={() => setOpen(true)}>
        {t("shell_delete_account")}
      </button>
    );
  }
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      const answer = await api.deleteAccount({ password, confirm: confirmed });
      onDeleted({ deleted: answer.message });
    } catch (failure) {
      setError(failure.message);
      setBusy(false);
    }
  };
  return (
    <form className="popover-delete" onSubmit={submit} aria-labelledby={`${panelId}-delete`}>
      <h2 id={`${panelId}-delete`} className="popover-heading">
        {t("shell_delete_account")}
      </h2>
      <p>{t("shell_delete_account_explain")}</p>
      <label htmlFor={`${panelId}-password`}>{t("shell_delete_account_password")}</label>
      <input
        id={`${panelId}-password`}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <label className="popover-check">
        <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />{" "}
        {t("shell_delete_account_confirm")}
      </label>
      {error && (
        <p className="popover-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-danger button-block" disabled={busy || !password}>
        {t("shell_delete_account_submit")}
      </button>
    </form>
  );
}
