// The staff page (/staff): sign in with a staff token, then a read-only list of applications with
// search and pages cut by the server; each row opens the print view and the PDF. A bundle of its own.
import { useCallback, useEffect, useState } from "react";
import * as api from "./api.js";
import { ApplicationsPage } from "./ApplicationsPage.jsx";
import { formatTime, tokenFromHash } from "./format.js";

/** The staff session: signed in by a link's #token=, the sign-in form or the cookie; signed out. */
function useStaffSession() {
  const [session, setSession] = useState(null); // null: checking; false: signed out; else {name, expires_at}
  const [message, setMessage] = useState("");

  const signIn = useCallback(async (token) => {
    try {
      setSession(await api.signIn(token));
      setMessage("");
    } catch (error) {
      setSession(false);
      setMessage(error.message);
    }
  }, []);

  // A link opened in this tab (a new page, or only its #token= fragment changed) signs in with it.
  const linkToken = useCallback(() => {
    const token = tokenFromHash(window.location.hash);
    // Out of the address bar and history at once: the cookie carries it from here on.
    if (token) window.history.replaceState(null, "", window.location.pathname + window.location.search);
    return token;
  }, []);

  useEffect(() => {
    const token = linkToken();
    if (token) signIn(token);
    else
      api.currentSession().then(setSession, (error) => {
        setSession(false);
        if (error.status !== 401 || !/required/.test(error.message)) setMessage(error.message);
      });
    const changed = () => {
      const next = linkToken();
      if (next) signIn(next);
    };
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, [signIn, linkToken]);

  const signedOut = useCallback((text) => {
    setSession(false);
    setMessage(text);
  }, []);

  const signOut = async () => {
    try {
      await api.signOut();
    } finally {
      setSession(false);
      setMessage("You have signed out.");
    }
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
                {session.name ? `${session.name} · ` : ""}staff access until {formatTime(session.expires_at)}
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
      </main>
    </div>
  );
}

function SignIn({ message, onSignIn }) {
  const [token, setToken] = useState("");
  return (
    <section className="staff-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Staff sign-in</h1>
      <p>Open the staff link you were sent, or paste its token here.</p>
      {message && (
        <p className="staff-alert" role="alert">
          {message}
        </p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) onSignIn(tokenFromHash(`#token=${token.trim().split("#token=").pop()}`));
        }}
      >
        <label htmlFor="staff-token">Staff token</label>
        <input
          id="staff-token"
          type="password"
          autoComplete="off"
          spellCheck="false"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button type="submit" className="staff-button">
          Sign in
        </button>
      </form>
    </section>
  );
}
