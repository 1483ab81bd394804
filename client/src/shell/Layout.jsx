import { Nav } from "./Nav.jsx";

export function Layout({ summary, children }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">Skip to main content</a>
      <header className="header">
        <p className="tenant-name">{summary.tenantName}</p>
      </header>
      <Nav pages={summary.pages} />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
