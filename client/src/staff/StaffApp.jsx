// The staff page (/staff): a member signs in with e-mail, password and the authenticator's code;
// then the list of applications (search, pages cut by the server; each row opens the print view and
// the PDF), exports for exporters and the audit trail for administrators. A bundle of its own.
import { useCallback, useEffect, useState } from "react";
import * as api from "./api.js";
import { ApplicationsPage } from "./ApplicationsPage.jsx";
import { AuditPanel } from "./AuditPanel.jsx";
import { ExportPanel } from "./ExportPanel.jsx";
import { MembersPanel } from "./MembersPanel.jsx";
import { atLeast, formatTime } from "./format.js";

/** The staff session: found by the cookie, signed in by the form; signed out. */
function useStaffSession() {
  const [session, setSession] = useState(null); // null: checking; false: signed out; else the session
  const [message, setMessage] = useState("");

  const signIn = useCallback(async (credentials) => {
    try {
      setSession(await api.signIn(credentials));
      setMessage("");
    } catch (error) {
      setSession(false);
      setMessage(error.message);
    }
  }, []);

  useEffect(() => {
    api.currentSession().then(setSession, (error) => {
      setSession(false);
      if (error.status !== 401 || !/^Sign in/.test(error.message)) setMessage(error.message);
    });
  }, []);

  const signedOut = useCallback((text) => {
    setSession(false);
    setMessage(text);
  }, []);

  const signOut = async () => {
    let logoutUrl = null;
    try {
      logoutUrl = (await api.signOut()).logout_url;
    } finally {
      setSession(false);
      setMessage("You have signed out.");
    }
    // Signed in through the institution's provider: end its session too (it comes back to /staff).
    if (logoutUrl) window.location.assign(logoutUrl);
  };
  return { session, message, signIn, signedOut, signOut };
}

export function StaffApp() {
  const { session, message, signIn, signedOut, signOut } = useStaffSession();
  return (
    <div className="staff">
      <header className="staff-header">
        <div className="staff-header-inner">
          <p className="staff-title">Applications</p>
          {session && (
            <div className="staff-who">
              <span>
                {session.email || session.name} · {session.role} · until {formatTime(session.expires_at)}
              </span>
              <button type="button" className="staff-button staff-button-quiet" onClick={signOut}>
                Sign out
              </button>
            </div>
          )}
        </div>
      </header>
      <main id="main" className="staff-main">
        {session === null && <p className="staff-muted">Loading…</p>}
        {session === false && <SignIn message={message} onSignIn={signIn} />}
        {session && <ApplicationsPage onSignedOut={signedOut} />}
        {session && atLeast(session.role, "exporter") && <ExportPanel />}
        {session && atLeast(session.role, "administrator") && <AuditPanel onSignedOut={signedOut} />}
        {session && atLeast(session.role, "administrator") && <MembersPanel onSignedOut={signedOut} />}
      </main>
    </div>
  );
}

function SignIn({ message, onSignIn }) {
  const [oidc, setOidc] = useState(false);
  useEffect(() => {
    api.signInOptions().then(
      (options) => setOidc(options.oidc),
      () => setOidc(false),
    );
  }, []);
  return (
    <section className="staff-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Staff sign-in</h1>
      {message && (
        <p className="staff-alert" role="alert">
          {message}
        </p>
      )}
      {oidc && (
        <p>
          <a className="staff-button" href={api.OIDC_LOGIN}>
            Sign in with your institution’s account
          </a>
        </p>
      )}
      <p>
        {oidc ? "Or, with a staff account here: " : ""}your staff e-mail address, your password and the code
        from your authenticator app.
      </p>
      <LocalSignIn onSignIn={onSignIn} />
    </section>
  );
}

function LocalSignIn({ onSignIn }) {
  const [fields, setFields] = useState({ email: "", password: "", code: "" });
  const set = (name) => (event) => setFields({ ...fields, [name]: event.target.value });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSignIn({ email: fields.email.trim(), password: fields.password, code: fields.code.trim() });
        setFields({ ...fields, password: "", code: "" });
      }}
    >
      <label htmlFor="staff-email">E-mail address</label>
      <input
        id="staff-email"
        type="email"
        autoComplete="username"
        required
        value={fields.email}
        onChange={set("email")}
      />
      <label htmlFor="staff-password">Password</label>
      <input
        id="staff-password"
        type="password"
        autoComplete="current-password"
        required
        value={fields.password}
        onChange={set("password")}
      />
      <label htmlFor="staff-code">Authenticator code</label>
      <input
        id="staff-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        value={fields.code}
        onChange={set("code")}
      />
      <button type="submit" className="staff-button">
        Sign in
      </button>
    </form>
  );
}
