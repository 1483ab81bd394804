import { memo } from "react";
import { t } from "../strings/formStrings.js";
import { useAnswerStore } from "./answerStore.js";
import { pageStatus } from "./pageStatus.js";
import { normalisePath } from "./routing.js";

/**
 * The top navigation: one numbered item per page, with where the page stands. A click goes
 * through `onNavigate` (which saves and validates first, or sends a visitor with answers to
 * /signup); the href keeps it a real link. Only each item's status follows the answers and their
 * problems: "Complete" is "no problems on this page", not "visited".
 */
export function Nav({ pages, pathname, onNavigate, compiled, answerStore, errors, problems }) {
  const current = normalisePath(pathname);
  return (
    <nav className="nav" aria-label={t("shell_sections")}>
      <ol>
        {pages.map((page) => (
          <li key={page.route}>
            <a
              href={page.route}
              className={`nav-link${page.route === current ? " active" : ""}`}
              aria-current={page.route === current ? "page" : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                if (page.route !== current) onNavigate(page.route);
              }}
            >
              <span className="nav-number" aria-hidden="true">
                {page.number}
              </span>
              <span className="nav-text">
                <span className="nav-label">
                  <span className="visually-hidden">{`${page.number} `}</span>
                  {page.nav_label ?? page.title}
                </span>
                <NavStatus
                  compiled={compiled}
                  route={page.route}
                  answerStore={answerStore}
                  errors={errors}
                  problems={problems}
                />
              </span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

// The same props, the same status: the navigation re-rendering (a save's state, a move) does not
// work out every page's status again.
const NavStatus = memo(function NavStatus({ compiled, route, answerStore, errors, problems }) {
  const status = useAnswerStore(answerStore, (answers) =>
    pageStatus(compiled, route, answers, errors, problems),
  );
  return (
    <span className={`nav-status nav-status-${status}`}>
      <span className="visually-hidden">, </span>
      {t(`status_${status}`)}
    </span>
  );
});
