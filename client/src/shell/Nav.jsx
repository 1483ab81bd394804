import { normalisePath } from "./routing.js";

/**
 * The top navigation: one numbered item per page. A click goes through `onNavigate` (which saves
 * and validates first, or sends a visitor with answers to /signup); the href keeps it a real link.
 */
export function Nav({ pages, pathname, onNavigate }) {
  const current = normalisePath(pathname);
  return (
    <nav className="nav" aria-label="Application sections">
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
              <span className="visually-hidden">{`${page.number} `}</span>
              <span className="nav-label">{page.nav_label ?? page.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
