import { t } from "../strings/formStrings.js";
import { useEffect, useRef } from "react";
import { AccountMenu } from "./AccountMenu.jsx";
import { useAnswerStore } from "./answerStore.js";
import { BannerBody, DatedBanners } from "./Banners.jsx";
import { datedBanners, welcomeBanner, welcomeName, windowState } from "./banners.js";
import { Footer } from "./Footer.jsx";
import { LanguageSwitch } from "./LanguageSwitch.jsx";
import { Nav } from "./Nav.jsx";
import { headerImage, firstSegment } from "./theme.js";
import { ValidationSummary } from "./ValidationSummary.jsx";

/** Focus follows navigation: the anchored question, else the page (`main`, the ref returned). */
function useNavigationFocus(pathname) {
  const main = useRef(null);
  const firstPath = useRef(pathname);

  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (firstPath.current === pathname && !hash) return;
    // The validation summary took focus after a submit with errors (its effect ran first): keep it there.
    if (document.activeElement?.closest?.(".summary")) return;
    firstPath.current = null;
    const focusTarget = () => {
      const question = hash && document.getElementById(hash);
      if (question) {
        const input = question.matches("input, select, textarea")
          ? question
          : question.querySelector("input, select, textarea, button");
        question.scrollIntoView({ block: "center" });
        (input || question).focus({ preventScroll: true });
        return true;
      }
      return false;
    };
    if (!focusTarget()) {
      main.current?.focus({ preventScroll: true });
      window.scrollTo(0, 0);
      if (hash) setTimeout(focusTarget, 300); // the page may still be loading
    }
  }, [pathname]);
  return main;
}

/**
 * The form pages' shell: banners, header with the account menu, navigation, summary, page, footer.
 * It does not re-render as answers change: only the welcome banner follows the answers (its name),
 * and the summary follows the errors map (replaced only when the errors differ).
 */
export function Layout({ app, onLogout, children }) {
  const { compiled, snapshot, answerStore, errors, pathname, save } = app;
  const service = snapshot.is_service_user;
  const image = headerImage(compiled.settings, pathname);
  const dated = service ? [] : datedBanners(compiled.banners);
  const applying = service ? "open" : windowState(compiled.window, snapshot.window);
  const main = useNavigationFocus(pathname);

  return (
    <div className={`app${service ? " app-service" : ""}`}>
      <a className="skip-link" href="#main">
        {t("shell_skip")}
      </a>
      <DatedBanners banners={dated} />
      <header
        className={`header header-${firstSegment(pathname)}`}
        style={image ? { backgroundImage: `url("${image}")` } : undefined}
      >
        <div className="header-inner">
          <p className="tenant-name">{compiled.tenant?.name}</p>
          <LanguageSwitch compiled={compiled} />
          {!service && <AccountMenu snapshot={snapshot} getAnswers={answerStore.get} onLogout={onLogout} />}
        </div>
      </header>
      {!service && (
        <Nav
          pages={compiled.pages}
          pathname={pathname}
          onNavigate={(route) => app.goTo(route)}
          compiled={compiled}
          answerStore={answerStore}
          errors={snapshot.web_status === "validating" ? errors : undefined}
          problems={app.problems}
        />
      )}
      <div className="content">
        {applying !== "open" && (
          <p className="banner banner-window banner-warning" role="status">
            {t(applying === "closed" ? "window_closed" : "window_not_open")}
          </p>
        )}
        {!service && <WelcomeBanner {...{ snapshot, answerStore, applying }} banners={compiled.banners} />}
        {!service && snapshot.web_status === "validating" && (
          <ValidationSummary
            focusRequest={app.summaryFocus}
            compiled={compiled}
            errors={errors}
            onGo={(route, key) => app.goTo(route, { hash: key })}
          />
        )}
        {!service && snapshot.is_logged_in && <SaveStatus save={save} />}
        <main id="main" ref={main} className="main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {!service && <Footer compiled={compiled} />}
    </div>
  );
}

/** The welcome banner: the one part of the layout that follows the answers (the name it shows). */
function WelcomeBanner({ banners, snapshot, answerStore, applying }) {
  const name = useAnswerStore(answerStore, (answers) => welcomeName(banners, answers));
  const welcome = welcomeBanner(banners, snapshot, name, applying);
  if (!welcome) return null;
  return (
    <section
      className={`banner banner-welcome banner-${welcome.variant}`}
      aria-labelledby={welcome.title ? "welcome-title" : undefined}
    >
      <BannerBody banner={welcome} titleId="welcome-title" />
    </section>
  );
}

function SaveStatus({ save }) {
  const text = {
    saving: "shell_saving",
    saved: "shell_saved",
    failed: "shell_save_failed",
  }[save.state];
  return (
    <p className={`save-status save-${save.state}`} role="status" aria-live="polite">
      {text ? t(text, { reason: save.message }) : ""}
    </p>
  );
}
