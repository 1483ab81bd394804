// What the application shell needs from the compiled form: the tenant's name and its pages.
// The compiled form is the single source of truth; nothing here knows a tenant's keys or routes.

function tenantName(compiled) {
  return compiled?.settings?.name ?? compiled?.tenant?.name ?? compiled?.name ?? "";
}

function navLabel(page) {
  return page.nav_label ?? page.navLabel ?? page.title ?? page.route;
}

/** {tenantName, defaultRoute, pages: [{number, route, title, navLabel}]} from a compiled form. */
export function formSummary(compiled) {
  if (!compiled || !Array.isArray(compiled.pages) || compiled.pages.length === 0) {
    throw new Error("The compiled form has no pages.");
  }
  const pages = compiled.pages.map((page, index) => ({
    number: index + 1,
    route: page.route,
    title: page.title ?? navLabel(page),
    navLabel: navLabel(page),
  }));
  const declared = compiled.settings?.default_route ?? compiled.settings?.defaultRoute ?? compiled.default_route;
  const defaultRoute = pages.some((page) => page.route === declared) ? declared : pages[0].route;
  return { tenantName: tenantName(compiled), defaultRoute, pages };
}

/** The page shown at `pathname`, or null when the location is not a form page. */
export function pageAt(summary, pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return summary.pages.find((page) => page.route === path) ?? null;
}
