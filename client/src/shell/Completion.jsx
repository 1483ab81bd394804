import { useEffect } from "react";
import { useLocation } from "react-router";
import { AccountMenu } from "./AccountMenu.jsx";
import { Receipt } from "./Receipt.jsx";
import { useServices } from "./services.js";
import { welcomeBanner, welcomeName } from "./banners.js";
import { SUBMITTED_MESSAGE } from "./constants.js";
import { APPLICANT_STRINGS } from "../widgets/applicantStrings.js";

/** The completion page, without the application shell. */
export function Completion({ app, onLogout }) {
  const { state } = useLocation();
  const { toast } = useServices();
  const { compiled, snapshot, answerStore } = app;
  const banner = welcomeBanner(compiled.banners, snapshot, welcomeName(compiled.banners, answerStore.get()));
  const message = state?.successMessage || SUBMITTED_MESSAGE;
  useEffect(() => {
    document.title = `Application submitted – ${compiled.tenant?.name || ""}`;
  }, [compiled]);
  return (
    <div className="app app-completion">
      <header className="header">
        <div className="header-inner">
          <p className="tenant-name">{compiled.tenant?.name}</p>
          <AccountMenu snapshot={snapshot} getAnswers={answerStore.get} onLogout={onLogout} />
        </div>
      </header>
      <main id="main" className="main completion" tabIndex={-1}>
        <div className="card">
          <h1>{banner?.title || "Application submitted"}</h1>
          <p className="completion-message" role="status">
            {message}
          </p>
          {banner?.text && <p>{banner.text}</p>}
          {snapshot.reference && <p>{APPLICANT_STRINGS.receiptKeep}</p>}
          <Receipt snapshot={snapshot} toastError={(message) => toast.error(message)} />
        </div>
      </main>
    </div>
  );
}
