import { t } from "../strings/formStrings.js";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { AccountMenu } from "./AccountMenu.jsx";
import { LanguageSwitch } from "./LanguageSwitch.jsx";
import { Receipt } from "./Receipt.jsx";
import { useServices } from "./services.js";
import { welcomeBanner, welcomeName } from "./banners.js";

/** The completion page, without the application shell (its header keeps the language switch). */
export function Completion({ app, onLogout }) {
  const { state } = useLocation();
  const { toast } = useServices();
  const { compiled, snapshot, answerStore } = app;
  const banner = welcomeBanner(compiled.banners, snapshot, welcomeName(compiled.banners, answerStore.get()));
  const message = state?.successMessage || t("submitted_message");
  useEffect(() => {
    document.title = `${t("submitted_title")} – ${compiled.tenant?.name || ""}`;
  }, [compiled]);
  return (
    <div className="app app-completion">
      <header className="header">
        <div className="header-inner">
          <p className="tenant-name">{compiled.tenant?.name}</p>
          <LanguageSwitch compiled={compiled} />
          <AccountMenu snapshot={snapshot} getAnswers={answerStore.get} onLogout={onLogout} />
        </div>
      </header>
      <main id="main" className="main completion" tabIndex={-1}>
        <div className="card">
          <h1>{banner?.title || t("submitted_title")}</h1>
          <p className="completion-message" role="status">
            {message}
          </p>
          {banner?.text && <p>{banner.text}</p>}
          {snapshot.reference && <p>{t("receipt_keep")}</p>}
          <Receipt snapshot={snapshot} toastError={(message) => toast.error(message)} />
        </div>
      </main>
    </div>
  );
}
