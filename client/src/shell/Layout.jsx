import { useEffect, useRef } from "react";
import { AccountMenu } from "./AccountMenu.jsx";
import { datedBanners, welcomeBanner } from "./banners.js";
import { Footer } from "./Footer.jsx";
import { Nav } from "./Nav.jsx";
import { headerImage, firstSegment } from "./theme.js";
import { ValidationSummary } from "./ValidationSummary.jsx";
import { Link } from "react-router";

/** The form pages' shell: banners, header with the account menu, navigation, summary, page, footer. */
export function Layout({ app, onLogout, children }) {
  const { compiled, snapshot, answers, errors, pathname, save } = app;
  const service = snapshot.is_service_user;
  const image = headerImage(compiled.settings, pathname);
  const welcome = service ? null : welcomeBanner(compiled.banners, snapshot, answers);
  const dated = service ? [] : datedBanners(compiled.banners);
  const main = useRef(null);
  const firstPath = useRef(pathname);

  // Focus follows navigation: the anchored question, else the page.
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (firstPath.current === pathname && !hash) return;
    firstPath.current = null;
    const focusTarget = () => {
      const question = hash && document.getElementById(hash);
      if (question) {
        const input = question.matches("input, select, textarea") ? question : question.querySelector("input, select, textarea, button");
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

  return (
    <div className={`app${service ? " app-service" : ""}`}>
      <a className="skip-link" href="#main">Skip to main content</a>
      {dated.map((banner) => (
        <div key={banner.id} className={`banner banner-dated banner-${banner.tone || "info"}`} role="note">
          <p>{banner.text}</p>
        </div>
      ))}
      <header className={`header header-${firstSegment(pathname)}`} style={image ? { backgroundImage: `url("${image}")` } : undefined}>
        <div className="header-inner">
          <p className="tenant-name">{compiled.tenant?.name}</p>
          {!service && <AccountMenu snapshot={snapshot} answers={answers} onLogout={onLogout} />}
        </div>
      </header>
      {!service && <Nav pages={compiled.pages} pathname={pathname} onNavigate={(route) => app.goTo(route)} />}
      <div className="content">
        {welcome && (
          <section className={`banner banner-welcome banner-${welcome.variant}`} aria-labelledby="welcome-title">
            <h2 id="welcome-title">{welcome.title}</h2>
            <p>{welcome.text}</p>
            {welcome.link && (
              <p>
                <Link to={welcome.link.route}>{welcome.link.label}</Link>
              </p>
            )}
          </section>
        )}
        {!service && snapshot.web_status === "validating" && (
          <ValidationSummary ref={app.summaryRef} compiled={compiled} errors={errors} onGo={(route, key) => app.goTo(route, { hash: key })} />
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

function SaveStatus({ save }) {
  const text = {
    saving: "Saving your answers…",
    saved: "All answers saved.",
    failed: `Your latest answers are not saved yet. ${save.message} They are kept on this device and will be sent again.`,
  }[save.state];
  return (
    <p className={`save-status save-${save.state}`} role="status" aria-live="polite">
      {text || ""}
    </p>
  );
}
