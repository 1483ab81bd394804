import { NavLink } from "react-router";

/** The top navigation: one numbered item per page, in the compiled form's order. */
export function Nav({ pages }) {
  return (
    <nav className="nav" aria-label="Application sections">
      <ol>
        {pages.map((page) => (
          <li key={page.route}>
            <NavLink to={page.route} className="nav-link">
              <span className="nav-number">{page.number}</span>
              <span className="nav-label">{page.navLabel}</span>
            </NavLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
