// What the application shell needs from the compiled form (GET /public/form): the tenant's
// name, its default route and its numbered pages. Nothing here knows a tenant's keys or routes.

/** {tenantName, defaultRoute, pages: [{number, route, title, navLabel}]} from a compiled form. */
export function formSummary(compiled) {
  if (!compiled || !Array.isArray(compiled.pages) || compiled.pages.length === 0) {
    throw new Error("The compiled form has no pages.");
  }
  const pages = compiled.pages.map((page, index) => ({
    number: page.number ?? index + 1,
    route: page.route,
    title: page.title ?? page.nav_label,
    navLabel: page.nav_label ?? page.title,
  }));
  const declared = compiled.tenant?.default_route;
  const defaultRoute = pages.some((page) => page.route === declared) ? declared : pages[0].route;
  return { tenantName: compiled.tenant?.name ?? "", defaultRoute, pages };
}

/** The page shown at `pathname`, or null when the location is not a form page. */
export function pageAt(summary, pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return summary.pages.find((page) => page.route === path) ?? null;
}
